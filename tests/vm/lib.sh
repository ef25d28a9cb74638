# shellcheck shell=bash
# Host side of the hibseal VM harness, sourced by each tests/vm/scenarios/NAME.sh.
#
#   +------------------------- one scenario: $W = build/vm/NAME ---------------------------+
#   |  swtpm (tpm/, kept across boots)   <--unix socket-->   QEMU q35 + SMM, TCG or KVM   |
#   |                                                         pflash: OVMF_CODE snakeoil  |
#   |                                                                 vars.fd (private,   |
#   |                                                                 kept across boots)  |
#   |                                                         vda: esp.img (signed UKI)   |
#   |                                                         vdb: swap.img               |
#   |  serial console --> LABEL.log, one per boot; the host asserts on it                 |
#   +--------------------------------------------------------------------------------------+
#
# A scenario script calls vm_init, vm_uki, vm_boot (once per boot) and expect*, then vm_done,
# which exits 0 (pass) or 1 (fail, with the reasons printed as '# ...' lines).

set -eu

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
B=${HIBSEAL_BUILD:-$top/build}
# The firmware: Debian 13's OVMF (Secure Boot build with SMM) and its variable stores, with
# Debian's snakeoil keys enrolled or none (scripts/ovmf.sh, make setup).
OVMF_CODE=$B/ovmf/OVMF_CODE.fd
OVMF_VARS_SECUREBOOT=$B/ovmf/OVMF_VARS.snakeoil.fd
OVMF_VARS_EMPTY=$B/ovmf/OVMF_VARS.fd
VM_MEM=${VM_MEM:-512}
# The PCR banks a new TPM has: SHA-256 only by default, as many laptops' firmware TPMs are set
# (hibseal seals to the SHA-256 bank). The firmware hashes everything it measures (its own
# volumes, each boot application, the UKI) once per active bank, and under TCG swtpm's default
# four banks (SHA-1, -256, -384, -512) cost about 1.5 s per boot. "all": those
# four, for the scenarios that keep a many-bank event log in the test (the kernel's boot chain
# check, hibseal status's event log reader, the Debian VM's chain).
VM_TPM_BANKS=${VM_TPM_BANKS:-sha256}
# One vCPU: under TCG, every SMI of the SMM firmware (variable writes, TPM measurements) makes all
# vCPUs rendezvous, and a 2-vCPU Secure Boot boot measured ~70 s against ~12 s for one.
VM_SMP=${VM_SMP:-1}
# QEMU's -cpu for the guests: Westmere, a real model with AES-NI, PCLMULQDQ and SSSE3, so the
# kernel seals with the instructions a laptop has instead of generic C emulated instruction by
# instruction (qemu64, QEMU's default under TCG: seal.roundtrip.large 104 s against 153 s),
# and without AVX, which TCG emulates slowly: with "max" the firmware's boot takes about 3 s
# more (docs/testing.md). With RDRAND, as every laptop since 2012 has: the kernel's RNG is
# ready at once, where a first read of /dev/urandom otherwise waited about 1.4 s of a boot for
# jitter entropy under TCG. VM_CPU= (empty) falls back to qemu64.
VM_CPU=${VM_CPU-Westmere,+rdrand}
# The firmware's first boot option is the ESP (vda), so a boot starts the UKI at its first
# attempt. VM_BLANK_DISK_FIRST=1: a blank disk the firmware tries first (its first boot
# option; the guest sees it last, after vda-vdc), as a laptop may try a USB stick or the
# network before its disk: a failed boot attempt, measured into PCR 4, before the UKI
# (uswsusp.swapfile).
VM_BLANK_DISK_FIRST=${VM_BLANK_DISK_FIRST:-}
VM_BOOT_TIMEOUT=${VM_BOOT_TIMEOUT:-300}
# The test kernel runs its KUnit suites at every boot: 1.4 s of a 3.1 s boot to /init under TCG
# (6.1), some 250 boots a run. Only the scenarios that check them (kunit.hibseal, and
# seal.production's "no suite") set VM_KUNIT=1; the others boot with KUnit off.
VM_NO_KUNIT=kunit.enable=0
# HIBSEAL_TEST_KERNEL=VARIANT: boot the kernel `make kernel-VARIANT` built wherever the test
# kernel would boot (a hand run under lockdep: docs/testing.md). Test modules are built for the
# test kernel and do not load in another.
VM_DEFAULT_KERNEL=$B/bzImage
[ -z "${HIBSEAL_TEST_KERNEL:-}" ] || VM_DEFAULT_KERNEL=$B/kernel-$HIBSEAL_TEST_KERNEL/bzImage
VM_TPM=swtpm
# The TPM's interface: tpm-tis (a discrete TPM's) or tpm-crb (a firmware TPM's, as on most
# laptops: eco.tpm-crb).
VM_TPM_IF=tpm-tis
# Extra -drive options for the swap disk, e.g. throttling.bps-write=N for a slow disk.
VM_SWAP_OPTS=${VM_SWAP_OPTS:-}
# VM_SWAP_BLKDEBUG=CONFIG: the swap disk goes through QEMU's blkdebug driver with that rules
# file (injected I/O errors).
VM_SWAP_BLKDEBUG=${VM_SWAP_BLKDEBUG:-}

# The kernel's line for an image that authenticated, as the scenarios and the demo expect it.
KLINE_VERIFIED='hibseal: image verified: [0-9]+ chunks, image MAC matches'

vm_failures=0
vm_pids=()

diag() { printf '# %s\n' "$*"; }

vm_cleanup() {
	local pid
	for pid in "${vm_pids[@]}"; do
		kill "$pid" 2>/dev/null || true
	done
	for pid in "${vm_pids[@]}"; do
		wait "$pid" 2>/dev/null || true
	done
	vm_pids=()
}
trap vm_cleanup EXIT

# vm_init NAME: a fresh work directory, Secure Boot firmware variables, a blank swap disk and an
# empty TPM state (a new machine).
vm_init() {
	VM_NAME=$1
	W=$B/vm/$VM_NAME
	rm -rf "$W"
	mkdir -p "$W"
	if [ ! -s "$OVMF_CODE" ] || [ ! -s "$OVMF_VARS_SECUREBOOT" ]; then
		diag "no test firmware in $B/ovmf: run 'make setup' (scripts/ovmf.sh)"
		exit 1
	fi
	vm_tpm_new "$W/tpm" || exit 1
	vm_vars "$OVMF_VARS_SECUREBOOT"
	truncate -s 256M "$W/swap.img"
	if [ ! -f "$B/bzImage" ] || [ ! -f "$B/initramfs.cpio.gz" ]; then
		diag "no kernel or initramfs in $B: run 'make kernel initramfs' first"
		exit 1
	fi
}

# vm_secureboot off: firmware variables with no keys enrolled, so Secure Boot is off.
vm_secureboot() {
	case "$1" in
	on) vm_vars "$OVMF_VARS_SECUREBOOT" ;;
	off) vm_vars "$OVMF_VARS_EMPTY" ;;
	esac
}

# vm_vars TEMPLATE: this machine's firmware variables, from TEMPLATE as the firmware leaves them
# after its first boot with this scenario's devices (vm_boot settles them before its first
# power-on). OVMF's first boot with a new variable store does more than every later one (it
# creates the TCG2 configuration variables and a boot option per new device), and the boot
# services memory this takes moves the pages the kernel's EFI stub allocates below it; on 6.12
# one of those allocations (3 pages of ACPI reclaim memory) falls outside the firmware's
# reserved bins and shows in the e820 map, so an image written in that first boot fails x86's
# memory map check in the next one ("Hibernate inconsistent memory map detected!"), plain or
# sealed. Real machines have booted before; the scenarios start where they stand.
vm_vars() {
	cp "$1" "$W/vars.fd"
	printf '%s\n' "$1" >"$W/vars.unsettled"
}

# vm_settle_boot DIR TEMPLATE: the settling boot itself, in DIR, with this scenario's devices;
# everything it sets is local (bash's dynamic scope hands the locals to vm_boot).
vm_settle_boot() {
	local W=$1 vm_failures=0 VM_LOG VM_TIMED_OUT VM_TRIGGERED VM_KILLED
	local VM_CMDLINE="console=ttyS0 panic=-1 hibseal_vm.scenario=settle $VM_NO_KUNIT"
	local VM_KERNEL=$VM_DEFAULT_KERNEL VM_INITRD=$B/initramfs.cpio.gz VM_BOOT_TIMEOUT=300
	local VM_TRIGGER='' VM_TRIGGER_IF='' VM_WAKE=0 VM_EXPECT_CRASH=0
	local VM_SWAP_BLKDEBUG='' VM_SWAP_OPTS='' VM_TPM_TRAFFIC=0 VM_ROOT_IMG=${VM_ROOT_IMG:-}
	rm -rf "$W"
	mkdir -p "$W"
	vm_tpm_new "$W/tpm" || return 1
	cp "$2" "$W/vars.fd"
	truncate -s 256M "$W/swap.img"
	[ -z "$VM_ROOT_IMG" ] || { VM_ROOT_IMG=$W/root.img; truncate -s 64M "$VM_ROOT_IMG"; }
	"$top/scripts/mkuki.sh" "$VM_KERNEL" "$VM_INITRD" "$VM_CMDLINE" "$W/uki.efi"
	"$top/scripts/mkesp.sh" "$W/uki.efi" "$W/esp.img"
	vm_boot settle
	expect '^HIBSEAL: settled$' "the firmware-settling boot to reach its guest"
	expect '^HIBSEAL-DONE rc=0$' "the firmware-settling boot to finish"
	[ "$vm_failures" = 0 ] && [ "$VM_TIMED_OUT" = 0 ]
}

# vm_tpm_new DIR: a new machine's TPM: empty state in DIR, manufactured with VM_TPM_BANKS.
vm_tpm_new() {
	rm -rf "$1"
	mkdir -p "$1"
	[ "$VM_TPM_BANKS" != all ] || return 0
	swtpm_setup --tpm2 --tpmstate "$1" --pcr-banks "$VM_TPM_BANKS" >"$1.setup.log" 2>&1 || {
		diag "swtpm_setup --pcr-banks $VM_TPM_BANKS failed: $(tail -n 1 "$1.setup.log")"
		return 1
	}
}

# vm_settle_vars: the first boot of this variable store, made once per firmware, template and
# device set (TPM, root disk, direct boot) by a guest that powers off at once, on throwaway
# disks and TPM state; the result is kept in $B/vm/settled/ and copied in for every scenario.
# Boot options name devices by their PCI path, so the disks' contents do not matter.
vm_settle_vars() {
	local template key cache dir=$B/vm/settled rc=0 lock
	template=$(cat "$W/vars.unsettled")
	key=$( { cat "$OVMF_CODE" "$template"
		printf '%s\n' "$VM_TPM" "$VM_TPM_BANKS" "${VM_ROOT_IMG:+root}" "${VM_DIRECT:-0}"; } |
		sha256sum | cut -c1-16)
	cache=$dir/vars.$key.fd
	mkdir -p "$dir"
	# Scenarios run side by side (tests/run.sh): one settles, the other waits and copies.
	exec {lock}>"$dir/lock"
	flock "$lock"
	if [ ! -s "$cache" ]; then
		vm_settle_boot "$dir/work.$$" "$template" || rc=$?
		if [ $rc = 0 ]; then
			cp "$dir/work.$$/vars.fd" "$cache.$$"
			mv "$cache.$$" "$cache"
			rm -rf "$dir/work.$$"
		fi
	fi
	exec {lock}>&-
	if [ $rc != 0 ]; then
		fail "the firmware-settling boot failed (logs in $dir/work.$$)"
		vm_done
	fi
	cp "$cache" "$W/vars.fd"
	rm -f "$W/vars.unsettled"
}

# vm_save_state NAME / vm_restore_state NAME: the machine as it is between boots (TPM state,
# firmware variables, ESP with its UKI, swap disk), kept aside and put back: a refusal's
# positive control restores what the attack changed and shows that the same image resumes.
vm_save_state() {
	rm -rf "$W/saved-$1"
	mkdir -p "$W/saved-$1"
	cp -a "$W/tpm" "$W/saved-$1/tpm"
	cp --sparse=always "$W/vars.fd" "$W/esp.img" "$W/swap.img" "$W/saved-$1/"
	[ ! -f "$W/uki.efi" ] || cp "$W/uki.efi" "$W/saved-$1/"	# (the Debian VM has none)
}
vm_restore_state() {
	[ -d "$W/saved-$1" ] || { fail "no saved state $1"; return 1; }
	rm -rf "$W/tpm"
	cp -a "$W/saved-$1/tpm" "$W/tpm"
	cp --sparse=always "$W/saved-$1/vars.fd" "$W/saved-$1/esp.img" "$W/saved-$1/swap.img" "$W/"
	[ ! -f "$W/saved-$1/uki.efi" ] || cp "$W/saved-$1/uki.efi" "$W/"
}

# vm_tpm none|swtpm [tpm-tis|tpm-crb]: boot without a TPM, or with swtpm behind that interface,
# from now on in this scenario.
vm_tpm() {
	VM_TPM=$1
	VM_TPM_IF=${2:-$VM_TPM_IF}
}

# vm_uki [--unsigned] [EXTRA CMDLINE...]: pack this scenario's UKI and its ESP disk image. The
# command line names the scenario for the guest's /init (and VM_GUEST, if set, the guest script
# it runs); the swap disk is the resume device. VM_KERNEL and VM_INITRD override the kernel
# and the initramfs.
vm_uki() {
	local unsigned=
	if [ "${1:-}" = --unsigned ]; then
		unsigned=--unsigned
		shift
	fi
	VM_CMDLINE="console=ttyS0 panic=-1 resume=/dev/vdb hibseal_vm.scenario=$VM_NAME"
	[ "${VM_KUNIT:-0}" = 1 ] || VM_CMDLINE="$VM_CMDLINE $VM_NO_KUNIT"
	[ -z "${VM_GUEST:-}" ] || VM_CMDLINE="$VM_CMDLINE hibseal_vm.guest=$VM_GUEST"
	[ $# = 0 ] || VM_CMDLINE="$VM_CMDLINE $*"
	"$top/scripts/mkuki.sh" $unsigned "${VM_KERNEL:-$VM_DEFAULT_KERNEL}" "${VM_INITRD:-$B/initramfs.cpio.gz}" \
		"$VM_CMDLINE" "$W/uki.efi"
	"$top/scripts/mkesp.sh" "$W/uki.efi" "$W/esp.img"
}

# debian_init: this scenario boots the Debian 13 VM (scripts/mkdebian.sh): its own copy of the
# root disk as vdc (vda the ESP, vdb the swap disk as ever). Sets DEBIAN_SWAPFILE_OFFSET.
debian_init() {
	local D=$B/debian kver kernel_deb tools_deb
	if [ ! -f "$D/root.img" ] || [ ! -f "$D/esp-partition.img" ] || [ ! -f "$D/built-from" ]; then
		diag "no Debian VM in $D: run 'make debian' first"
		exit 1
	fi
	# The VM must carry this build's kernel and tools, not those of an earlier make debian.
	kver=$(cut -d' ' -f3 "$B/kernel.version")
	kernel_deb=$B/deb/kernel/linux-image-${kver}_${kver}-1_amd64.deb
	tools_deb=$(find "$B/deb" -maxdepth 1 -name 'hibseal-tools_*_amd64.deb' 2>/dev/null | head -n 1)
	if [ "$(sha256sum "$kernel_deb" "$tools_deb" "$B/ovmf/snakeoil.pem" 2>/dev/null | cut -d' ' -f1)" != "$(cat "$D/built-from")" ]; then
		diag "the Debian VM in $D was not made from this build's packages ($kernel_deb, ${tools_deb:-no hibseal-tools package}) and firmware key ($B/ovmf/snakeoil.pem): run 'make debian'"
		exit 1
	fi
	cp --sparse=always "$D/root.img" "$W/root.img"
	VM_ROOT_IMG=$W/root.img
	# A swap partition from the start: initramfs-tools waits 30 s for a resume device that
	# blkid cannot name.
	mkswap -q "$W/swap.img" >/dev/null
	# shellcheck disable=SC2034 # read by eco.swapfile
	DEBIAN_SWAPFILE_OFFSET=$(cat "$D/swapfile.offset")
	# systemd, udev and D-Bus under TCG: a boot takes a minute or so.
	VM_BOOT_TIMEOUT=${VM_DEBIAN_TIMEOUT:-400}
}

# debian_esp VARIANT: the Debian VM's ESP as its own tools made it (scripts/mkdebian.sh):
# systemd-boot, and the signed UKI kernel-install built with ukify when dpkg installed our
# kernel package, its command line that of VARIANT: partition (resume=/dev/vdb), swapfile
# (resume= and resume_offset= of /swapfile), initramfs (no resume=: initramfs-tools' RESUME=),
# reason (no resume=); each with hibseal_eco=MODE for the test service
# (tests/vm/debian/eco.sh). The same ESP serves every boot of the scenario (PCR 4 measures
# systemd-boot and the UKI).
debian_esp() {
	local esp=$B/debian/esp-$1.img
	[ -f "$esp" ] || { diag "no $esp: run 'make debian' first"; exit 1; }
	cp "$esp" "$W/esp.img"
}

# eco_hibernate MODE [TPM_DRIVER]: the Debian VM's first boot: systemd booted with no failed unit, under
# lockdown with sealing ready, swap on, logind saying yes, `systemctl hibernate`, the image
# written and the power off. Sets ECO_MARKER (the user process's) and ECO_BOOT_ID.
eco_hibernate() {
	vm_boot hibernate
	expect "^HIBSEAL: boot mode=$1 lockdown=integrity state=\\[.*disk.*\\] seal=ready systemd=257 tpm=${2:-tpm_tis} " \
		"Debian 13's systemd 257 up under lockdown, 'disk' offered, sealing ready, the TPM on ${2:-tpm_tis}"
	expect '^HIBSEAL: boot .* system=running failed=$' \
		"the boot finished with no failed unit (saw system=$(guest_value system) failed=$(guest_value failed))"
	expect '^HIBSEAL: can-hibernate=yes$' "logind to say hibernation is possible"
	expect 'PM: hibernation: Wrote [0-9]+ kbytes' "the image to be written"
	expect_not 'hibernate-refused' "a refused hibernation"
	[ "$VM_TIMED_OUT" = 0 ] || fail "the machine did not power off after writing the image"
	ECO_MARKER=$(guest_value marker)
	ECO_BOOT_ID=$(guest_value boot_id)
	[ -n "$ECO_MARKER" ] || fail "no marker from the user process"
}

# expect_eco_resumed: this boot verified and restored eco_hibernate's image, and the user process
# answered from memory with its marker, in the same boot.
expect_eco_resumed() {
	expect 'PM: hibernation: resume from hibernation' "the kernel to find the image"
	expect "$KLINE_VERIFIED" "the image to be verified"
	expect 'PM: hibernation: hibernation exit' "the restored kernel to leave hibernation"
	expect "^HIBSEAL: resumed user-marker=$ECO_MARKER user-pid=[0-9]+ user-uid=1000 answers=1 boot_id=$ECO_BOOT_ID file-marker=$ECO_MARKER\$" \
		"the user process to answer with its marker $ECO_MARKER, in boot $ECO_BOOT_ID"
	expect_not 'image refused' "a refusal"
	expect_not '^HIBSEAL: boot mode=' "a fresh boot"
	expect '^HIBSEAL: resumed-status last-resume=resumed$' "hibseal status to say it was resumed"
}

# us_initramfs_roundtrip MODE BUILDER: the Debian VM hibernates with `hibseal suspend` (test
# service mode MODE), and its initramfs runs `hibseal resume` at both boots. BUILDER is an
# extended regex of a console line only that initramfs builder's initramfs prints (the first
# boot must show it: the UKI carries the initramfs the scenario means). The first boot's
# initramfs finds no image; the image is then on the disk (its signature, and `hibseal inspect`
# on the host); the second boot's initramfs finds it before the root is mounted, the kernel
# verifies and restores it, the user process answers from memory, swap is usable again.
us_initramfs_roundtrip() {
	local mode=$1 builder=$2 marker boot_id sig
	vm_boot hibernate
	expect "$builder" "the initramfs to be the one the scenario built"
	# (Not anchored: initramfs-tools' "Begin: ..." or journald's "NAME[PID]: " may come first.)
	expect 'hibseal resume: no image on /dev/vdb$' \
		"the initramfs's hibseal resume to run, and find no image on a fresh swap area"
	expect "^HIBSEAL: boot mode=$mode lockdown=integrity state=\\[.*disk.*\\] seal=ready systemd=257 " \
		"Debian 13's systemd up under lockdown, sealing ready"
	expect '^HIBSEAL: boot .* system=running failed=$' \
		"the boot finished with no failed unit (saw system=$(guest_value system) failed=$(guest_value failed))"
	expect '^hibseal suspend: image stored: [0-9]+ bytes in [0-9]+ swap pages of /dev/vdb; powering off$' \
		"hibseal suspend to store the sealed image"
	expect_not 'hibernate-refused' "a refused hibernation"
	[ "$VM_TIMED_OUT" = 0 ] || fail "the machine did not power off after storing the image"
	marker=$(guest_value marker)
	boot_id=$(guest_value boot_id)
	[ -n "$marker" ] || fail "no marker from the user process"
	sig=$(dd if="$W/swap.img" bs=1 skip=4086 count=9 2>/dev/null)
	[ "$sig" = ULSUSPEND ] || fail "the swap area does not announce an image (signature '$sig')"
	"$B/uswsusp/hibseal" inspect "$W/swap.img" >"$W/inspect.txt" 2>&1 ||
		fail "hibseal inspect on the host: $(tail -n 1 "$W/inspect.txt")"
	grep -q '^format: .*stored by hibseal suspend' "$W/inspect.txt" ||
		fail "the image on the disk is not one hibseal suspend stored"

	vm_boot resume 'HIBSEAL-DONE'
	expect "$builder" "the same initramfs at the resume boot"
	expect "hibseal: pending image's key unsealed from its EFI copy" \
		"the window to unseal the pending image's key"
	expect 'hibseal resume: image found on /dev/vdb: [0-9]+ bytes of sealed stream$' \
		"the initramfs's hibseal resume to find the image"
	expect "$KLINE_VERIFIED" \
		"every chunk and the image MAC verified"
	expect_order 'hibseal resume: image found' 'hibseal: image verified' \
		"the image verified after the initramfs handed it over"
	expect "^HIBSEAL: resumed user-marker=$marker user-pid=[0-9]+ user-uid=1000 answers=1 boot_id=$boot_id file-marker=$marker\$" \
		"the user process to answer with its marker $marker, in boot $boot_id"
	expect '^HIBSEAL: resumed-status last-resume=resumed$' "hibseal status to say it was resumed"
	expect '^HIBSEAL: resumed-swap signature=swap reuse=ok$' "swap to be usable after the resume"
	expect_not 'image refused' "a refusal"
	expect_not '^HIBSEAL: boot mode=' "a fresh boot"
}

# vm_accel: "kvm" if a probe boot under KVM reaches our /init, else "tcg"; probed once per build.
vm_accel() {
	local probe=$B/vm/accel log=$B/vm/accel-probe.log
	if [ ! -s "$probe" ]; then
		# Per process, then renamed: scenarios run side by side may probe at the same time.
		mkdir -p "$B/vm"
		echo tcg >"$probe.$$"
		if [ -w /dev/kvm ] && timeout --kill-after=5 15 qemu-system-x86_64 -accel kvm \
			-machine q35 -m 256 -display none -monitor none -no-reboot -net none \
			-serial "file:$log.$$" -kernel "$B/bzImage" -initrd "$B/initramfs.cpio.gz" \
			-append "console=ttyS0 panic=-1 hibseal_vm.scenario=kvm-probe" \
			>/dev/null 2>&1 && grep -q '^HIBSEAL-DONE' "$log.$$"; then
			echo kvm >"$probe.$$"
		fi
		[ ! -f "$log.$$" ] || mv "$log.$$" "$log"
		mv "$probe.$$" "$probe"
	fi
	cat "$probe"
}

# start_swtpm: the scenario's TPM, from its state directory; swtpm exits when QEMU disconnects,
# so every boot starts it again (a power cycle: seeds and NV kept, PCRs reset). With
# VM_TPM_TRAFFIC=1, swtpm logs every command and response in hex, what a TPM bus interposer
# would see, to LABEL.tpm-traffic beside the boot's console log.
start_swtpm() {
	local log="file=$W/tpm/swtpm.log"
	[ "${VM_TPM_TRAFFIC:-0}" = 0 ] || log="file=${VM_LOG%.log}.tpm-traffic,level=20"
	rm -f "$W/tpm/sock" "$W/tpm/swtpm.pid"
	timeout --kill-after=5 $((VM_BOOT_TIMEOUT + 30)) swtpm socket --tpm2 \
		--tpmstate dir="$W/tpm" --ctrl type=unixio,path="$W/tpm/sock" \
		--flags startup-clear --log "$log" --pid file="$W/tpm/swtpm.pid" &
	swtpm_pid=$!
	vm_pids+=("$swtpm_pid")
	for _ in $(seq 50); do
		[ -S "$W/tpm/sock" ] && return 0
		sleep 0.1
	done
	diag "swtpm did not create its socket"
	return 1
}

# vm_kill_tpm: the TPM dies now (SIGKILL to swtpm itself, not to its timeout wrapper).
vm_kill_tpm() {
	[ -s "$W/tpm/swtpm.pid" ] && kill -9 "$(cat "$W/tpm/swtpm.pid")"
}

# vm_kill_qemu: power is cut now (SIGKILL to QEMU itself, not to its timeout wrapper). Sets
# VM_KILLED=1 when QEMU was there to kill (vm_boot resets it).
vm_kill_qemu() {
	[ -s "$W/qemu.pid" ] && kill -9 "$(cat "$W/qemu.pid")" && VM_KILLED=1
}

# The kernel crashed, oopsed, warned or hit a BUG; or /init died. Matched in every boot's log.
KERNEL_TROUBLE='Kernel panic|BUG:|kernel BUG at|Oops|invalid opcode|general protection fault|WARNING:|Call Trace:|Attempted to kill init'

# kernel_trouble FILE: print the first line of FILE that shows kernel trouble; status 1 if none.
kernel_trouble() {
	grep -Em1 "$KERNEL_TROUBLE" "$1"
}

# vm_monitor COMMAND: run one command on QEMU's human monitor, print its reply.
vm_monitor() {
	python3 - "$W/monitor.sock" "$1" <<'PY'
import socket, sys, time
s = socket.socket(socket.AF_UNIX)
s.settimeout(5)
s.connect(sys.argv[1])
out = b""
def until_prompt():
    global out
    end = time.time() + 5
    while not out.endswith(b"(qemu) ") and time.time() < end:
        chunk = s.recv(4096)
        if not chunk:
            break
        out += chunk
until_prompt()
out = b""
s.sendall(b"%s\n" % sys.argv[2].encode())
until_prompt()
s.close()
sys.stdout.write(out.decode(errors="replace"))
PY
}

# vm_sendkey KEYS: a key press on the VM's PS/2 keyboard, through QEMU's monitor (e.g.
# alt-sysrq-x): to the guest kernel, a physical keyboard.
vm_sendkey() {
	vm_monitor "sendkey $1" >/dev/null
}

# vm_wake_if_suspended: when the guest sleeps in S3, press the power button's wake-up (QEMU's
# system_wakeup); used by vm_boot with VM_WAKE=1.
vm_wake_if_suspended() {	# status 0 if it woke the guest
	vm_monitor 'info status' 2>/dev/null | grep -q 'suspended' || return 1
	vm_monitor system_wakeup >/dev/null
}

# host_swap_signature [PAGE]: the magic at the end of the swap area's header page (page 0 of the
# swap disk image, or PAGE for a swap file), read on the host (the guest's view may come from
# its page cache): SWAPSPACE2, S1SUSPEND, ULSUSPEND, ... or "none".
host_swap_signature() {
	local m
	m=$(dd if="$W/swap.img" bs=1 skip=$((${1:-0} * 4096 + 4086)) count=10 2>/dev/null |
		tr -dc 'A-Z0-9')
	echo "${m:-none}"
}

# swap_kib: KiB the swap disk image holds so far (it starts sparse).
swap_kib() {
	du -k "$W/swap.img" | cut -f1
}

# vm_boot LABEL [STOP_REGEX]: one power-on of the VM, serial console to $W/LABEL.log. QEMU ends
# when the guest powers off, when STOP_REGEX appears on the console (the harness stops it then),
# or at VM_BOOT_TIMEOUT, which fails the scenario. VM_TRIGGER_CMD is run once when the regex
# VM_TRIGGER appears on the console, or when the command VM_TRIGGER_IF succeeds (polled every
# 0.2 s); the console as it was then is kept in $W/LABEL.at-trigger.log. Sets VM_LOG, VM_TIMED_OUT, VM_TRIGGERED (1 if the
# trigger fired) and VM_KILLED (1 if vm_kill_qemu cut the power). While QEMU runs, console
# lines end with CR LF: do not anchor VM_TRIGGER with $.
# With VM_WAKE=1 a guest in S3 is woken after a second or so, as often as it suspends (at most
# VM_WAKE_MAX times, if set).
# With VM_DIRECT=1 the firmware boots the kernel, initramfs and command line QEMU hands it
# (-kernel, -initrd, -append VM_CMDLINE; vm_uki still sets VM_CMDLINE) instead of the UKI: a
# chain on which nothing measures the kernel or its command line, so the kernel does not seal
# (no scenario uses it now). This OVMF boots that kernel unsigned (it says its check failed).
# shellcheck disable=SC2034
vm_boot() {
	local label=$1 stop=${2:-} accel qemu_pid rc=0
	[ ! -f "$W/vars.unsettled" ] || vm_settle_vars
	VM_LOG=$W/$label.log
	VM_TIMED_OUT=0
	VM_TRIGGERED=0
	VM_KILLED=0
	rm -f "$W/$label.at-trigger.log"
	accel=$(vm_accel)
	: >"$VM_LOG"
	rm -f "$W/qemu.pid"
	local tpm_args=()
	swtpm_pid=
	if [ "$VM_TPM" = swtpm ]; then
		start_swtpm
		# shellcheck disable=SC2054 # commas separate QEMU suboptions
		tpm_args=(-chardev "socket,id=chrtpm,path=$W/tpm/sock"
			-tpmdev emulator,id=tpm0,chardev=chrtpm -device "$VM_TPM_IF,tpmdev=tpm0")
	fi
	local swap_file=$W/swap.img root_args=()
	# The Debian VM's root disk (debian_init): vdc.
	# shellcheck disable=SC2054
	[ -z "${VM_ROOT_IMG:-}" ] ||
		root_args=(-drive "if=none,id=root,format=raw,file=$VM_ROOT_IMG"
			-device virtio-blk-pci,drive=root,addr=0x7)
	[ -z "${VM_SWAP_BLKDEBUG:-}" ] || swap_file=blkdebug:$VM_SWAP_BLKDEBUG:$W/swap.img
	local blank_args=() esp_boot=
	if [ -n "$VM_BLANK_DISK_FIRST" ]; then
		[ -f "$W/blank.img" ] || truncate -s 1M "$W/blank.img"
		# shellcheck disable=SC2054
		blank_args=(-drive "if=none,id=blank,format=raw,file=$W/blank.img"
			-device virtio-blk-pci,drive=blank,addr=0x8,bootindex=0)
		esp_boot=,bootindex=1
	fi
	local direct_args=()
	[ "${VM_DIRECT:-0}" = 0 ] ||
		direct_args=(-kernel "${VM_KERNEL:-$VM_DEFAULT_KERNEL}"
			-initrd "${VM_INITRD:-$B/initramfs.cpio.gz}" -append "$VM_CMDLINE")
	timeout --kill-after=5 "$VM_BOOT_TIMEOUT" qemu-system-x86_64 \
		-machine q35,smm=on -accel "$accel" ${VM_CPU:+-cpu "$VM_CPU"} -m "$VM_MEM" -smp "$VM_SMP" \
		-global driver=cfi.pflash01,property=secure,value=on \
		-drive if=pflash,format=raw,unit=0,readonly=on,file="$OVMF_CODE" \
		-drive if=pflash,format=raw,unit=1,file="$W/vars.fd" \
		-drive if=none,id=esp,format=raw,file="$W/esp.img" \
		-device "virtio-blk-pci,drive=esp,addr=0x5$esp_boot" "${blank_args[@]}" \
		-drive "if=none,id=swap,format=raw,file=$swap_file${VM_SWAP_OPTS:+,$VM_SWAP_OPTS}" \
		-device virtio-blk-pci,drive=swap,addr=0x6 \
		"${root_args[@]}" "${tpm_args[@]}" "${direct_args[@]}" \
		-display none -monitor "unix:$W/monitor.sock,server=on,wait=off" \
		-no-reboot -net none -serial "file:$VM_LOG" \
		-pidfile "$W/qemu.pid" \
		>"$W/$label.qemu.out" 2>&1 &
	qemu_pid=$!
	vm_pids+=("$qemu_pid")
	local triggered=0 stopped=0 ticks=0 wakes=0
	while kill -0 "$qemu_pid" 2>/dev/null; do
		if [ -n "$stop" ] && grep -Eq "$stop" "$VM_LOG"; then
			stopped=1
			kill "$qemu_pid" 2>/dev/null || true
			break
		fi
		if [ $triggered = 0 ] && { { [ -n "${VM_TRIGGER:-}" ] && grep -Eq "$VM_TRIGGER" "$VM_LOG"; } ||
			{ [ -n "${VM_TRIGGER_IF:-}" ] && eval "$VM_TRIGGER_IF"; }; }; then
			triggered=1
			VM_TRIGGERED=1
			cp "$VM_LOG" "$W/$label.at-trigger.log"
			eval "$VM_TRIGGER_CMD"
		fi
		ticks=$((ticks + 1))
		if [ "${VM_WAKE:-0}" = 1 ] && [ $((ticks % 5)) = 0 ] &&
			{ [ -z "${VM_WAKE_MAX:-}" ] || [ "$wakes" -lt "$VM_WAKE_MAX" ]; }; then
			! vm_wake_if_suspended || wakes=$((wakes + 1))
		fi
		sleep 0.2
	done
	wait "$qemu_pid" || rc=$?
	# The serial console ends lines with CR LF; assertions work on plain lines.
	sed -i 's/\r$//' "$VM_LOG"
	[ ! -f "$W/$label.at-trigger.log" ] || sed -i 's/\r$//' "$W/$label.at-trigger.log"
	# Whatever the scenario, the kernel must not have crashed or warned, nor /init died. With
	# VM_EXPECT_CRASH=1 the guest crashes on purpose (SysRq+c) into a crash kernel: that crash,
	# from its trigger to the crash kernel's banner, is left out, and must be there.
	local crash_log=$VM_LOG
	if [ "${VM_EXPECT_CRASH:-0}" = 1 ]; then
		crash_log=$W/$label.nocrash.log
		sed '/sysrq: Trigger a crash/,/\] Linux version /d' "$VM_LOG" >"$crash_log"
		expect 'sysrq: Trigger a crash' "the crash the guest asked for"
	fi
	local trouble
	if trouble=$(kernel_trouble "$crash_log"); then
		fail "$(basename "$VM_LOG"): unexpected a kernel crash or warning: $trouble"
	fi
	if [ "$rc" = 124 ] || { [ "$rc" = 137 ] && [ $stopped = 0 ] && [ $triggered = 0 ]; }; then
		VM_TIMED_OUT=1
		# Every boot must end by itself or at its stop regex: one that hangs after the last
		# line a scenario asserts on fails it all the same.
		fail "$label: QEMU still running after ${VM_BOOT_TIMEOUT}s, stopped: the boot did not end"
	fi
	# swtpm exits by itself once QEMU has gone; give it a moment, then stop it.
	for _ in $(seq 20); do
		[ -n "$swtpm_pid" ] || break
		kill -0 "$swtpm_pid" 2>/dev/null || break
		sleep 0.1
	done
	if [ -n "$swtpm_pid" ]; then
		kill "$swtpm_pid" 2>/dev/null || true
		wait "$swtpm_pid" 2>/dev/null || true
	fi
	vm_pids=()
}

fail() {
	diag "$*"
	vm_failures=$((vm_failures + 1))
}

# expect REGEX WHAT: the current boot's console log must match the extended regex.
expect() {
	grep -Eq -- "$1" "$VM_LOG" || fail "$(basename "$VM_LOG"): expected $2 (/$1/)"
}

# expect_not REGEX WHAT: the current boot's console log must not match.
expect_not() {
	if grep -Eq -- "$1" "$VM_LOG"; then
		fail "$(basename "$VM_LOG"): unexpected $2: $(grep -Em1 -- "$1" "$VM_LOG")"
	fi
}

# expect_order REGEX1 REGEX2 WHAT: both appear in this boot's log, the first REGEX1 line before
# the first REGEX2 line.
expect_order() {
	local a b
	a=$(grep -Ean -- "$1" "$VM_LOG" | head -n 1 | cut -d: -f1)
	b=$(grep -Ean -- "$2" "$VM_LOG" | head -n 1 | cut -d: -f1)
	if [ -z "$a" ] || [ -z "$b" ] || [ "$a" -ge "$b" ]; then
		fail "$(basename "$VM_LOG"): expected $3: /$1/ (line ${a:-none}) before /$2/ (line ${b:-none})"
	fi
}

# expect_before_thaw REGEX FROM WHAT: the first REGEX line of this boot's log comes before the
# tasks restart ("Restarting tasks") that follows the first line matching FROM.
expect_before_thaw() {
	local at thaw
	at=$(grep -Ean -- "$1" "$VM_LOG" | head -n 1 | cut -d: -f1)
	thaw=$(awk -v from="$2" '$0 ~ from { f = 1 } f && /Restarting tasks/ { print NR; exit }' "$VM_LOG")
	if [ -z "$at" ] || [ -z "$thaw" ] || [ "$at" -ge "$thaw" ]; then
		fail "$(basename "$VM_LOG"): expected $3 before tasks thawed (line ${at:-none}, thaw ${thaw:-none})"
	fi
}

# expect_made_stale FROM: this boot's window advanced the anti-replay counter to a value (set
# in STALE_N: the one its image records), and after writing that image the kernel advanced it
# once more, saying the image is stale, before the tasks restart that follows FROM.
expect_made_stale() {
	STALE_N=$(grep -o 'anti-replay counter advanced to [0-9]*, blob epoch' "$VM_LOG" |
		grep -o '[0-9][0-9]*' | head -n 1 || true)
	if [ -z "$STALE_N" ]; then
		fail "$(basename "$VM_LOG"): no counter value from the boot window"
		STALE_N=0
	fi
	expect "hibseal: this boot wrote a sealed image and runs on: anti-replay counter advanced to $((STALE_N + 1)), that image is stale" \
		"the kernel to make the image it wrote stale"
	expect_before_thaw 'that image is stale' "$1" "the image made stale"
}

# guest_value KEY: the value of the last 'HIBSEAL: ... KEY=VALUE' the guest reported this boot.
guest_value() {
	grep -a '^HIBSEAL: ' "$VM_LOG" | grep -o -- "$1=[^ ]*" | tail -n 1 | cut -d= -f2- || true
}

# hibseal_state_paddr: where the guest kernel's hibseal state lies in RAM, as root computes it:
# the start of "Kernel data" in /proc/iomem (the guest's kernel-data= line this boot) plus the
# offset of `hibseal` from _sdata in System.map.
hibseal_state_paddr() {
	local map=$B/linux/System.map data
	data=$(guest_value kernel-data | sed -n 's/^\([0-9a-f]*\)-[0-9a-f]*:Kerneldata.*/\1/p')
	[ -n "$data" ] || { fail "the guest reported no Kernel data range"; return 1; }
	echo $(( 0x$data + 0x$(awk '$3 == "hibseal" { print $1; exit }' "$map") -
		0x$(awk '$3 == "_sdata" { print $1 }' "$map") ))
}

# expect_no_secret_in_ram CHILD: CHILD is the log of a kernel started by kexec (from "kexec_core:
# Starting new kernel" on) that scanned RAM as kexec-read-child does: a "memread: kcore scan
# match" line per copy of the first kernel's closed window PCR value, with the 32 bytes after
# it, then one per copy of the line the first kernel planted (kexec_prepare). The child saw the
# first kernel's closed value (the TPM was not reset); its scan found the planted line and
# reached the first kernel's hibseal state (positive controls: it reads RAM, and the right
# place) and found zeros after the value there (the secret wiped); and no other copy has
# anything but zeros after it.
expect_no_secret_in_ram() {
	local hs found='' paddr after zero copies closed marker
	# The first kernel's value, from its part of the log (guest_value takes the child's own).
	closed=$(sed '/kexec_core: Starting new kernel/q' "$VM_LOG" | grep -a '^HIBSEAL: pcr14-now=' |
		tail -n 1 | cut -d= -f2)
	[[ "$closed" =~ ^[0-9a-f]{64}$ ]] || { fail "the first kernel reported no PCR 14 ('$closed')"; return 1; }
	grep -q "^HIBSEAL: pcr14-now=$closed\$" <<<"$1" ||
		fail "the kexec'd kernel does not see the first kernel's closed window PCR value"
	marker=$(sed '/kexec_core: Starting new kernel/q' "$VM_LOG" | grep -a -o '^HIBSEAL: planted=[0-9a-f]*' |
		tail -n 1 | cut -d= -f2)
	[ ${#marker} = 16 ] || fail "the first kernel planted no line ('$marker')"
	grep -q "^HIBSEAL: planted memread: kcore scan match paddr=0x[0-9a-f]* after hex=$(printf %s "$marker" |
		od -An -tx1 | tr -d ' \n') zero=[01]\$" <<<"$1" ||
		fail "the kexec'd kernel's scan did not find the line the first kernel planted (positive control)"
	hs=$(hibseal_state_paddr) || return 1
	while read -r paddr after zero; do
		if [ $((paddr)) -ge "$hs" ] && [ $((paddr)) -lt $((hs + 1024)) ]; then
			found=$zero
			diag "hibseal's closed window PCR value at 0x$(printf %x $((paddr))), then $after"
		else
			diag "also in RAM (not hibseal's state): $paddr $after $zero"
		fi
	done < <(sed -n "s/^HIBSEAL: memread: kcore scan match paddr=\(0x[0-9a-f]*\) after hex=\([0-9a-f]*\) \(zero=[01]\)\$/\1 \2 \3/p" <<<"$1")
	[ -n "$found" ] || { fail "root's scan of RAM did not reach the first kernel's hibseal state (at 0x$(printf %x "$hs"))"; return 1; }
	[ "$found" != zero=0 ] || fail "the first kernel's boot secret is in RAM after kexec (nonzero bytes after the closed value)"
	copies=$(grep -c "^HIBSEAL: memread: kcore scan match .* zero=0\$" <<<"$1" || true)
	[ "$copies" = 0 ] || fail "$copies copies of hibseal's state with a secret in them are in RAM after kexec"
}

# seal_hibernate: one boot that hibernates under Secure Boot lockdown with a sealed image and
# powers off. Sets SEAL_MARKER and SEAL_BOOT_ID, what the resumed script must show. The mode it
# expects: SEAL_LOCKDOWN (integrity) and SEAL_SECUREBOOT (1).
seal_hibernate() {
	vm_boot hibernate
	expect "^HIBSEAL: lockdown=${SEAL_LOCKDOWN:-integrity} secureboot=${SEAL_SECUREBOOT:-1} state=\\[.*disk.*\\] seal=ready\$" \
		"lockdown ${SEAL_LOCKDOWN:-integrity}, 'disk' offered, sealing ready"
	expect '^HIBSEAL: hibernating marker=' "the guest to start hibernating"
	expect 'PM: hibernation: Wrote [0-9]+ kbytes' "the image to be written"
	expect_not 'hibernate-refused' "a refused hibernation"
	[ "$VM_TIMED_OUT" = 0 ] || fail "the machine did not power off after writing the image"
	SEAL_MARKER=$(guest_value marker)
	SEAL_BOOT_ID=$(guest_value boot_id)
}

# expect_resumed: this boot restored the image written by seal_hibernate, after verifying it.
expect_resumed() {
	expect "$KLINE_VERIFIED" "the image to be verified"
	expect 'PM: hibernation: hibernation exit' "the restored kernel to leave hibernation"
	expect "^HIBSEAL: resumed marker=$SEAL_MARKER file-marker=$SEAL_MARKER boot_id=$SEAL_BOOT_ID swap-signature=SWAPSPACE2\$" \
		"the script to continue with marker $SEAL_MARKER and boot id $SEAL_BOOT_ID"
	expect_not 'image refused' "a refusal"
	expect_not '^HIBSEAL: boot ' "a fresh boot of /init"
	expect '^HIBSEAL: resume-outcome=resumed$' "the kernel to say it was resumed"
}

# expect_outcome_is_refusal [LINE]: /sys/power/hibernate_seal_resume, as the fresh boot printed
# it after LINE (a console line's start; default "HIBSEAL: resume-outcome=", /init's), says
# what the kernel's refusal line says: "refused: REASON" for "image refused: REASON", or
# "stale: WHY" for "image refused: it is stale: WHY".
# shellcheck disable=SC2120 # LINE is given by the eco scenarios, which source this file
expect_outcome_is_refusal() {
	local line want got at=${1:-HIBSEAL: resume-outcome=}
	line=$(grep -a -m1 'hibseal: image refused: ' "$VM_LOG" | sed 's/.*hibseal: image refused: //')
	case "$line" in
	"it is stale: "*) want="stale: ${line#it is stale: }" ;;
	*) want="refused: $line" ;;
	esac
	got=$(grep -a -m1 "^$at" "$VM_LOG" | cut -c$((${#at} + 1))-)
	if [ -z "$line" ] || [ "$got" != "$want" ]; then
		fail "$(basename "$VM_LOG"): expected /sys/power/hibernate_seal_resume to read '$want', it read '$got'"
	fi
}

# expect_refused REGEX WHAT: this boot refused the image, which DESIGN.md section 7 spells out:
# one reason line, no page restored (the hibernated script never continues, /init runs afresh
# in a new boot), and the swap signature restored, so swap works.
expect_refused() {
	local n
	expect "image refused: $1" "the refusal reason: $2"
	n=$(grep -ac 'image refused' "$VM_LOG" || true)
	[ "$n" = 1 ] || fail "$(basename "$VM_LOG"): expected one refusal line, saw $n"
	expect_not 'PM: hibernation: hibernation exit' "a restored kernel"
	expect_not '^HIBSEAL: resumed' "the hibernated script continuing"
	expect_not "boot_id=$SEAL_BOOT_ID" "the hibernated boot's id"
	expect '^HIBSEAL: boot scenario=' "a fresh boot of /init"
	expect_outcome_is_refusal
	expect '^HIBSEAL: fresh-boot swap-signature=SWAPSPACE2$' "the swap signature restored"
	expect '^HIBSEAL: swapon=ok$' "swap to be usable"
	expect '^HIBSEAL-DONE rc=' "the fresh system to run its script to the end"
}

# vm_kernel_variant NAME: boot the kernel `make kernel-NAME` built (scripts/build-kernel.sh NAME)
# from now on in this scenario, after checking that its configuration is the fragment's.
vm_kernel_variant() {
	local S=$B/kernel-$1
	if [ ! -f "$S/bzImage" ] || [ ! -f "$S/linux/.config" ]; then
		diag "no $1 kernel in $S: run 'make kernel-$1' first"
		exit 1
	fi
	"$top/scripts/check-config.sh" "$S/linux/.config" "$top/configs/variants/$1.config" ||
		fail "the $1 kernel's configuration is not configs/variants/$1.config"
	VM_KERNEL=$S/bzImage
}

# ram_dump: a VM_TRIGGER_CMD: stop the guest, save all its memory to $W/ram.bin, let it go on.
# shellcheck disable=SC2317 # called by vm_boot's trigger
ram_dump() {
	vm_monitor stop >/dev/null
	vm_monitor "pmemsave 0 $((VM_MEM << 20)) \"$W/ram.bin\"" >/dev/null
	vm_monitor cont >/dev/null
}

# hibseal_tool: build the host's hibseal CLI (an older build may read another format version)
# and set HIBSEAL to its path.
hibseal_tool() {
	HIBSEAL=$B/uswsusp/hibseal
	make -s -C "$top/userspace/uswsusp" OUT="$B/uswsusp" "$HIBSEAL" >/dev/null ||
		{ fail "cannot build hibseal"; return 1; }
}

# key_from_ram PCR: find the boot secret in ram_dump's $W/ram.bin, a path only the test host
# has (the guest's root has none: attack.*): every 32 bytes after a copy of PCR (the closed
# window PCR's value, hex) is tried with `hibseal verify --key` on the swap image. Sets
# IMAGE_KEY to the key file that verifies the image and IMAGE_VERIFIED to hibseal's output;
# fails if none does. The dump is removed (it is the guest's whole memory).
# shellcheck disable=SC2034 # IMAGE_KEY is the scenario's
key_from_ram() {
	local n i
	IMAGE_KEY=''
	IMAGE_VERIFIED=
	[ "${#1}" = 64 ] || { fail "no closed PCR value to look for ('$1')"; return 1; }
	[ -s "$W/ram.bin" ] || { fail "no RAM dump"; return 1; }
	hibseal_tool || return 1
	n=$(python3 - "$W/ram.bin" "$1" "$W/cand" <<'PY'
import sys
ram, pcr, out = open(sys.argv[1], "rb").read(), bytes.fromhex(sys.argv[2]), sys.argv[3]
n, at = 0, ram.find(pcr)
while at >= 0:
    key = ram[at + 32:at + 64]
    if len(key) == 32 and any(key):
        open("%s.%d" % (out, n), "wb").write(key)
        n += 1
    at = ram.find(pcr, at + 1)
print(n)
PY
)
	rm -f "$W/ram.bin"
	diag "$n candidate secrets beside the closed window PCR value in the guest's RAM"
	for ((i = 0; i < ${n:-0}; i++)); do
		if "$HIBSEAL" verify --key "$W/cand.$i" "$W/swap.img" >"$W/verify.$i.out" 2>&1; then
			IMAGE_KEY=$W/cand.$i
			IMAGE_VERIFIED=$W/verify.$i.out
			diag "verified: $(tr '\n' ' ' <"$IMAGE_VERIFIED" | cut -c1-300)"
			return 0
		fi
	done
	fail "no candidate verifies the kernel's image: $(tail -n 2 "$W/verify.0.out" 2>/dev/null | tr '\n' ' ')"
	return 1
}

# eprobe_read NAME [N]: the N (default 4) eight-byte reads NAME0.. that an event probe of
# tests/vm/guest/scenarios/eprobe.sh fetched this boot ("eprobe fetched" line), as the hex of
# the bytes in memory order; nothing if the probe fetched none of them.
eprobe_read() {
	grep -a -m1 '^HIBSEAL: eprobe fetched ' "$VM_LOG" | python3 -c '
import re, sys
f = dict(re.findall(r"(\w+)=(0x[0-9a-f]+)", sys.stdin.read()))
names = ["%s%d" % (sys.argv[1], i) for i in range(int(sys.argv[2]))]
if all(n in f for n in names):
    print(b"".join(int(f[n], 16).to_bytes(8, "little") for n in names).hex())' "$1" "${2:-4}"
}

# eprobe_attack: the two boots of an event probe attack (tests/vm/guest/scenarios/eprobe.sh,
# whose UKI vm_uki packed): under Secure Boot's integrity lockdown with sealing ready the
# probe's definition must be refused with lockdown's tracefs line, and whatever it read is
# tried as the key of the image the boot writes; then, without Secure Boot and lockdown, the
# same probe must be defined and fetch (the positive control: the caller checks what it read).
eprobe_attack() {
	vm_boot hibernate
	expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[.*disk.*\] seal=ready$' \
		"integrity lockdown with sealing ready"
	expect '^HIBSEAL: eprobe refused error=.*Operation not permitted' \
		"the probe's definition to fail with EPERM"
	expect 'Lockdown: [^:]+: use of tracefs is restricted while sealed hibernation holds its key' \
		"lockdown's line for the refused tracefs file"
	expect_not '^HIBSEAL: eprobe (defined|fetched)' "an event probe defined while a key is held"
	expect 'PM: hibernation: Wrote [0-9]+ kbytes' "the image to be written"
	leaked_key "$(eprobe_read s)"
	swapimg hide
	vm_secureboot off
	vm_boot control
	expect '^HIBSEAL: lockdown=none secureboot=0 ' "no Secure Boot, no lockdown"
	expect '^HIBSEAL: eprobe defined$' \
		"the same probe to be defined where tracefs is open (positive control)"
	expect '^HIBSEAL: eprobe fetched [a-z]' "the probe to record what it read"
}

# leaked_key HEX: 32 bytes root read out of kernel memory this boot (none: nothing to do),
# tried on the host as the key of the sealed image on the swap disk. Either way a failure:
# bytes that verify the image are the boot secret, which forges an image the next boot
# restores; any others are still hibseal's state read under lockdown.
leaked_key() {
	[ -n "$1" ] || return 0
	hibseal_tool || return 0
	python3 -c 'import sys; open(sys.argv[2], "wb").write(bytes.fromhex(sys.argv[1]))' "$1" "$W/leaked.key"
	if "$HIBSEAL" verify --key "$W/leaked.key" "$W/swap.img" >"$W/verify.out" 2>&1; then
		fail "root read the boot secret: it verifies the sealed image: $(tr '\n' ' ' <"$W/verify.out")"
	else
		fail "root read 32 bytes of hibseal's state: $(tr '\n' ' ' <"$W/verify.out")"
	fi
}

# swapimg ARGS...: tests/vm/tools/swapimg.py on this scenario's swap disk.
swapimg() {
	python3 "$top/tests/vm/tools/swapimg.py" "$W/swap.img" "$@"
}

# cut_at_ring: end the swap map of the image on the disk where upstream's compressed reader
# spins (swapimg cut-at-ring: inside a chunk, where the reader sees the end with no read in
# flight; the ring's end if no chunk boundary falls there, else the next such place, found by
# replaying the reader's counters over the image's chunk sizes). Sets CUT_AT_RING to what
# swapimg did.
# shellcheck disable=SC2034 # CUT_AT_RING is the scenario's
cut_at_ring() {
	CUT_AT_RING=$(swapimg cut-at-ring "$VM_SMP" 2>&1) || {
		fail "swapimg cut-at-ring failed: $CUT_AT_RING"
		return 1
	}
	diag "$CUT_AT_RING"
}

# swapimg_damage flip chunk|flip tag|reorder|duplicate: damage the image with swapimg.py and
# set DAMAGED_CHUNK to the index the reader must refuse: the flipped chunk, the first of two
# swapped ones, the copy that repeats the one before it.
# shellcheck disable=SC2034 # DAMAGED_CHUNK is the scenario's
swapimg_damage() {
	local out
	out=$(swapimg "$@") || { fail "swapimg $* failed"; return 1; }
	diag "$out"
	if [[ $out =~ ^flipped\ bit\ .*\ of\ chunk\ ([0-9]+)\  ]] ||
		[[ $out =~ ^swapped\ chunks\ ([0-9]+)\ and ]] ||
		[[ $out =~ ^copied\ over\ chunks\ [0-9]+\ and\ ([0-9]+)$ ]]; then
		DAMAGED_CHUNK=${BASH_REMATCH[1]}
	else
		fail "swapimg $*: cannot tell which chunk it damaged: $out"
		return 1
	fi
}

# tap ok|not-ok|skip NAME [REASON]: one more TAP result from this scenario (tests/run.sh prints
# them; a scenario that reports its own results gets no line of its own unless it fails).
tap() {
	[ -n "${HIBSEAL_TAP:-}" ] || { diag "tap $*"; return 0; }
	printf '%s\t%s\t%s\n' "$1" "$2" "${3:-}" >>"$HIBSEAL_TAP"
}

# skip_scenario REASON: end the scenario as skipped, saying why (the only way tests/run.sh
# counts an exit status 77 as a skip).
skip_scenario() {
	echo "SKIP: $*"
	exit 77
}

vm_done() {
	if [ "$vm_failures" != 0 ]; then
		diag "logs: $W"
		exit 1
	fi
	exit 0
}
