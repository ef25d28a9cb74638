#!/bin/bash
# A kernel update between hibernation and resume loses no session. The Debian VM runs our
# kernel (6.12.118) from systemd-boot; a user process holds a marker in memory; a newer kernel
# package is installed by dpkg (a stand-in for the next update, see mkdebian.sh), whose hooks
# have kernel-install put its signed UKI beside this boot's. systemd-boot would start it next
# (bootctl says so: the control), and an image sealed to this boot's kernel cannot be opened
# by another. `hibseal status` says so before the hibernation, and that a hibernation pins this
# boot's entry; `systemctl hibernate` then runs hibseal-pin-boot.service, which sets
# systemd-boot's LoaderEntryOneShot to this boot's entry and parks the new entry (renamed in
# the ESP): with one more entry to read, systemd-boot moves the firmware memory map's last ACPI
# region by a page, and x86 refuses an image whose memory map moved ("Image mismatch:
# architecture specific data", seen without parking). The next boot starts the
# old kernel once, which verifies and restores the image, the user process answers from memory,
# and hibseal's sleep hook gives the new entry back.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init eco.kernel-update
debian_init
debian_esp update
kver=$(cut -d' ' -f3 "$B/kernel.version")
next=${kver%.*}.$((${kver##*.} + 1))
old=debian-$kver.efi new=debian-$next.efi
# kernel-install in the VM signs the new UKI: the machine owner's db key where uki.conf names
# it, on this scenario's copy of the root only.
key=/etc/kernel/secure-boot-private-key.pem
debugfs -w -R "write $B/keys/snakeoil.key $key" "$W/root.img" >/dev/null 2>&1
debugfs -w -R "sif $key mode 0100600" "$W/root.img" >/dev/null 2>&1
debugfs -R "stat $key" "$W/root.img" 2>/dev/null | grep -q '^Inode:' ||
	fail "could not put the signing key on the scenario's root disk"

eco_hibernate update
expect "^HIBSEAL: installed kernel=$kver .* entry=$old " "the first boot to run $kver from $old"
expect "^HIBSEAL: update dpkg-rc=0 package=linux-image-$next=$next-1 entries=$old,$new,\$" \
	"dpkg to install linux-image-$next and kernel-install to add $new beside $old"
expect "^HIBSEAL: dpkg: Wrote signed " "the new UKI to be signed in the VM"
expect "^HIBSEAL: bootctl-default=$new\$" \
	"systemd-boot's default to be the new kernel (what the next boot would start unpinned)"
expect "^HIBSEAL: status-boot entry: $old\$" "hibseal status to name this boot's entry"
expect "^HIBSEAL: status-next boot: $new \\(newest\\), another kernel: a hibernation pins $old " \
	"hibseal status to warn that the next boot is another kernel, and what hibernation does"
expect '^HIBSEAL: status-why: Hibernation is available, sealed' "hibernation still available"
expect "^HIBSEAL: sleep-pre-pin oneshot=$old service=hibseal: the next boot starts $old once \\(LoaderEntryOneShot\\), not the newest entry $new; parked until the resume: $new\$" \
	"hibseal-pin-boot.service to have pinned $old and parked $new before systemd-sleep ran"
# On the disk the resume boot reads: the new entry parked, this boot's in place.
esp_list() { mdir -b -i "$W/esp.img@@1M" ::/EFI/Linux 2>/dev/null | sed 's|.*/||' | sort | tr '\n' ,; }
[ "$(esp_list)" = "$old,$new.hibseal-parked," ] ||
	fail "the ESP after the hibernation holds $(esp_list), not $old and $new parked"

vm_boot resume 'HIBSEAL-DONE'
expect_eco_resumed
expect "^HIBSEAL: resumed-boot entry=$old oneshot= esp=$old,$new,\$" \
	"systemd-boot to have started $old once (its one-shot used up), and $new to be back"
[ "$(esp_list)" = "$old,$new," ] || fail "the ESP after the resume holds $(esp_list), not $old and $new"
vm_done
