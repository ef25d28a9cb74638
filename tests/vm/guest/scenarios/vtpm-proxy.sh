# shellcheck shell=dash disable=SC1091
# attack.vtpm-proxy: root starts swtpm behind a vTPM proxy (/dev/vtpmx): a TPM 2.0 chip that
# registers after the boot window, whose PCRs are a fresh TPM's (PCR 14 all zeros), as a TPM
# that was reset would show them. Then the guest reads the proxy's PCR 14 and the state of
# sealing, stops swtpm (the chip goes away with it) and hibernates. (Sourced by /init: return.)
. /scenarios/hibernate.sh
report_platform
mkdir -p /tmp/vtpm
swtpm chardev --vtpm-proxy --tpm2 --tpmstate dir=/tmp/vtpm >/tmp/swtpm.out 2>&1 &
swtpm_pid=$!
i=0
while ! grep -q 'New TPM device' /tmp/swtpm.out && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
dev=$(sed -n 's/^New TPM device: \(\/dev\/tpm[0-9]*\).*/\1/p' /tmp/swtpm.out)
# The proxy registers its chip from a work item; its device node comes last, once the kernel
# has started the TPM and (for a chip after the window) looked at its window PCR.
i=0
while [ -n "$dev" ] && [ ! -c "$dev" ] && [ $i -lt 300 ]; do
	sleep 0.1
	i=$((i + 1))
done
[ -c "${dev:-/nonexistent}" ] || dev=''
say "vtpm device=${dev:-none} swtpm=$(tr '\n' ' ' </tmp/swtpm.out)"
if [ -n "$dev" ]; then
	say "vtpm pcr14=$(tpm2-pcrread "$dev" 2>&1 | sed -n 's/^pcr-sha256\[14\]=//p')"
fi
say "real pcr14=$(tpm2-pcrread /dev/tpmrm0 2>/dev/null | sed -n 's/^pcr-sha256\[14\]=//p')"
kill "$swtpm_pid"
wait "$swtpm_pid"
say "vtpm stopped"
hibernate_cycle /dev/vdb
