#!/bin/bash
# Our kernel and tools installed in Debian 13 as a user installs them, and booted the way that
# install set up. make debian (scripts/mkdebian.sh) did in the trixie root what the user does:
# dpkg -i hibseal-tools and linux-image-KVER (the test kernel, packaged by the kernel's own
# bindeb-pkg); the kernel package's hooks ran update-initramfs and kernel-install, whose ukify
# built the UKI from the kernel, that initrd and /etc/kernel/cmdline and signed it with the key
# /etc/kernel/uki.conf names; systemd-boot was put in the ESP by bootctl, signed with that key.
# On the host: the ESP holds both, each signed for the VM's db, the UKI carrying the tested
# kernel and the root's initrd; the private key is not on the root disk. In the VM: the
# firmware started systemd-boot, which picked that UKI (their EFI variables say so), dpkg knows
# both packages, the kernel runs locked down with sealing ready, and `hibseal status` says
# hibernation is available. Control: the same ESP with the UKI's signature taken off: the
# firmware refuses it when systemd-boot loads it, and no kernel starts.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

# A TPM with all four of swtpm's PCR banks: the Debian VM's chain (systemd-boot, its stub,
# systemd's own measurements) with a many-bank event log (the others have SHA-256 only).
VM_TPM_BANKS=all
vm_init eco.deb.install
debian_init
debian_esp partition
D=$B/debian
kver=$(cut -d' ' -f3 "$B/kernel.version")
cert=$B/ovmf/snakeoil.pem

# The install, as dpkg logged it: the package set up, its hooks run.
log=$D/dpkg-kernel.log
for line in "Setting up linux-image-$kver \\($kver-1\\)" \
	"update-initramfs: Generating /boot/initrd.img-$kver" \
	"Installing kernel version $kver in systemd-boot" "Wrote signed "; do
	grep -Eq -- "$line" "$log" || fail "dpkg -i of the kernel: no '$line' in ${log#"$B"/}"
done

# What it left in the ESP.
uki=$W/uki.efi boot=$W/bootx64.efi
mcopy -n -i "$W/esp.img@@1M" "::/EFI/Linux/debian-$kver.efi" "$uki" 2>/dev/null ||
	fail "no EFI/Linux/debian-$kver.efi in the ESP"
mcopy -n -i "$W/esp.img@@1M" ::/EFI/BOOT/BOOTX64.EFI "$boot" 2>/dev/null ||
	fail "no EFI/BOOT/BOOTX64.EFI in the ESP"
for f in "$uki" "$boot"; do
	[ -f "$f" ] || continue
	sbverify --cert "$cert" "$f" >/dev/null 2>&1 || fail "${f##*/} is not signed by the VM's db key"
done
# section NAME: the UKI's section NAME in $W/sectionNAME (empty if it has none).
section() {
	objcopy -O binary --only-section="$1" "$uki" "$W/section$1" 2>/dev/null || true
	touch "$W/section$1"
}
if [ -f "$uki" ]; then
	section .linux
	cmp -s "$W/section.linux" "$B/bzImage" || fail "the UKI's .linux is not the tested kernel ($B/bzImage)"
	section .initrd
	cmp -s "$W/section.initrd" "$D/initrd.img" ||
		fail "the UKI's .initrd is not the root's /boot/initrd.img-$kver"
	section .uname
	[ "$(tr -d '\0' <"$W/section.uname")" = "$kver" ] || fail "the UKI's .uname is not $kver"
	section .cmdline
	[ -s "$W/section.cmdline" ] || fail "the UKI has no .cmdline"
	grep -q 'systemd-boot' "$boot" || fail "BOOTX64.EFI is not systemd-boot"
fi
uki_cmdline=$(tr -d '\0\n' <"$W/section.cmdline" 2>/dev/null)
# The signing key stayed off the root disk (the certificate beside it is there: debugfs reads).
debugfs -R "stat /etc/kernel/secure-boot-certificate.pem" "$D/root.img" 2>/dev/null |
	grep -q '^Inode:' || fail "debugfs cannot see /etc/kernel/secure-boot-certificate.pem on root.img"
debugfs -R "stat /etc/kernel/secure-boot-private-key.pem" "$D/root.img" 2>/dev/null |
	grep -q '^Inode:' && fail "the private signing key is on the root disk"

# The boot that install set up (stopped before the test service hibernates).
vm_boot installed '^HIBSEAL: can-hibernate='
expect "^HIBSEAL: installed kernel=$kver packages=hibseal-tools=[0-9.]+:ii , linux-image-$kver=$kver-1:ii , " \
	"dpkg to have both packages installed, the running kernel the package's"
expect "^HIBSEAL: installed .* loader=systemd-boot 257[^ ]* entry=debian-$kver.efi stub=systemd-stub 257" \
	"the firmware to start systemd-boot, and systemd-boot the UKI kernel-install made"
[ "$(guest_value cmdline)" != "" ] || fail "no command line from the guest"
grep -aqxF "HIBSEAL: cmdline=$uki_cmdline" "$VM_LOG" ||
	fail "the kernel's command line is not the UKI's ($uki_cmdline)"
expect '^HIBSEAL: boot mode=partition lockdown=integrity state=\[.*disk.*\] seal=ready systemd=257 ' \
	"lockdown on and sealing ready"
expect '^HIBSEAL: status: .*Hibernation is available, sealed: lockdown \(integrity\) is on' \
	"hibseal status, once swap is on, to say sealed hibernation is available"
expect 'EFI stub: UEFI Secure Boot is enabled' "Secure Boot on"

# Control: the same ESP, the UKI unsigned.
if [ -f "$uki" ]; then
	sbattach --remove "$uki" >/dev/null 2>&1 || fail "sbattach --remove failed"
	sbverify --cert "$cert" "$uki" >/dev/null 2>&1 && fail "the stripped UKI still verifies"
	mcopy -o -i "$W/esp.img@@1M" "$uki" "::/EFI/Linux/debian-$kver.efi"
fi
VM_BOOT_TIMEOUT=${VM_REFUSE_TIMEOUT:-120}
vm_boot unsigned 'Security Violation|Access Denied|Linux version'
expect 'Security Violation|Access Denied' "the firmware to refuse the unsigned UKI systemd-boot loads"
expect_not 'Linux version' "a kernel to start"
vm_done
