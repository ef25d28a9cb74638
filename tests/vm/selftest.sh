#!/bin/bash
# tests/vm/selftest.sh: the VM harness's own checks that need no VM, as 'ok - unit.harness.*'
# lines. The crash detection every boot goes through must see each way a kernel reports trouble
# (lines as 6.1 prints them) and must not fire on a healthy boot's lines, refusals included.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/lib.sh"
trap - EXIT

t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
status=0

check() {	# check ok|not-ok NAME: one result line
	if [ "$1" = ok ]; then echo "ok - unit.harness.$2"; else echo "not ok - unit.harness.$2"; status=1; fi
}

while IFS='|' read -r name line; do
	printf '[    1.000000] hibseal: boot window open\n[    2.345678] %s\n' "$line" >"$t/log"
	if kernel_trouble "$t/log" >/dev/null; then check ok "kernel-trouble.$name"; else check not-ok "kernel-trouble.$name"; fi
done <<'EOF'
bug-at|kernel BUG at mm/slub.c:379!
bug-null|BUG: kernel NULL pointer dereference, address: 0000000000000000
invalid-opcode|invalid opcode: 0000 [#1] PREEMPT SMP NOPTI
gpf|general protection fault, probably for non-canonical address 0xdead000000000100: 0000 [#1] SMP NOPTI
warning|WARNING: CPU: 2 PID: 1 at kernel/power/swap.c:408 write_page+0x1c4/0x1e0
oops|Oops: 0002 [#1] SMP NOPTI
trace|Call Trace:
panic|Kernel panic - not syncing: hibernation restore failed
init-died|Kernel panic - not syncing: Attempted to kill init! exitcode=0x00000100
lockdep|WARNING: possible circular locking dependency detected
EOF

# The negative control: lines every healthy run prints, refusals and deliberate errors included.
cat >"$t/log" <<'EOF'
[    0.000000] Linux version 6.1.192 (hibseal@hibseal) #23 SMP
[    1.466837] hibseal: usermode helper /sbin/modprobe crypto-ctr(aes) refused: the boot window is open (no userspace may run until it closes)
[    4.161238] hibseal: image refused: chunk 728 does not authenticate
[    4.517539] hibseal: cannot hibernate: the TPM does not answer (TPM2_PCR_Read failed, -5, TPM rc 0x009)
[    5.000000] Lockdown: hibseal-memread: use of bpf to read kernel RAM is restricted; see man kernel_lockdown.7
[    5.100000] PM: hibernation: hibernation exit
HIBSEAL: hibernate-refused error=sh: write error: Input/output error
EOF
if kernel_trouble "$t/log" >/dev/null; then check not-ok kernel-trouble.healthy-boot; else check ok kernel-trouble.healthy-boot; fi
exit $status
