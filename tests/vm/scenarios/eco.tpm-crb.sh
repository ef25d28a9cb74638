#!/bin/bash
# A firmware TPM on the CRB interface, as most laptops have (QEMU's tpm-crb; the other eco
# scenarios use tpm-tis, a discrete TPM's interface, and assert it): the Debian VM's kernel
# binds its CRB driver, the boot window seals there, `systemctl hibernate` writes a sealed image,
# and the next boot (the same TPM, on CRB) verifies and restores it, the user process intact.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init eco.tpm-crb
debian_init
debian_esp partition
vm_tpm swtpm tpm-crb
eco_hibernate partition tpm_crb
expect 'hibseal: boot window closed' "the boot window to run on the CRB TPM"

vm_boot resume 'HIBSEAL-DONE'
expect_eco_resumed
vm_done
