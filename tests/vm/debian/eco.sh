#!/bin/bash
# hibseal-eco: the eco scenarios' driver inside the Debian test VM, started by
# hibseal-eco.service once systemd, logind and D-Bus are up. The kernel command line's
# hibseal_eco= picks what it does:
#   partition  swap on /dev/vdb, start an unprivileged user process, `systemctl hibernate`
#   swapfile   the same with swap on /swapfile (the kernel has resume_offset=)
#   reason     no TPM: poll /sys/power/state, ask logind, `systemctl hibernate` must fail
#   update     as partition, but a newer kernel package is installed first (eco.kernel-update)
#   hybrid     as partition with `systemctl hybrid-sleep`, twice: the host wakes the first from
#              RAM and cuts the power during the second (eco.systemd.hybrid-sleep)
#   s2h        as partition with `systemctl suspend-then-hibernate`: the RTC wakes it from RAM
#              after HibernateDelaySec, and systemd hibernates (eco.systemd.suspend-then-hibernate)
#   grub       as partition, booted by shim and GRUB (eco.grub.chain)
#   ustools    as partition, but `hibseal suspend` instead of systemd: the initramfs (made by
#   usdracut   initramfs-tools, or by dracut) runs `hibseal resume` (uswsusp.initramfs-tools,
#              uswsusp.dracut); this script reports the resumed side itself
# Reports 'HIBSEAL: ...' lines on the console for the host (tests/vm/scenarios/eco.*.sh); the
# resumed side is the systemd-sleep hook (eco-sleep-hook).
set -u
# shellcheck source=tests/vm/debian/eco-lib.sh
. /usr/local/lib/hibseal-eco.sh
finish() { echo "HIBSEAL-DONE rc=$1" >/dev/console; exit 0; }

mode=$(sed -n 's/.*hibseal_eco=\([a-z0-9]*\).*/\1/p' /proc/cmdline)
lockdown=$(sed -n 's/.*\[\(.*\)\].*/\1/p' /sys/kernel/security/lockdown)
seal=$(cat /sys/power/hibernate_seal 2>/dev/null || echo missing)
say "boot mode=$mode lockdown=$lockdown state=[$(cat /sys/power/state)] seal=$seal" \
	"systemd=$(systemctl --version | sed -n '1s/^systemd \([0-9]*\).*/\1/p')" \
	"tpm=$(basename "$(readlink /sys/class/tpm/tpm0/device/driver 2>/dev/null)" 2>/dev/null)" \
	"system=$(systemctl is-system-running --wait)" \
	"failed=$(systemctl list-units --failed --plain --no-legend | cut -d' ' -f1 | tr '\n' ,)"

# How this system came to be: our kernel's and tools' packages as dpkg has them, and the boot
# chain as systemd-boot and its stub recorded it in EFI variables: boot loader, the entry it
# picked, the stub; and the command line the kernel got.
say "installed kernel=$(uname -r)" \
	"packages=$(dpkg-query -W -f='${Package}=${Version}:${db:Status-Abbrev}, ' \
		"linux-image-$(uname -r)" hibseal-tools 2>&1 | tr -s ' ')" \
	"loader=$(efivar LoaderInfo)" "entry=$(efivar LoaderEntrySelected)" "stub=$(efivar StubInfo)"
say "cmdline=$(cat /proc/cmdline)"
# The PCRs that identify the boot chain, as the TPM holds them now (the window PCR, 14, is
# extended by then): for the host to compare boots.
say "pcrs$(for i in 4 7 8 9; do printf ' pcr%s=%s' "$i" "$(cat /sys/class/tpm/tpm0/pcr-sha256/$i 2>/dev/null)"; done)"

# A fresh boot after a hibernation this VM already made: the image was not restored.
if [ -e /var/lib/hibseal-eco/hibernated ]; then
	say "fresh-boot-after-hibernation swap-signature=$(blkid -p -o value -s TYPE /dev/vdb)"
	say "fresh-boot-status last-resume=$(hibseal status 2>/dev/null | sed -n 's/^last resume: //p')"
	finish 1
fi

# eco.distro-kernel: the host left the distribution kernel package (make deb) in
# /var/cache/hibseal-eco/distro/. Under any other kernel, install it as a user installs an
# update (its hooks make the initrd and the signed UKI), start it once (bootctl set-oneshot)
# and reboot; its boot goes on as the mode says.
for deb in /var/cache/hibseal-eco/distro/linux-image-*.deb; do
	[ -f "$deb" ] || break
	pkg=$(dpkg-deb -f "$deb" Package)
	[ "$pkg" != "linux-image-$(uname -r)" ] || break
	out=$(dpkg -i "$deb" 2>&1)
	say "distro dpkg-rc=$? package=$pkg=$(dpkg-deb -f "$deb" Version)" \
		"entries=$(find /efi/EFI/Linux -mindepth 1 -printf '%f\n' | sort | tr '\n' ,)"
	echo "$out" | grep -E 'kernel-install|systemd-boot|Wrote signed|rror' | sed 's/^/HIBSEAL: dpkg: /' >/dev/console
	bootctl set-oneshot "debian-${pkg#linux-image-}.efi" 2>&1 | sed 's/^/HIBSEAL: bootctl: /' >/dev/console
	say "distro oneshot=$(efivar LoaderEntryOneShot)"
	systemctl reboot
	exit 0
done

can_hibernate() {
	busctl call org.freedesktop.login1 /org/freedesktop/login1 \
		org.freedesktop.login1.Manager CanHibernate | sed 's/^s "\(.*\)"$/\1/'
}

if [ "$mode" = reason ]; then
	# What a desktop does all day: ask, and read /sys/power/state, many times.
	for _ in $(seq 20); do cat /sys/power/state >/dev/null; done
	say "can-hibernate=$(can_hibernate)"
	out=$(systemctl hibernate 2>&1)
	rc=$?
	say "systemctl-hibernate rc=$rc msg=$out"
	say "sysfs=$(cat /sys/power/hibernate_seal)"
	journalctl -b -k -o cat --no-pager | grep -E '^(hibseal|Lockdown): ' | sed 's/^/HIBSEAL: journal: /' \
		>/dev/console
	say "journal-reasons=$(journalctl -b -k -o cat --no-pager | grep -c 'sealed hibernation unavailable')" \
		"journal-lockdown=$(journalctl -b -k -o cat --no-pager | grep -c 'hibernation is restricted')"
	say "status: $(hibseal status 2>&1 | sed -n 's/^why: //p')"
	say "last-resume status=$(hibseal status 2>/dev/null | sed -n 's/^last resume: //p')" \
		"sysfs=$(cat /sys/power/hibernate_seal_resume)"
	finish 0
fi

case "$mode" in
partition | update | hybrid | s2h | grub | ustools | usdracut) swapdev=/dev/vdb ;;
swapfile) swapdev=/swapfile ;;
*) say "unknown mode '$mode'"; finish 2 ;;
esac
if [ "$swapdev" = /dev/vdb ] && [ "$(blkid -p -o value -s TYPE /dev/vdb)" != swap ]; then
	mkswap /dev/vdb >/dev/null
fi
swapon "$swapdev" || { say "swapon=failed"; finish 2; }
say "swapon=ok $(tail -n +2 /proc/swaps | awk '{ printf "%s:%s ", $1, $2 }')"
say "status: $(hibseal status 2>&1 | sed -n 's/^why: //p')"

# The user process: an unprivileged service of its own, holding a marker only in memory (and,
# for the host's comparison, once in a file on /run, which a fresh boot would not have).
mkdir -p /run/hibseal-eco
mkfifo /run/hibseal-eco/req /run/hibseal-eco/resp
chown eco: /run/hibseal-eco /run/hibseal-eco/req /run/hibseal-eco/resp
# shellcheck disable=SC2016 # expanded by the user's shell
systemd-run --quiet --uid=eco --unit=hibseal-eco-user /bin/bash -c '
	m=$(od -An -N8 -tx8 /dev/urandom | tr -d " \n")
	echo "$m" >/run/hibseal-eco/marker
	n=0
	while read -r _ </run/hibseal-eco/req; do
		n=$((n + 1))
		echo "user-marker=$m user-pid=$BASHPID user-uid=$(id -u) answers=$n" >/run/hibseal-eco/resp
	done'
for _ in $(seq 50); do [ -s /run/hibseal-eco/marker ] && break; sleep 0.1; done
marker=$(cat /run/hibseal-eco/marker)
if [ "$mode" = update ]; then
	# A kernel update while the session runs: the newer package, by dpkg, whose hooks have
	# kernel-install put its signed UKI beside this boot's in the ESP (/efi). systemd-boot
	# would start it next; `hibseal status` says what the next boot is.
	deb=$(ls /var/cache/hibseal-eco/linux-image-*.deb)
	out=$(dpkg -i "$deb" 2>&1)
	say "update dpkg-rc=$? package=$(dpkg-deb -f "$deb" Package)=$(dpkg-deb -f "$deb" Version)" \
		"entries=$(find /efi/EFI/Linux -mindepth 1 -printf '%f\n' | sort | tr '\n' ,)"
	echo "$out" | grep -E 'kernel-install|systemd-boot|Wrote signed|rror' | sed 's/^/HIBSEAL: dpkg: /' >/dev/console
	say "bootctl-default=$(bootctl list --no-pager 2>/dev/null | sed -n 's/^ *id: \(.*\)$/\1/p;s/.*(default).*/DEFAULT/p' |
		awk '/^DEFAULT$/ { d = 1; next } d { print; exit }')"
	hibseal status 2>&1 | grep -E '^(boot entry|next boot|why):' | sed 's/^/HIBSEAL: status-/' >/dev/console
fi
if [ "$mode" = grub ]; then
	hibseal status 2>&1 | grep -E '^(boot entry|next boot|why):' | sed 's/^/HIBSEAL: status-/' >/dev/console
fi
say "can-hibernate=$(can_hibernate)"
mkdir -p /var/lib/hibseal-eco
touch /var/lib/hibseal-eco/hibernated
sync
say "hibernating marker=$marker boot_id=$(cat /proc/sys/kernel/random/boot_id)"
if [ "$mode" = ustools ] || [ "$mode" = usdracut ]; then
	# The uswsusp path, configured as hibseal-resume(8) says (the initramfs carries its copy).
	echo "resume device = /dev/vdb" >/etc/uswsusp.conf
	hibseal suspend >/dev/console 2>&1
	rc=$?
	if [ $rc != 0 ]; then
		rm -f /var/lib/hibseal-eco/hibernated
		say "hibernate-refused msg=hibseal suspend exit $rc"
		finish 1
	fi
	# Restored: the user process answers from memory.
	reply=$(timeout 20 bash -c 'echo ping >/run/hibseal-eco/req && cat /run/hibseal-eco/resp')
	say "resumed $reply boot_id=$(cat /proc/sys/kernel/random/boot_id)" \
		"file-marker=$(cat /run/hibseal-eco/marker 2>/dev/null)"
	say "resumed-status last-resume=$(hibseal status 2>/dev/null | sed -n 's/^last resume: //p')"
	say "resumed-swap signature=$(blkid -p -o value -s TYPE /dev/vdb)" \
		"reuse=$(swapoff /dev/vdb && swapon /dev/vdb && echo ok || echo failed)"
	finish 0
fi
case "$mode" in
hybrid) verb=hybrid-sleep ;;
s2h)
	verb=suspend-then-hibernate
	# No battery here: systemd hibernates after HibernateDelaySec in RAM (its RTC alarm).
	mkdir -p /run/systemd/sleep.conf.d
	printf '[Sleep]\nHibernateDelaySec=20s\n' >/run/systemd/sleep.conf.d/hibseal-eco.conf
	# systemd sets the alarm from the system clock, the RTC counts the host's time, and a guest
	# under TCG on a busy host falls behind: by more than 20 s and the alarm is already past,
	# the machine wakes at once, and systemd takes that for a user's wake-up and does not
	# hibernate (seen once). The system clock from the RTC first.
	date -s "@$(cat /sys/class/rtc/rtc0/since_epoch)" >/dev/null
	say "clock-from-rtc rtc=$(cat /sys/class/rtc/rtc0/since_epoch) now=$(date +%s)"
	;;
*) verb=hibernate ;;
esac
if ! out=$(systemctl "$verb" 2>&1); then
	rm -f /var/lib/hibseal-eco/hibernated
	say "hibernate-refused msg=$out"
	finish 1
fi
if [ "$mode" = hybrid ]; then
	# logind returns once the sleep is queued: wait for the wake-up from RAM (the sleep hook
	# reported the user process and left a mark), then a second hybrid sleep, during which the
	# host cuts the power; the next boot resumes from its image.
	for _ in $(seq 600); do [ -e /run/hibseal-eco/woken ] && break; sleep 0.5; done
	[ -e /run/hibseal-eco/woken ] || { say "no wake-up from the first hybrid sleep"; finish 1; }
	say "hybrid-again boot_id=$(cat /proc/sys/kernel/random/boot_id)"
	if ! out=$(systemctl hybrid-sleep 2>&1); then
		rm -f /var/lib/hibseal-eco/hibernated
		say "hibernate-refused msg=$out"
		finish 1
	fi
fi
