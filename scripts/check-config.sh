#!/bin/bash
# check-config.sh CONFIG FRAGMENT...: fail if a fragment option did not survive olddefconfig.
# Kconfig silently drops an option whose dependencies are unmet; we want to know which one.
set -eu
config=$1
shift
bad=0
for frag in "$@"; do
	while IFS= read -r line; do
		case "$line" in
		CONFIG_*=*)
			grep -qxF "$line" "$config" && continue
			;;
		"# CONFIG_"*" is not set")
			opt=${line#\# }
			opt=${opt%% *}
			grep -q "^$opt=" "$config" || continue
			;;
		*) continue ;;
		esac
		echo "check-config: ${frag##*/}: '$line' is not in the final .config" >&2
		bad=1
	done <"$frag"
done
exit $bad
