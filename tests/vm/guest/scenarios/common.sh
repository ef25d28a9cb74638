# shellcheck shell=dash disable=SC1091
# Helpers the guest scenario scripts share (sourced by /init's scenarios).

# lockdown_mode: the bracketed mode of /sys/kernel/security/lockdown, or "absent".
lockdown_mode() {
	local l
	l=$(cat /sys/kernel/security/lockdown 2>/dev/null) || { echo absent; return; }
	l=${l#*[}
	echo "${l%%]*}"
}

# secureboot_var: the value byte of the SecureBoot EFI variable (1 on, 0 off), or "absent".
secureboot_var() {
	local f=/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c
	[ -r "$f" ] || { echo absent; return; }
	dd if="$f" bs=8 count=1 2>/dev/null | od -An -tu1 | awk '{ print $5 }'
}

# swap_signature DEV: the swap-header magic at the end of the first page (SWAPSPACE2,
# S1SUSPEND, ...), or "none".
swap_signature() {
	local m
	m=$(dd if="$1" bs=1 skip=4086 count=10 2>/dev/null | tr -dc 'A-Z0-9')
	echo "${m:-none}"
}

# disk_state: "disk" when /sys/power/state offers hibernation, else nothing (the suspend states
# it lists too are not what the scenarios report).
disk_state() {
	grep -o disk /sys/power/state 2>/dev/null
}

# seal_status: /sys/power/hibernate_seal with '_' for spaces, or "absent".
seal_status() {
	tr ' ' '_' </sys/power/hibernate_seal 2>/dev/null || echo absent
}

# wait_lockdown_lifted: up to 60 s for the host to lift lockdown (SysRq+x on the keyboard).
wait_lockdown_lifted() {
	local i=0
	while [ "$(lockdown_mode)" != none ] && [ $i -lt 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}

# report_platform: the facts every scenario logs first.
report_platform() {
	say "lockdown=$(lockdown_mode) secureboot=$(secureboot_var) state=[$(disk_state)] seal=$(seal_status)"
}

# kexec_prepare: before a kexec whose kernel scans RAM (kexec-read-child): report where this
# kernel's data lies (root may read /proc/iomem: what an attacker needs) and the closed window
# PCR value, and plant a line in a file for that scan to find (its positive control). The
# line's prefix is put together here so that no script holds a copy of it.
kexec_prepare() {
	local marker
	say "kernel-data=$(grep -E "Kernel data" /proc/iomem | tr -d " ")"
	say "pcr14-now=$(tpm2-pcrread /dev/tpmrm0 | sed -n 's/^pcr-sha256\[14\]=//p')"
	marker=$(od -An -tx1 -N8 /dev/urandom | tr -d ' \n')
	printf 'HIBSEAL-%s-%s\n' PLANTED "$marker" >/tmp/planted
	say "planted=$marker"
}
