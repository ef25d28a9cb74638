#!/bin/bash
# The distribution kernel package (make deb: Debian's own amd64 configuration plus
# configs/distro.config, modules signed with the build's key) on Debian 13 as a user gets a
# kernel update: while the test kernel runs, dpkg -i installs it, its hooks make its initrd and
# have kernel-install build and sign its UKI, and bootctl set-oneshot starts it once. Under it:
# lockdown with sealing ready, the chunk AEAD done by the AES-NI driver (built in by the
# package's configuration: Debian builds it as a module, which the boot window could not load),
# and `systemctl hibernate`, which hibseal-pin-boot.service pins to this kernel's entry; the
# next boot starts it, verifies and restores the image, and the user process answers from
# memory. Skipped when the package has not been built: make check does not build it (make deb
# does, in about an hour on 2 cores from an empty ccache: docs/testing.md).
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

deb=$(find "$B/deb" -maxdepth 1 -name 'linux-image-*-hibseal_*_amd64.deb' ! -name '*-dbg_*' |
	sort | tail -n 1)
[ -n "$deb" ] || skip_scenario "no distribution kernel package in build/deb (make deb builds it)"
pkg=$(dpkg-deb -f "$deb" Package)
dver=${pkg#linux-image-}
kver=$(cut -d' ' -f3 "$B/kernel.version")

# The distribution kernel's initrd carries Debian's modules (MODULES=most): more memory for it
# to unpack into, and an ESP with room for its UKI beside the test kernel's.
VM_MEM=1024
vm_init eco.distro-kernel
debian_init
mkdir -p "$W/esp.dir"
mcopy -s -n -i "$B/debian/esp-partition.img@@1M" '::/*' "$W/esp.dir/" ||
	fail "could not copy the Debian VM's ESP"
ESP_EXTRA_KIB=$((160 * 1024)) "$top/scripts/mkesp.sh" --dir "$W/esp.dir" "$W/esp.img"
# The package, and the machine owner's db key where uki.conf names it (kernel-install signs the
# UKI), on this scenario's copy of the root only.
key=/etc/kernel/secure-boot-private-key.pem
debugfs -w -R "mkdir /var/cache/hibseal-eco/distro" "$W/root.img" >/dev/null 2>&1
debugfs -w -R "write $deb /var/cache/hibseal-eco/distro/${deb##*/}" "$W/root.img" >/dev/null 2>&1
debugfs -w -R "write $B/keys/snakeoil.key $key" "$W/root.img" >/dev/null 2>&1
debugfs -w -R "sif $key mode 0100600" "$W/root.img" >/dev/null 2>&1
for f in "$key" "/var/cache/hibseal-eco/distro/${deb##*/}"; do
	debugfs -R "stat $f" "$W/root.img" 2>/dev/null | grep -q '^Inode:' ||
		fail "could not put $f on the scenario's root disk"
done

vm_boot install
expect "^HIBSEAL: installed kernel=$kver " "the first boot to run the test kernel $kver"
expect "^HIBSEAL: distro dpkg-rc=0 package=$pkg=.* entries=debian-$dver.efi,debian-$kver.efi,\$" \
	"dpkg to install $pkg and kernel-install to add debian-$dver.efi beside debian-$kver.efi"
expect "^HIBSEAL: dpkg: Wrote signed " "its UKI to be signed in the VM"
expect "^HIBSEAL: distro oneshot=debian-$dver.efi\$" "bootctl to set the one-shot to it"
[ "$VM_TIMED_OUT" = 0 ] || fail "the machine did not reboot after the install"

eco_hibernate partition
expect "^HIBSEAL: installed kernel=$dver packages=.*$pkg=[^ ]*:ii .* entry=debian-$dver.efi " \
	"systemd-boot to have started the distribution kernel $dver from its package"
expect 'hibseal: chunk AEAD gcm\(aes\) by generic-gcm-aesni' \
	"the image sealed by an AES-NI GCM driver, built in"
expect "^HIBSEAL: sleep-pre-pin oneshot=debian-$dver.efi " \
	"hibseal-pin-boot.service to pin the distribution kernel's entry"

vm_boot resume 'HIBSEAL-DONE'
expect 'hibseal: chunk AEAD gcm\(aes\) by generic-gcm-aesni' "the image opened by the AES-NI driver too"
expect_eco_resumed
vm_done
