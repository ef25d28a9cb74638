# shellcheck shell=dash disable=SC1091
# The kernel started by kexec: what it believes about Secure Boot and lockdown.
. /scenarios/common.sh
say "kexec-child"
report_platform
