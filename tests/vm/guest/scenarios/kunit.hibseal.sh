# shellcheck shell=dash disable=SC1091
# KUnit ran during boot; nothing to do in userspace but report the platform.
. /scenarios/common.sh
report_platform
