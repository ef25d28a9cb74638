#!/bin/bash
# Power cut (QEMU killed) once 99% of a sealed image is on the swap disk: the signature is
# written last, after a flush, so the next boot is a clean fresh boot with swap usable (or, if
# the cut missed and the image was complete, a complete verified resume).
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=tests/vm/fault.sh
. "$top/tests/vm/fault.sh"

fault_poweroff_write 99 1000000
vm_done
