# shellcheck shell=dash disable=SC1091
# attack.counter-redefine: hibernate; once resumed, root replaces both of hibseal's NV counters
# by indices of its own at the same handles (owner authorization is empty): the anti-replay
# counter by one holding the value the image it resumed from carries, the blob epoch by one
# holding 0, which every blob's policy allows. (Sourced by /init: return, never exit.)
. /scenarios/hibernate.sh
if ! hibernate_cycle /dev/vdb; then
	return 1
fi
# The resumed kernel logged the counter after its resume: the image carries the value before.
now=$(dmesg | sed -n 's/.*hibseal: anti-replay counter at \([0-9]*\)$/\1/p' | tail -n 1)
say "attack-values counter-now=${now:-none} image-counter=$((${now:-1} - 1))"
hibseal-attack redefine 0x013f5348 $((${now:-1} - 1)) 2>&1 | sed 's/^/HIBSEAL: /'
hibseal-attack redefine 0x013f5349 0 2>&1 | sed 's/^/HIBSEAL: /'
say "attack-done"
return 0
