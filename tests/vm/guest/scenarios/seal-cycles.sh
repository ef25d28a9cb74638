# shellcheck shell=dash disable=SC1091
# seal.cycles: three hibernations in one running system. Each cycle keeps a new marker in
# memory and hibernates; the machine powers off, the next boot resumes the image and the loop
# goes on where it stopped. (Sourced by /init: return, never exit.)
. /scenarios/common.sh
report_platform
if [ "$(swap_signature /dev/vdb)" != none ]; then
	say "fresh-boot swap-signature=$(swap_signature /dev/vdb)"
	return 1
fi
if ! mkswap /dev/vdb >/dev/null || ! swapon /dev/vdb; then
	say "error: cannot enable swap on /dev/vdb"
	return 1
fi
boot_id=$(cat /proc/sys/kernel/random/boot_id)
cycle=1
while [ $cycle -le 3 ]; do
	marker=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
	echo "$marker" >/tmp/marker
	say "cycle=$cycle hibernating marker=$marker boot_id=$boot_id"
	if ! echo disk 2>/tmp/err >/sys/power/state; then
		say "cycle=$cycle hibernate-refused error=$(tr '\n' ' ' </tmp/err)"
		return 2
	fi
	say "cycle=$cycle resumed marker=$marker file-marker=$(cat /tmp/marker) boot_id=$(cat /proc/sys/kernel/random/boot_id)"
	cycle=$((cycle + 1))
done
say "cycles-done"
return 0
