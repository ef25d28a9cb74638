#!/bin/bash
# The lockdown conformance matrix, mode integrity: Secure Boot on, the default
# (lockdown=integrity from EFI Secure Boot).
# One TAP result per restriction: lockdown.<restriction>.integrity.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=tests/vm/lockdown.sh
. "$top/tests/vm/lockdown.sh"

lockdown_matrix integrity integrity on
vm_done
