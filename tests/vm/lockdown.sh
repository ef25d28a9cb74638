# shellcheck shell=bash disable=SC2154 # vm_failures, VM_NAME, ... come from lib.sh
# Host side of the lockdown conformance matrix, sourced by tests/vm/scenarios/lockdown.*.sh after
# lib.sh. One boot per mode runs the guest's lockdown-matrix program
# (tests/vm/guest/lockdown-matrix.c) on the initrd scripts/mklockdown.sh builds; each row
# becomes one TAP result lockdown.<row>.<mode>, and one line of $B/lockdown/results/<mode>.tsv,
# from which scripts/lockdown-doc.sh writes docs/lockdown-conformance.md.

LOCKDOWN_INITRD=$B/lockdown/initramfs.cpio.gz

# lockdown_rsdp: set LOCKDOWN_RSDP to the physical address of the firmware's ACPI RSDP in this
# VM (the value the acpi_rsdp= row passes back), found by one probe boot and kept per firmware.
lockdown_rsdp() {
	local cache key
	key=$(cat "$OVMF_CODE" "$W/vars.fd" | sha256sum | cut -c1-16)
	cache=$B/vm/rsdp.$key.$VM_MEM
	if [ ! -s "$cache" ]; then
		VM_INITRD=$LOCKDOWN_INITRD VM_GUEST=lockdown-rsdp vm_uki
		vm_boot rsdp-probe
		# Per process: scenarios run side by side (tests/run.sh) may probe at the same time.
		guest_value rsdp >"$cache.$$"
		[ -s "$cache.$$" ] || { fail "the probe boot reported no RSDP"; vm_done; }
		mv "$cache.$$" "$cache"
	fi
	LOCKDOWN_RSDP=$(cat "$cache")
}

# lockdown_record: this scenario's verdict so far (pass or fail), for the conformance document.
lockdown_record() {
	mkdir -p "$B/lockdown/results"
	if [ "$vm_failures" = 0 ]; then
		echo pass >"$B/lockdown/results/$VM_NAME.result"
	else
		echo fail >"$B/lockdown/results/$VM_NAME.result"
	fi
}

# lockdown_matrix MODE LEVEL SECUREBOOT [CMDLINE...]: boot with firmware Secure Boot on|off and
# the extra command line, expect lockdown LEVEL, and report every row of the matrix.
lockdown_matrix() {
	local mode=$1 level=$2 sb=$3 row line rows results
	shift 3
	[ -s "$LOCKDOWN_INITRD" ] || { diag "no $LOCKDOWN_INITRD: run 'make lockdown'"; exit 1; }
	vm_init "lockdown.matrix.$mode"
	vm_secureboot "$sb"
	lockdown_rsdp
	VM_INITRD=$LOCKDOWN_INITRD VM_GUEST=lockdown-matrix vm_uki "acpi_rsdp=$LOCKDOWN_RSDP" "$@"
	vm_boot matrix
	expect "^HIBSEAL: lockdown=$level secureboot=$([ "$sb" = on ] && echo 1 || echo 0) " \
		"lockdown $level, Secure Boot $sb"
	# With a TPM sealing is ready in every mode; under integrity the kernel-memory rows then
	# expect patch 0023's refusals. Were it not, they would quietly expect 'ok'.
	expect '^HIBSEAL: lockdown=.* seal=ready$' "sealing ready (the TPM boot window sealed its secret)"
	expect '^LDM-END: rows=' "the matrix to run to its end"

	results=$B/lockdown/results
	mkdir -p "$results"
	: >"$results/$mode.tsv.tmp"
	rows=$("$B/lockdown-matrix" --list)
	for row in $rows; do
		line=$(grep -a "^LDM|$row|" "$VM_LOG" | tail -n 1 || true)
		if [ -z "$line" ]; then
			tap not-ok "lockdown.$row.$mode" "the guest reported nothing for this row"
			continue
		fi
		local name lvl reason expected observed logged verdict why op
		IFS='|' read -r _ name lvl reason expected observed logged verdict why op <<<"$line"
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$lvl" "$reason" "$expected" \
			"$observed" "$logged" "$verdict" "$why" "$op" >>"$results/$mode.tsv.tmp"
		# The console must agree with the guest: a refusal it saw logged is on the console,
		# between this row's markers (or, for a kernel memory read refused because sealed
		# hibernation holds its key, that line's variant, patch 0023).
		awk -v b="ldm: row $row begin" -v e="ldm: row $row end" \
			'index($0, b) { on = 1 } on { print } index($0, e) { on = 0 }' \
			"$VM_LOG" >"$W/row.log"
		if ! grep -aqF "ldm: row $row end" "$W/row.log" && [ "$verdict" != skip ]; then
			verdict=fail why="no markers of this row in the kernel log; $why"
		elif [ "$logged" = yes ] &&
			! grep -aqF "Lockdown: lockdown-matrix: $reason is restricted; see man kernel_lockdown.7" "$W/row.log" &&
			! grep -aqF "Lockdown: lockdown-matrix: $reason is restricted while sealed hibernation holds its key; see man kernel_lockdown.7" "$W/row.log"; then
			verdict=fail why="the guest saw a lockdown line the console does not show within the row; $why"
		fi
		case $verdict in
		pass) tap ok "lockdown.$row.$mode" ;;
		skip) tap skip "lockdown.$row.$mode" "$why" ;;
		*) tap not-ok "lockdown.$row.$mode" "expected $expected, observed $observed, lockdown line: $logged ($why)" ;;
		esac
	done
	mv "$results/$mode.tsv.tmp" "$results/$mode.tsv"
}
