#!/bin/bash
# dracut module 90hibseal (/usr/lib/dracut/modules.d/90hibseal): `hibseal resume` in the
# initramfs, before the root filesystem is mounted, for systems that hibernate through
# /dev/snapshot (hibseal-suspend(8)). Included when a configuration file names the resume
# device, or when asked for (dracut --add hibseal).

# shellcheck disable=SC2034,SC2154 # dracut's variables and functions

# The first of the files that exists, as hibseal suspend and resume take it, if it names a
# resume device.
hibseal_conf() {
	local f
	for f in /etc/uswsusp.conf /etc/suspend.conf; do
		[ -f "$dracutsysrootdir$f" ] || continue
		sed 's/#.*//' "$dracutsysrootdir$f" |
			grep -Eqi '^[[:space:]]*resume device[[:space:]]*[=:]' || return 1
		echo "$f"
		return 0
	done
	return 1
}

check() {
	require_binaries hibseal || return 1
	hibseal_conf >/dev/null && return 0
	return 255
}

depends() {
	return 0
}

install() {
	local conf
	inst_multiple hibseal
	# hibseal links tpm2-tss's ESAPI, so its libraries come along; systemd's TPM tools in the
	# initramfs (systemd-pcrphase, on a UKI) then find tpm2-tss and load its device TCTI, which
	# no binary links: it goes in too, or they fail.
	inst_libdir_file "libtss2-tcti-device.so*"
	if conf=$(hibseal_conf); then
		inst_simple "$conf"
	else
		dwarn "hibseal: no /etc/uswsusp.conf or /etc/suspend.conf names a resume device; hibseal resume will use the kernel's resume="
	fi
	inst_hook pre-mount 10 "$moddir/hibseal-resume.sh"
}
