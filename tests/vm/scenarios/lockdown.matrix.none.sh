#!/bin/bash
# The lockdown conformance matrix, mode none: Secure Boot off, no lockdown: nothing may be refused by lockdown.
# One TAP result per restriction: lockdown.<restriction>.none.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=tests/vm/lockdown.sh
. "$top/tests/vm/lockdown.sh"

lockdown_matrix none none off
vm_done
