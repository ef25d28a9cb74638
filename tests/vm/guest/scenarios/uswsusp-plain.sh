# shellcheck shell=dash disable=SC1091
# uswsusp.unsealed-refused: the plain uswsusp protocol, as suspend-utils speaks it, step by step.
# (Sourced by /init: return, never exit.)
. /scenarios/common.sh
report_platform
uswsusp-attack plain
say "plain-exit rc=$?"
return 0
