# shellcheck shell=dash disable=SC1091
# attack.bpf-printk-read: root reads kernel memory with a BPF program's "%s" conversion
# (hibseal-memread bpf: a socket filter calling bpf_snprintf(), run by BPF_PROG_TEST_RUN).
# First, a known value: the kernel's banner at linux_banner. Then, with the TPM, root looks
# for the window PCR's closed value (which hibseal keeps beside its boot secret) near the
# symbol hibseal and reads the 32 bytes after it: the boot secret. Then it hibernates, so the host
# can show what those bytes open. A boot without a TPM holds no key: there, the same read of
# the banner is the positive control.
. /scenarios/hibernate.sh
memread() { hibseal-memread "$@" 2>&1 | sed 's/^/HIBSEAL: /'; }
report_platform
memread bpf banner
[ "$(seal_status)" = ready ] || return 0
closed=$(tpm2-pcrread /dev/tpmrm0 | sed -n 's/^pcr-sha256\[14\]=//p')
say "pcr14-now=$closed"
memread bpf find hibseal "$closed" 1024 32
hibernate_cycle /dev/vdb
