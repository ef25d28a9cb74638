#!/bin/bash
# The README's main job, as a new user runs it: `make demo`'s own script (scripts/demo.sh),
# whose expectations share the kernel's lines with the scenarios (lib.sh), so a reworded kernel
# message fails here, not in a user's hands. It must exit 0 and print its three verdicts: the
# image verified and resumed with the marker intact, the damaged image refused with its
# reason, and the fresh boot's swap usable, then its OK.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init demo.main-job
out=$W/demo.out
if "$top/scripts/demo.sh" >"$out" 2>&1; then rc=0; else rc=$?; fi
[ "$rc" = 0 ] || fail "make demo's script exited $rc: $(grep -a '^# ' "$out" | tr '\n' ' ' | cut -c1-600)"
VM_LOG=$out
expect "^   .*$KLINE_VERIFIED" "boot 2's verdict: the image verified"
expect '^   HIBSEAL: resumed marker=([0-9a-f]+) file-marker=' "boot 2's verdict: the script resumed with its marker"
expect '^   .*image refused: chunk [0-9]+ does not authenticate' "boot 3's verdict: the damaged image refused"
expect '^   HIBSEAL: swapon=ok$' "boot 3's verdict: swap usable after the refusal"
expect '^demo: OK: sealed hibernation under Secure Boot lockdown resumed with marker [0-9a-f]+;$' \
	"the demo's OK line"
vm_done
