#!/bin/bash
# The lockdown conformance matrix, mode confidentiality: Secure Boot on and
# lockdown=confidentiality on the command line.
# One TAP result per restriction: lockdown.<restriction>.confidentiality.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=tests/vm/lockdown.sh
. "$top/tests/vm/lockdown.sh"

lockdown_matrix confidentiality confidentiality on lockdown=confidentiality
vm_done
