#!/bin/bash
# The main job: sealed hibernation on a Secure Boot + TPM machine (QEMU, OVMF with the snakeoil
# keys enrolled, swtpm), told from the serial console:
#   boot 1  Secure Boot and lockdown on, the boot window seals a secret; hibernate (sealed image)
#   boot 2  the image is verified and resumed, the marker kept in memory intact; hibernate again
#   host    one bit of a data chunk of that second image is flipped on the swap disk
#   boot 3  the image is refused with its reason; a fresh boot, swap usable
set -eu
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../tests/vm/lib.sh"

show() {	# show TITLE REGEX: the matching console lines of this boot, under a title
	printf '\n== %s\n' "$1"
	grep -aE -- "$2" "$VM_LOG" | sed 's/^/   /' || echo "   (nothing)"
}

vm_init demo
vm_uki
echo "demo: Secure Boot + TPM VM, accelerator $(vm_accel); consoles in $W/"

vm_boot 1-hibernate
show "Boot 1: Secure Boot and lockdown" 'UEFI Secure Boot is enabled|Kernel is locked down|^HIBSEAL: lockdown='
show "Boot 1: the TPM boot window" 'tpm_tis|hibseal: boot window|^HIBSEAL: pcr-sha256'
show "Boot 1: hibernate" '^HIBSEAL: hibernating|hibernation entry|PM: hibernation: Wrote'
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[.*disk.*\] seal=ready$' "sealing ready"
expect 'PM: hibernation: Wrote [0-9]+ kbytes' "the sealed image to be written"
marker=$(guest_value marker)
printf '\n== On the swap disk: a sealed image\n'
swapimg layout | sed -n '1p;2p;3p;$p' | sed 's/^/   /'

vm_boot 2-resume
show "Boot 2: verify and resume" 'hibseal: boot window open|resume from hibernation|image verified|hibernation exit|^HIBSEAL: resumed'
expect "^HIBSEAL: resumed marker=$marker file-marker=$marker " "the marker $marker intact"
expect "$KLINE_VERIFIED" "the image to be verified"
expect 'PM: hibernation: Wrote [0-9]+ kbytes' "the second image to be written"

printf '\n== Host: damage the second image\n'
swapimg flip chunk | sed 's/^/   /'

vm_boot 3-refused
show "Boot 3: the damaged image is refused" 'image refused|Failed to load image|^HIBSEAL: (boot|fresh-boot|swapon)'
expect 'image refused: chunk [0-9]+ does not authenticate' "the damaged image to be refused"
expect '^HIBSEAL: swapon=ok$' "swap to be usable after the refusal"
expect_not '^HIBSEAL: resumed' "a resume of the damaged image"
echo
if [ "$vm_failures" = 0 ]; then
	echo "demo: OK: sealed hibernation under Secure Boot lockdown resumed with marker $marker;"
	echo "demo:     a damaged image was refused, the machine booted fresh with usable swap"
fi
vm_done
