# shellcheck shell=dash disable=SC1091
# Secure Boot lockdown: hibernate through the in-kernel swap writer with a sealed image; after
# the resume, show that swap can be turned off and on again.
. /scenarios/hibernate.sh
hibernate_cycle /dev/vdb || exit 1
if swapoff /dev/vdb && swapon /dev/vdb; then say "swap-reuse=ok"; else say "swap-reuse=failed"; fi
