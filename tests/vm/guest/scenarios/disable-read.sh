# shellcheck shell=dash disable=SC1091
# attack.disable-then-read. First boot: hibernate. Second boot: the image resumes; root makes
# sealing give up (it extends the window PCR through /dev/tpmrm0, then asks for a hibernation,
# which finds the PCR changed), then reads kernel memory through every path it has: /proc/kcore
# and a BPF "%s" of the banner, and a scan of all of RAM through /proc/kcore for the window
# PCR's closed value (each must be refused).
# Without a TPM: the same reads, where no key was ever held (the positive control).
. /scenarios/hibernate.sh
memread() { hibseal-memread "$@" 2>&1 | sed 's/^/HIBSEAL: /'; }
if [ "$(seal_status)" = ready ]; then
	hibernate_cycle /dev/vdb || return $?
	report_platform
	closed=$(tpm2-pcrread /dev/tpmrm0 | sed -n 's/^pcr-sha256\[14\]=//p')
	say "pcr14-now=$closed"
	hibseal-attack extend 14 2>&1 | sed 's/^/HIBSEAL: /'
	if echo disk 2>/tmp/err >/sys/power/state; then
		say "hibernated-again"
	else
		say "hibernate-refused error=$(tr '\n' ' ' </tmp/err)"
	fi
	report_platform
	memread kcore banner
	memread bpf banner
	memread kcore scan "$closed" 32 32
	return 0
fi
report_platform
memread kcore banner
memread bpf banner
