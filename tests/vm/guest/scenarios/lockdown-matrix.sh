# shellcheck shell=dash disable=SC1091
# Run the lockdown conformance matrix (tests/vm/guest/lockdown-matrix.c) in this boot's mode.
. /scenarios/common.sh
report_platform
lockdown-matrix
