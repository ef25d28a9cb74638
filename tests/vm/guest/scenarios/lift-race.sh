# shellcheck shell=dash disable=SC1091
# attack.lift-race: root spins at real-time priority on every CPU (one vCPU here), with the
# scheduler's real-time throttling off, and polls the lockdown level (6.12's fair deadline
# server still lets normal tasks run beside it).
# The moment SysRq+x lifts lockdown it reads hibseal's state through /proc/kcore: it looks for
# the window PCR's closed value near the symbol hibseal and reads the 32 bytes after it, the boot
# secret. Its output goes straight to the console: a pipe's reader could not run either.
. /scenarios/common.sh
report_platform
closed=$(tpm2-pcrread /dev/tpmrm0 | sed -n 's/^pcr-sha256\[14\]=//p')
say "pcr14-now=$closed"
echo -1 >/proc/sys/kernel/sched_rt_runtime_us
say "rt-runtime=$(cat /proc/sys/kernel/sched_rt_runtime_us)"
hibseal-memread --after-lift kcore find hibseal "$closed" 1024 32
say "after-spin lockdown=$(lockdown_mode) seal=$(seal_status)"
# The spinner gave up (or read): once lockdown reads none, read as root would (the control that
# the read path works, and the secret's place).
wait_lockdown_lifted
say "after-lift lockdown=$(lockdown_mode) seal=$(seal_status)"
hibseal-memread kcore find hibseal "$closed" 1024 32
return 0
