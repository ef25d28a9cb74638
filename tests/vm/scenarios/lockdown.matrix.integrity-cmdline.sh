#!/bin/bash
# The lockdown conformance matrix, mode integrity-cmdline: Secure Boot off, lockdown=integrity on the command line:
# without IMA's Secure Boot policy answering first, lockdown's own refusals show.
# One TAP result per restriction: lockdown.<restriction>.integrity-cmdline.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=tests/vm/lockdown.sh
. "$top/tests/vm/lockdown.sh"

lockdown_matrix integrity-cmdline integrity off lockdown=integrity
vm_done
