#!/bin/bash
# GRUB's boot chain, as a Debian 13 laptop with shim and GRUB boots (scripts/mkdebian.sh
# builds its ESP): the firmware starts shim, shim starts GRUB, GRUB reads its configuration
# and loads the kernel and initrd itself. PCR 4 then measures shim and GRUB, the same for
# every kernel this GRUB boots; GRUB measures the files it reads into PCR 9 and the commands it
# runs, the kernel's command line among them, into PCR 8. The kernel seals to PCRs 4, 7, 8, 9
# and 14, and finds in the TCG event log that GRUB measured what it loaded.
#
# On this chain (Debian 13's shim and GRUB 2.12) PCR 4 measures the kernel
# too (GRUB starts it with LoadImage(), whose measurement lands in PCR 4), but not the initrd
# and command line, which only GRUB's PCRs 9 and 8 hold; GRUBs that start the kernel through
# the EFI handover protocol leave PCR 4 at shim and GRUB. The kernel binds 8 and 9 on both.
#
# The attacks (root writes the ESP; the disk attacker boots other signed kernels), each after
# the same sealed hibernation, each refused by the kernel that boots:
#   other    another signed kernel (the production build: another configuration of the same
#            source) in the file GRUB loads, GRUB and its configuration untouched: PCR 7 and
#            PCR 8 are as at the hibernation, PCR 9 is not (PCR 4 is reported);
#   initrd   the same kernel with root's initrd (the same one with a file appended): PCRs 4, 7
#            and 8 are as at the hibernation, so an image sealed to 4, 7 and 14 (a binding
#            without 8 and 9) would have opened; PCR 9 is not, and the blob's policy
#            covers it.
# Positive control: the machine put back as the hibernation left it (TPM, swap, ESP) resumes
# the image under the kernel that wrote it, and the user process answers.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init eco.grub.chain
debian_init
debian_esp grub
prod=$B/kernel-production/bzImage
[ -f "$prod" ] || { diag "no production kernel: run 'make kernel-production' first"; exit 1; }
esp_get() { mcopy -n -i "$W/esp.img@@1M" "::/EFI/debian/$1" "$2" 2>/dev/null; }
esp_put() { mcopy -o -i "$W/esp.img@@1M" "$1" "::/EFI/debian/$2" 2>/dev/null; }
esp_get vmlinuz "$W/vmlinuz.grub" || fail "no EFI/debian/vmlinuz in GRUB's ESP"
# pcr N LABEL: PCR N's value that boot LABEL reported.
pcr() { grep -a '^HIBSEAL: pcrs ' "$W/$2.log" | tail -n 1 | sed -n "s/.* pcr$1=\\([0-9A-Fa-f]*\\).*/\\1/p"; }

# 1. shim, GRUB, our kernel: the window binds GRUB's PCRs, the hibernation is sealed.
eco_hibernate grub
expect "^HIBSEAL: installed kernel=.* loader= entry= stub=\$" \
	"no systemd-boot or systemd-stub in this chain (their EFI variables unset)"
expect 'hibseal: boot chain: [0-9]+ boot applications in PCR 4, [1-9][0-9]* boot loader events in PCRs 8 and 9, kernel started with LoadImage\(\)' \
	"the window to find GRUB's measurements in the event log"
expect 'hibseal: boot window open: PCRs 4,7-9,14 read, boot secret sealed to them' \
	"the boot secret sealed to PCRs 8 and 9 besides 4, 7 and 14"
expect '^HIBSEAL: status-boot entry: GRUB \(it records none\)$' "hibseal status to see GRUB"
expect '^HIBSEAL: status-next boot: GRUB with its files as this boot read them, this boot.s kernel$' \
	"hibseal status to say the next boot reads what this one read"
expect '^HIBSEAL: sleep-pre-pin oneshot= service=hibseal: GRUB boots this system: nothing to pin' \
	"hibseal-pin-boot.service to pin nothing on GRUB and let the hibernation go ahead"
vm_save_state hibernated

# 2. The attack: another signed kernel in the file GRUB loads; GRUB and its configuration as
#    they were.
sbsign --key "$B/keys/snakeoil.key" --cert "$B/ovmf/snakeoil.pem" \
	--output "$W/vmlinuz.other" "$prod" >/dev/null 2>&1 || fail "cannot sign the production kernel"
esp_put "$W/vmlinuz.other" vmlinuz || fail "cannot put the other kernel in the ESP"
if ! { esp_get vmlinuz "$W/vmlinuz.check" && cmp -s "$W/vmlinuz.check" "$W/vmlinuz.other"; }; then
	fail "the ESP does not hold the other kernel"
fi
vm_boot other 'HIBSEAL-DONE'
expect 'EFI stub: UEFI Secure Boot is enabled' "Secure Boot on in the other kernel's boot"
expect_not 'hibseal: self-test' "the test kernel (the other kernel has no self-test)"
expect 'hibseal: boot window open: PCRs 4,7-9,14 read' "the other kernel's window to bind GRUB's PCRs too"
expect 'hibseal: image refused: its key is not sealed to this machine, kernel and Secure Boot state' \
	"the other kernel to refuse the image for its key's policy"
expect_not 'hibseal: image verified' "the image to be opened"
expect '^HIBSEAL: fresh-boot-after-hibernation swap-signature=swap$' \
	"a fresh boot, with the swap area usable again"
expect_outcome_is_refusal 'HIBSEAL: fresh-boot-status last-resume='
same() { [ -n "$(pcr "$1" hibernate)" ] && [ "$(pcr "$1" hibernate)" = "$(pcr "$1" "$2")" ]; }
for i in 7 8; do
	same $i other || fail "PCR $i differs between the hibernation's boot and the other kernel's: the attack changed more than the kernel"
done
if [ -z "$(pcr 9 other)" ] || same 9 other; then
	fail "PCR 9 is the same for the other kernel ('$(pcr 9 other)')"
fi
if same 4 other; then diag "PCR 4 is the same for the other kernel"; else diag "PCR 4 differs for the other kernel too (GRUB started it with LoadImage(), which measured it)"; fi
grep -a 'hibseal: image refused: ' "$VM_LOG" | head -n 1 | sed 's/^.*hibseal:/# other kernel: hibseal:/'

# 3. The attack on the initrd: this boot's kernel, root's initrd.
vm_restore_state hibernated
esp_get initrd.img "$W/initrd.mine" || fail "no EFI/debian/initrd.img in GRUB's ESP"
(cd "$W" && mkdir -p extra && echo root >extra/hibseal-attack &&
	cd extra && echo hibseal-attack | cpio -o -H newc 2>/dev/null | gzip) >"$W/extra.cpio.gz"
cat "$W/initrd.mine" "$W/extra.cpio.gz" >"$W/initrd.root"
esp_put "$W/initrd.root" initrd.img || fail "cannot put root's initrd in the ESP"
if ! { esp_get initrd.img "$W/initrd.check" && cmp -s "$W/initrd.check" "$W/initrd.root" &&
	! cmp -s "$W/initrd.check" "$W/initrd.mine"; }; then
	fail "the ESP does not hold root's initrd"
fi
vm_boot initrd 'HIBSEAL-DONE'
expect 'hibseal: self-test: boot secret unsealed inside the window' "this boot's kernel (the test kernel's self-test)"
expect 'hibseal: image refused: its key is not sealed to this machine, kernel and Secure Boot state' \
	"the kernel to refuse the image under root's initrd"
expect_not 'hibseal: image verified' "the image to be opened"
expect '^HIBSEAL: fresh-boot-after-hibernation swap-signature=swap$' \
	"a fresh boot, with the swap area usable again"
expect_outcome_is_refusal 'HIBSEAL: fresh-boot-status last-resume='
for i in 4 7 8; do
	same $i initrd || fail "PCR $i differs under root's initrd: the attack changed more than the initrd"
done
if [ -z "$(pcr 9 initrd)" ] || same 9 initrd; then
	fail "PCR 9 is the same under root's initrd ('$(pcr 9 initrd)')"
fi

# 4. Control: the machine as the hibernation left it, and the kernel that wrote the image.
vm_restore_state hibernated
vm_boot resume 'HIBSEAL-DONE'
expect 'hibseal: boot window open: PCRs 4,7-9,14 read' "the window to bind the same PCRs"
expect_eco_resumed
vm_done
