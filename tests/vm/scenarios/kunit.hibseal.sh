#!/bin/bash
# The KUnit suites of sealed hibernation run at boot in the test kernel and report KTAP on the
# console: every case of every hibseal suite must pass, and none may be missing.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"
# The suites run at boot only with KUnit on (lib.sh boots the others with kunit.enable=0).
VM_KUNIT=1

# Suites and how many cases each must report.
suites="hibseal_crypto:10 hibseal_tpm_blob:7 hibseal_freshness:6 hibseal_stream:5 hibseal_resume:2 hibseal_header:4 hibseal_bootlog:5 hibseal_chunks:5"

vm_init kunit.hibseal
vm_uki
vm_boot boot
for entry in $suites; do
	suite=${entry%%:*} cases=${entry#*:}
	expect "# $suite: pass:$cases fail:0 skip:0 total:$cases\$" "all $cases cases of $suite to pass"
	expect "^\[ *[0-9.]+\] ok [0-9]+ $suite\$" "suite $suite to report ok"
done
if grep -aq 'not ok' "$VM_LOG"; then
	grep -a 'not ok\|# .*Expected\|# .*EXPECTATION' "$VM_LOG" | head -n 20 | sed 's/^/# /'
	fail "KUnit reported failures"
fi
expect '^HIBSEAL-DONE rc=0$' "the guest scenario to finish"
vm_done
