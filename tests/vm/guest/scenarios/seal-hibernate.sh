# shellcheck shell=dash disable=SC1091
# Shared by the sealed hibernation scenarios: hibernate on the first boot; after a resume, show
# that swap can be turned off and on again; after a refusal, hibernate_cycle reports the fresh
# boot and whether swap works. (Sourced by /init: return, never exit.)
. /scenarios/hibernate.sh
if hibernate_cycle /dev/vdb; then
	if swapoff /dev/vdb && swapon /dev/vdb; then say "swap-reuse=ok"; else say "swap-reuse=failed"; fi
else
	return 1
fi
