#!/bin/bash
# The sealed uswsusp path on Debian 13 with dracut: /etc/uswsusp.conf names the resume device, and
# the initramfs that dracut made with hibseal-tools' module 90hibseal (in the Debian VM's root,
# into the signed UKI; systemd runs in it) runs `hibseal resume` from its pre-mount hook. The
# first boot's initramfs finds no image (the module is there and runs); the test service
# hibernates with `hibseal suspend`; the next boot's initramfs finds the image, the kernel
# verifies and restores it, and the user process answers from memory; swap is usable again.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init uswsusp.dracut
debian_init
debian_esp usdracut
us_initramfs_roundtrip usdracut 'dracut pre-mount hook'
vm_done
