#!/bin/bash
# The sealed round trip on the kernel a distribution would ship (make kernel-production:
# configs/variants/production.config, no boot-window self-test, no hibseal KUnit suite; it
# writes AES-256-GCM images). Every other sealed scenario boots the test kernel, whose self-test
# unseals the boot secret inside the window once more at each boot: this one shows that sealing
# does not lean on it. The host checks the kernel's configuration, the boot log shows neither
# the self-test nor a KUnit suite ran (the KUnit framework stays built in, as in the test
# kernel, so that both builds share their objects: it reports 1..0; seal.window.boot and
# kunit.hibseal are the positive controls on the test kernel), the window opens, seals and
# closes before /init with PCR 14 at the value only hibseal's event gives it, and the image
# resumes.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"
# The suites run at boot only with KUnit on (lib.sh boots the others with kunit.enable=0).
VM_KUNIT=1

vm_init seal.production
vm_kernel_variant production
VM_GUEST=seal-hibernate vm_uki hibseal_vm.pause=1
seal_hibernate
expect 'hibseal: boot window open: PCRs 4,7-9,14 read, boot secret sealed to them' \
	"the window to open and seal the boot secret"
expect 'hibseal: boot window closed: PCR 14 extended' "the window to close"
expect_not 'hibseal: self-test' "the boot-window self-test (not built in)"
expect_not '# Subtest: hibseal|ok [0-9]+ hibseal_' "a hibseal KUnit suite (not built in)"
expect '\] 1\.\.0$' "KUnit to find no suite to run"
expect_order 'hibseal: boot window closed' 'Run /init as init process' \
	"the window to close before /init ran"
want=$(python3 -c 'import hashlib
e = hashlib.sha256(b"hibseal: boot window closed").digest()
print(hashlib.sha256(bytes(32) + e).hexdigest())')
[ "$(guest_value pcr14-now)" = "$want" ] ||
	fail "PCR 14 is '$(guest_value pcr14-now)' after the window, expected $want"
vm_boot resume
expect 'hibseal: boot window open' "the restore kernel's window to open"
expect_not 'hibseal: self-test' "the boot-window self-test"
expect_resumed
expect '^HIBSEAL: swap-reuse=ok$' "swap to be usable after the resume"
expect '^HIBSEAL-DONE rc=0$' "the guest scenario to finish"
vm_done
