# shellcheck shell=dash disable=SC1091
# The signed UKI booted: report Secure Boot and the lockdown mode.
. /scenarios/common.sh
report_platform
say "lockdown-file=$(cat /sys/kernel/security/lockdown 2>/dev/null)"
