# shellcheck shell=dash disable=SC1091
# attack.bpf-flexarray-read: root's socket filter reads kernel memory past the end of a
# structure that ends in a flexible array: bpf_get_current_task_btf()->cred->group_info, which
# for init and every task that never called setgroups() is init_groups, a global. From there a
# constant offset reaches hibseal's state; the host worked out the offsets from System.map and
# pahole (hibseal_vm.at=CRED,GROUPS,TO_CLOSED,TO_SECRET). With lockdown on, the boot then
# hibernates, so the host can try the bytes as the image's key. (Sourced by /init: return.)
. /scenarios/hibernate.sh
report_platform
say "pcr14-now=$(tpm2-pcrread /dev/tpmrm0 2>/dev/null | sed -n 's/^pcr-sha256\[14\]=//p')"
at=$(sed -n 's/.*hibseal_vm\.at=\([-0-9,]*\).*/\1/p' /proc/cmdline)
IFS=, read -r cred groups to_closed to_secret <<EOF2
$at
EOF2
hibseal-memread flex "$cred" "$groups" "$to_closed" 2>&1 | sed 's/^memread: flex /HIBSEAL: flex closed /'
hibseal-memread flex "$cred" "$groups" "$to_secret" 2>&1 | sed 's/^memread: flex /HIBSEAL: flex secret /'
[ "$(lockdown_mode)" = none ] && return 0
hibernate_cycle /dev/vdb
