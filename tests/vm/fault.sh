# shellcheck shell=bash disable=SC2154,SC2034 # VM_LOG, SEAL_*, ... are lib.sh's
# Host side of the fault scenarios (tests/vm/scenarios/fault.*.sh), sourced after lib.sh. Each
# asserts one of the two outcomes DESIGN.md section 7 allows: a complete verified resume, or a
# clean fresh boot with swap usable (and the reason logged when an image was refused).

# fault_blank_swap: a new, empty swap disk (the guest makes swap on it and hibernates again).
fault_blank_swap() {
	rm -f "$W/swap.img"
	truncate -s 256M "$W/swap.img"
}

# expect_clean_fresh_boot WHAT [OUTCOME]: this boot found no image (or only a signature-less
# remnant), ran /init afresh and has usable swap; /sys/power/hibernate_seal_resume reads
# OUTCOME (an extended regex; default "no image").
expect_clean_fresh_boot() {
	expect_not 'PM: hibernation: hibernation exit' "a restored kernel ($1)"
	expect_not '^HIBSEAL: resumed' "the hibernated script continuing ($1)"
	expect '^HIBSEAL: boot scenario=' "a fresh boot of /init ($1)"
	expect "^HIBSEAL: resume-outcome=${2:-no image}\$" "the kernel to say what its resume did ($1)"
	expect '^HIBSEAL: fresh-boot swap-signature=SWAPSPACE2$' "the swap signature intact ($1)"
	expect '^HIBSEAL: swapon=ok$' "swap to be usable ($1)"
	expect '^HIBSEAL-DONE rc=' "the fresh system to run its script to the end ($1)"
}

# fault_reached AT: for vm_boot's trigger (polled every 0.2 s): true once AT KiB are on the
# swap disk. Within 1 MiB of AT it polls every 10 ms itself until AT is reached or QEMU is gone,
# so that the cut lands within a few KiB of AT with the disk written at 1 MB/s. (QEMU queues
# the guest's writes, and a throttle changed on its monitor lets every queued one through at
# once, so the disk cannot be slowed down on the way instead.)
fault_reached() {
	local kib
	kib=$(swap_kib)
	[ "$kib" -ge $(($1 - 1024)) ] || return 1
	while [ "$kib" -lt "$1" ] && kill -0 "$(cat "$W/qemu.pid")" 2>/dev/null; do
		sleep 0.01
		kib=$(swap_kib)
	done
	[ "$kib" -ge "$1" ]
}

# fault_poweroff_write PCT BPS: power is cut once PCT percent of a sealed image (its size
# measured by a first, complete hibernation) has reached the swap disk, written at BPS bytes
# per second. The next boot must be a clean fresh boot, or (only if the cut came after the
# signature) a complete verified resume.
fault_poweroff_write() {
	local pct=$1 bps=$2 size at sig
	vm_init "fault.poweroff-write-$pct"
	VM_GUEST=seal-hibernate vm_uki
	seal_hibernate
	size=$(swap_kib)
	at=$((size * pct / 100))
	diag "a complete sealed image takes ${size} KiB on disk; cutting power at ${at} KiB"
	fault_blank_swap
	# shellcheck disable=SC2034 # read by vm_boot
	VM_SWAP_OPTS=throttling.bps-write=$bps VM_TRIGGER_IF="fault_reached $at" \
		VM_TRIGGER_CMD=vm_kill_qemu vm_boot cut
	expect '^HIBSEAL: hibernating marker=' "the guest to start hibernating"
	[ "$VM_KILLED" = 1 ] || fail "power was never cut (the trigger at ${at} KiB did not fire)"
	expect_not 'PM: hibernation: Wrote' "the write to finish before the cut"
	SEAL_MARKER=$(guest_value marker)
	SEAL_BOOT_ID=$(guest_value boot_id)
	# QEMU is gone: the disk is as the cut left it. Its signature says whether the whole image,
	# signature last, had been written: only then may the next boot resume.
	sig=$(host_swap_signature)
	diag "power cut with $(swap_kib) KiB of ${size} KiB on disk, swap signature $sig"
	vm_boot after
	if [ "$sig" = S1SUSPEND ]; then
		diag "the cut came after the signature: the image must resume"
		expect_resumed
	else
		expect_not 'image refused' "a partial image to be found at all"
		expect_not "boot_id=$SEAL_BOOT_ID" "the hibernated boot's id"
		expect_clean_fresh_boot "after the cut"
	fi
}

# fault_blkdebug_rules FILE EVENT [SECTOR]: a blkdebug rules file failing every EVENT (read_aio,
# write_aio) with EIO, or only those that touch SECTOR (512-byte units).
fault_blkdebug_rules() {
	{
		echo '[inject-error]'
		echo "event = \"$2\""
		echo "iotype = \"${2%_aio}\""
		echo 'errno = "5"'
		[ -z "${3:-}" ] || echo "sector = \"$3\""
	} >"$1"
}

# fault_with_swtpm CMD...: run CMD (tpm2-tools) against this scenario's TPM while the VM is
# off, through a swtpm of our own on local TCP ports, then shut the TPM down in order so its
# state is saved.
fault_with_swtpm() {
	local port=$((20000 + RANDOM % 20000)) pid rc=0
	timeout --kill-after=5 120 swtpm socket --tpm2 --tpmstate dir="$W/tpm" \
		--server type=tcp,port=$port,bindaddr=127.0.0.1 \
		--ctrl type=tcp,port=$((port + 1)),bindaddr=127.0.0.1 --flags startup-clear \
		--log file="$W/tpm/swtpm-tools.log" &
	pid=$!
	vm_pids+=("$pid")
	for _ in $(seq 50); do
		TPM2TOOLS_TCTI=swtpm:host=127.0.0.1,port=$port tpm2_getcap properties-fixed \
			>/dev/null 2>&1 && break
		sleep 0.1
	done
	TPM2TOOLS_TCTI=swtpm:host=127.0.0.1,port=$port "$@" || rc=$?
	TPM2TOOLS_TCTI=swtpm:host=127.0.0.1,port=$port tpm2_shutdown >/dev/null 2>&1 || true
	kill "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
	vm_pids=()
	return $rc
}

# The lockout itself: one failure allowed, an hour to recover, then two wrong passwords on a
# DA-protected sealed object.
fault_tpm_lockout_cmds() {
	local d=$W/tpm-tools
	mkdir -p "$d"
	tpm2_dictionarylockout --setup-parameters --max-tries=1 --recovery-time=3600 \
		--lockout-recovery-time=3600 -Q || return 1
	tpm2_createprimary -C o -c "$d/primary.ctx" -Q || return 1
	echo secret | tpm2_create -C "$d/primary.ctx" -p right -i- -u "$d/obj.pub" \
		-r "$d/obj.priv" -Q || return 1
	tpm2_flushcontext -t >/dev/null 2>&1
	tpm2_load -C "$d/primary.ctx" -u "$d/obj.pub" -r "$d/obj.priv" -c "$d/obj.ctx" -Q || return 1
	tpm2_unseal -c "$d/obj.ctx" -p wrong >/dev/null 2>&1 && return 1
	tpm2_unseal -c "$d/obj.ctx" -p wrong >/dev/null 2>&1 && return 1
	tpm2_flushcontext -t >/dev/null 2>&1
	return 0
}

# fault_tpm_lockout: drive this scenario's TPM into dictionary-attack lockout.
fault_tpm_lockout() {
	fault_with_swtpm fault_tpm_lockout_cmds || fail "could not drive the TPM into lockout"
}

# fault_tpm_in_lockout: 1 if this scenario's TPM is in lockout, else 0.
fault_tpm_in_lockout() {
	fault_with_swtpm tpm2_getcap properties-variable 2>/dev/null |
		awk '$1 == "inLockout:" { print $2 }'
}
