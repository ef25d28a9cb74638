# shellcheck shell=dash disable=SC1091
# status.secureboot-pending: with swap on /dev/vdb (so that hibernation is otherwise available),
# report `hibseal status` line by line. hibseal_sb=update: before and after appending a
# KEK-signed revocation to dbx (/data/dbx-append.var, scripts/mkdbx-update.sh), as a firmware
# update tool does; hibseal_sb=next: once, in the boot after it.
. /scenarios/common.sh
report_platform
dbx=/sys/firmware/efi/efivars/dbx-d719b2cb-3d3a-4596-a3bc-dad00e67656f

# status WHEN: each line of `hibseal status` as 'status WHEN LINE', then its exit status.
status() {
	local rc=0 line
	hibseal status >/tmp/status 2>&1 || rc=$?
	while IFS= read -r line; do
		say "status $1 $line"
	done </tmp/status
	say "status-exit $1 rc=$rc"
}

dbx_size() {
	if [ -e "$dbx" ]; then wc -c <"$dbx"; else echo 0; fi
}

if ! mkswap /dev/vdb >/dev/null || ! swapon /dev/vdb; then
	say "error: cannot enable swap on /dev/vdb"
	return 1
fi
case "$(sed -n 's/.*hibseal_sb=\([a-z]*\).*/\1/p' /proc/cmdline)" in
update)
	status before
	say "dbx-size before=$(dbx_size)"
	if efivar-write "$dbx" /data/dbx-append.var; then
		say "dbx-write=ok"
	else
		say "dbx-write=failed"
	fi
	say "dbx-size after=$(dbx_size)"
	status after
	;;
next)
	say "dbx-size now=$(dbx_size)"
	status next
	;;
*)
	say "error: no hibseal_sb= step on the command line"
	return 1
	;;
esac
