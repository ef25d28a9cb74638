#!/bin/bash
# `systemctl suspend-then-hibernate` on the Debian VM: systemd suspends to RAM with an RTC
# alarm (HibernateDelaySec=20s, no battery here); the RTC wakes the machine (no one else does),
# systemd-sleep hibernates it with a sealed image and it powers off; the next boot verifies and
# restores the image, and the user process answers from memory in the same boot. hibseal's pin
# (hibseal-pin-boot.service, again by its sleep hook after the suspend phase) holds throughout.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init eco.systemd.suspend-then-hibernate
debian_init
debian_esp s2h
vm_boot s2h
expect "^HIBSEAL: boot mode=s2h lockdown=integrity state=\\[.*disk.*\\] seal=ready systemd=257 " \
	"the Debian VM up under lockdown, sealing ready"
expect '^HIBSEAL: can-hibernate=yes$' "logind to say hibernation is possible"
expect 'ACPI: PM: Preparing to enter system sleep state S3' "the suspend phase"
expect 'rtc_cmos .*registered as rtc0' "the RTC driver, whose alarm wakes the machine"
expect '^HIBSEAL: sleep-post op=suspend-then-hibernate from=suspend-phase$' \
	"the RTC to end the suspend phase (the host never woke the guest)"
expect_order 'Waking up from system sleep state S3' 'PM: hibernation: hibernation entry' \
	"the hibernation to follow the wake-up"
n=$(grep -c '^HIBSEAL: sleep-pre-pin oneshot=debian-[^ ]*\.efi service=hibseal: the next boot starts' "$VM_LOG" || true)
[ "$n" = 2 ] || fail "expected the pin reported before both phases, saw $n"
expect 'PM: hibernation: Wrote [0-9]+ kbytes' "the image to be written"
[ "$VM_TIMED_OUT" = 0 ] || fail "the machine did not power off after writing the image"
ECO_MARKER=$(guest_value marker)
ECO_BOOT_ID=$(grep -a '^HIBSEAL: hibernating marker=' "$VM_LOG" | grep -o 'boot_id=[^ ]*' | cut -d= -f2)

vm_boot resume 'HIBSEAL-DONE'
expect '^HIBSEAL: sleep-post op=suspend-then-hibernate from=image$' "the system to come back from the image"
expect_eco_resumed
vm_done
