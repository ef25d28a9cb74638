#!/bin/bash
# check-config.sh CONFIG FRAGMENT...: fail if a fragment option did not survive olddefconfig.
# Kconfig silently drops an option whose dependencies are unmet; we want to know which one.
# Fragments are merged in order, so where two name the same option the later one is checked.
set -eu
config=$1
shift
bad=0
declare -A want from
for frag in "$@"; do
	while IFS= read -r line; do
		case "$line" in
		CONFIG_*=*) opt=${line%%=*} ;;
		"# CONFIG_"*" is not set")
			opt=${line#\# }
			opt=${opt%% *}
			;;
		*) continue ;;
		esac
		want[$opt]=$line
		from[$opt]=${frag##*/}
	done <"$frag"
done
for opt in "${!want[@]}"; do
	line=${want[$opt]}
	case "$line" in
	CONFIG_*) grep -qxF "$line" "$config" && continue ;;
	*) grep -q "^$opt=" "$config" || continue ;;
	esac
	echo "check-config: ${from[$opt]}: '$line' is not in the final .config" >&2
	bad=1
done
exit $bad
