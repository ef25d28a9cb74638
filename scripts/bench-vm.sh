#!/bin/bash
# bench-vm.sh OUT [--smoke]: the VM part of `make bench`. For each memory mix and size, boots
# the test VM, fills memory with hsfill (seeded: the same bytes in every run), hibernates, and
# boots again to resume, BENCH_VM_RUNS times (default 3). Each repetition runs, back to back on
# the same memory contents, for each compressor (hibernate.compressor=lzo, then lz4): plain
# (Secure Boot off: no lockdown, no sealing), ctr-hmac (Secure Boot lockdown, the test kernel:
# AES-256-CTR + HMAC-SHA256 chunks) and gcm (the same with the production kernel, which writes
# AES-256-GCM chunks; configs/variants/production.config). Each pair of boots gives one line of
# OUT, from the kernel's own lines on the console:
#
#   vm MIX plain|ctr-hmac|gcm lzo|lz4 MIB REP WRITE_S READ_S SNAPSHOT_BYTES save_comp=S
#      save_seal=S save_io=S save_tpm=S load_comp=S load_seal=S load_io=S load_tpm=S
#      hibernate_total=S resume_total=S
#
# WRITE_S and READ_S are the kernel's "Wrote ... in" and "Read ... in" seconds (the image data
# only); SNAPSHOT_BYTES its "kbytes" (the uncompressed snapshot, not the size on swap); the
# phases come from its "Image timing" lines (pm_debug_messages, patch 0021); the totals from
# the console timestamps (hibernation entry to the last line before power-off; the boot
# kernel's search for an image to the jump into it: the unseal, the chunks, the checks). A run
# whose memory does not come back intact, that was not sealed (or plain) as asked, or whose
# lines are missing, whose image is not of the construction and compressor asked (the kernel's
# "Using N thread(s) for COMP" line, `hibseal inspect` of the image on the host), fails the
# script.
# --smoke: 32 MiB of typical memory, once each: plain with lzo, ctr-hmac with lz4, gcm with
# lzo (every mode and compressor once, not every pair).
set -eu
out=$1
smoke=${2:-}
top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=tests/vm/lib.sh
. "$top/tests/vm/lib.sh"

VM_MEM=${BENCH_VM_MEM:-2048}
runs=${BENCH_VM_RUNS:-3}
# Sizes (MiB of seeded memory) for the typical mix; the other mixes at the largest.
sizes=${BENCH_VM_SIZES:-256}
comps=${BENCH_VM_COMPRESSORS:-lzo lz4}
modes="plain ctr-hmac gcm"
production=$B/kernel-production/bzImage
mixes_other=${BENCH_VM_OTHER_MIXES:-incompressible mostly-zero}
seed=0x6869627365616c
pairs=
if [ "$smoke" = --smoke ]; then
	runs=1
	sizes=32
	mixes_other=
	pairs="plain:lzo ctr-hmac:lz4 gcm:lzo"
fi

die() { printf 'bench-vm: error: %s\n' "$*" >&2; exit 1; }

# field LOG REGEX: the first capture group of the first line matching REGEX (sed -E syntax).
field() {
	sed -nE "s/.*$2.*/\\1/p" "$1" | head -1
}

# timing LOG save|load: "D_comp=S D_seal=S D_io=S" (tab-separated) from the kernel's Image
# timing line (its compressor's time is named after it: "lzo 3900 ms"); fails the run if the
# line is missing or not in the expected form.
timing() {
	local t
	t=$(grep -E "Image timing: $2 " "$1" | head -1 |
		sed -nE 's/.*ms, [a-z0-9-]+ ([0-9]+) ms, seal ([0-9]+) ms, I\/O ([0-9]+) ms,.*/\1 \2 \3/p')
	[ -n "$t" ] || die "no $2 timing line in $1"
	awk -v d="$2" '{ printf "%s_comp=%.3f\t%s_seal=%.3f\t%s_io=%.3f", d, $1 / 1000, d, $2 / 1000,
		d, $3 / 1000 }' <<<"$t"
}

# stamp LOG REGEX: the kernel timestamp (seconds) of the first line matching REGEX.
stamp() {
	grep -E "$2" "$1" | head -1 | sed -nE 's/^\[ *([0-9]+\.[0-9]+)\].*/\1/p'
}

# span FROM TO: TO - FROM seconds; fails the run when either is missing.
span() {
	if [ -z "$1" ] || [ -z "$2" ]; then
		die "$label: a timestamp is missing"
	fi
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'
}

# one_run MODE COMP MIB MIX REP: one hibernation and its resume; appends a line to $out.
one_run() {
	local mode=$1 comp=$2 mib=$3 mix=$4 rep=$5 sb=on kind=sealed label hib res wrote read save
	local closed at_save at_load hib_total res_total want='' kernel=$VM_DEFAULT_KERNEL
	case $mode in
	plain) sb=off; kind=plain ;;
	ctr-hmac) want='AES-256-CTR + HMAC-SHA256' ;;
	gcm) want='AES-256-GCM'; kernel=$production ;;
	esac
	label=$mode-$comp-$mix-$mib-$rep
	vm_secureboot "$sb"
	rm -f "$W/swap.img"
	truncate -s $((mib * 2 + 512))M "$W/swap.img"
	VM_KERNEL=$kernel VM_GUEST=bench vm_uki \
		"loglevel=8 pm_debug_messages hibernate.compressor=$comp hibseal_vm.bench=$mib,$mix,$seed"
	vm_boot "$label.hibernate"
	hib=$VM_LOG
	grep -q '^HIBSEAL: bench-filled HSFILL: ready' "$hib" || die "$label: memory not filled (see $hib)"
	grep -Eq "Image timing: save $kind," "$hib" || die "$label: the image was not $kind (see $hib)"
	grep -Eq "PM: Using [0-9]+ thread\(s\) for $comp compression" "$hib" ||
		die "$label: the image was not compressed with $comp (see $hib)"
	if [ -n "$want" ]; then
		"$HIBSEAL" inspect "$W/swap.img" >"$W/$label.inspect" 2>&1 ||
			die "$label: hibseal inspect: $(cat "$W/$label.inspect")"
		grep -q "^construction: $want," "$W/$label.inspect" ||
			die "$label: not a $want image: $(grep construction "$W/$label.inspect")"
	fi
	vm_boot "$label.resume"
	res=$VM_LOG
	grep -q '^HIBSEAL: bench-resumed HSFILL: check .* intact=yes' "$res" ||
		die "$label: memory not restored intact (see $res)"
	wrote=$(field "$hib" 'Wrote ([0-9]+) kbytes in')
	save=$(field "$hib" 'Wrote [0-9]+ kbytes in ([0-9.]+) seconds')
	read=$(field "$res" 'Read [0-9]+ kbytes in ([0-9.]+) seconds')
	if [ -z "$wrote" ] || [ -z "$save" ] || [ -z "$read" ]; then
		die "$label: no timing lines"
	fi
	# TPM time of the hibernation itself: what the boot had used by the end of its window is
	# subtracted. On resume, all of the boot kernel's, up to the load: the window (the secret
	# sealed, the counter, this test kernel's self-test), the unseal of the image's key.
	closed=$(field "$hib" 'TPM busy ([0-9]+) ms this boot so far')
	at_save=$(field "$hib" 'Image timing: save .* TPM ([0-9]+) ms this boot')
	at_load=$(field "$res" 'Image timing: load .* TPM ([0-9]+) ms this boot')
	if [ -z "$closed" ] || [ -z "$at_save" ] || [ -z "$at_load" ]; then
		die "$label: no TPM figures"
	fi
	# The whole of it, from the kernel's timestamps: hibernation entry to the last line before
	# power-off; the boot kernel's start of resume (software_resume()) to the jump into it.
	hib_total=$(span "$(stamp "$hib" 'PM: hibernation: hibernation entry')" \
		"$(grep -E '^\[ *[0-9]+\.[0-9]+\]' "$hib" | tail -1 | sed -nE 's/^\[ *([0-9.]+)\].*/\1/p')")
	res_total=$(span "$(stamp "$res" 'PM: hibernation: resume from hibernation')" \
		"$(stamp "$res" 'printk: Suspending console')")
	printf 'vm\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\tsave_tpm=%.3f\t%s\tload_tpm=%.3f\thibernate_total=%s\tresume_total=%s\n' \
		"$mix" "$mode" "$comp" "$mib" "$rep" "$save" "$read" $((wrote * 1024)) \
		"$(timing "$hib" save)" "$(awk -v a="$at_save" -v c="$closed" 'BEGIN { print (a - c) / 1000 }')" \
		"$(timing "$res" load)" "$(awk -v a="$at_load" 'BEGIN { print a / 1000 }')" \
		"$hib_total" "$res_total" >>"$out"
	diag "$label: hibernate ${save}s, resume ${read}s, $((wrote / 1024)) MiB"
}

vm_init bench
[ -f "$production" ] || die "no production kernel ($production): run 'make kernel-production'"
"$top/scripts/check-config.sh" "$B/kernel-production/linux/.config" \
	"$top/configs/variants/production.config" || die "the production kernel is not configs/variants/production.config"
hibseal_tool || die "cannot build the host's hibseal"
: >"$out"
printf 'info\taccel\t%s\ninfo\tqemu\t%s\ninfo\tvm-mem\t%s\ninfo\tvm-smp\t%s\n' "$(vm_accel)" \
	"$(qemu-system-x86_64 --version | head -1 | sed 's/QEMU emulator version //')" \
	"$VM_MEM" "$VM_SMP" >>"$out"
for rep in $(seq "$runs"); do
	for pair in $pairs; do
		one_run "${pair%:*}" "${pair#*:}" "$sizes" typical "$rep"
	done
	[ -z "$pairs" ] || continue
	for mib in $sizes; do
		for comp in $comps; do
			for mode in $modes; do
				one_run "$mode" "$comp" "$mib" typical "$rep"
			done
		done
	done
	for mix in $mixes_other; do
		mib=$(awk '{ print $NF }' <<<"$sizes")
		for comp in $comps; do
			for mode in $modes; do
				one_run "$mode" "$comp" "$mib" "$mix" "$rep"
			done
		done
	done
done
vm_cleanup
echo "bench-vm: $out"
