# shellcheck shell=dash disable=SC1091
# make bench (scripts/bench-vm.sh): hold seeded memory (hsfill MIB MIX SEED, from
# hibseal_vm.bench=MIB,MIX,SEED), then hibernate; after the resume, check that memory.
. /scenarios/common.sh

spec=$(sed -n 's/.*hibseal_vm\.bench=\([^ ]*\).*/\1/p' /proc/cmdline)
mib=${spec%%,*}
rest=${spec#*,}
mix=${rest%%,*}
seed=${rest#*,}
report_platform
if [ "$(swap_signature /dev/vdb)" != none ]; then
	say "bench-fresh-boot swap-signature=$(swap_signature /dev/vdb)"
	return 1
fi
if ! mkswap /dev/vdb >/dev/null || ! swapon /dev/vdb; then
	say "bench-error: no swap"
	return 1
fi
# Keep every page: nothing is freed or swapped out to make the image smaller.
echo $((8 << 30)) >/sys/power/image_size
hsfill "$mib" "$mix" "$seed" >/tmp/hsfill.out 2>&1 &
pid=$!
i=0
while ! grep -q '^HSFILL: ready' /tmp/hsfill.out && [ $i -lt 6000 ] && kill -0 $pid 2>/dev/null; do
	sleep 0.1
	i=$((i + 1))
done
if ! grep -q '^HSFILL: ready' /tmp/hsfill.out; then
	say "bench-error: hsfill: $(tr '\n' ' ' </tmp/hsfill.out)"
	return 1
fi
say "bench-filled $(cat /tmp/hsfill.out)"
if ! echo disk 2>/tmp/err >/sys/power/state; then
	say "bench-error: hibernate: $(tr '\n' ' ' </tmp/err)"
	return 1
fi
kill -USR1 $pid
i=0
while ! grep -q '^HSFILL: check' /tmp/hsfill.out && [ $i -lt 600 ]; do
	sleep 0.1
	i=$((i + 1))
done
say "bench-resumed $(grep '^HSFILL: check' /tmp/hsfill.out)"
kill $pid
return 0
