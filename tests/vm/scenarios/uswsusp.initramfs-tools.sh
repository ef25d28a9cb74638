#!/bin/bash
# The sealed uswsusp path on Debian 13 with initramfs-tools: /etc/uswsusp.conf names the resume
# device, and the initramfs that initramfs-tools made with hibseal-tools' hook (in the Debian VM's
# root, by mkinitramfs, into the signed UKI) runs `hibseal resume` before the root file system is
# mounted. The first boot's initramfs finds no image (the hook is there and runs); the test
# service hibernates with `hibseal suspend`; the next boot's initramfs finds the image, the kernel
# verifies and restores it, and the user process answers from memory; swap is usable again.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init uswsusp.initramfs-tools
debian_init
debian_esp ustools
us_initramfs_roundtrip ustools 'Begin: Running /scripts/local-premount \.\.\. hibseal: looking for a sealed image on /dev/vdb'
vm_done
