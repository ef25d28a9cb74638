# shellcheck shell=bash
# bash completion for hibseal(1)
# Installed as /usr/share/bash-completion/completions/hibseal; bash-completion loads it the first
# time hibseal is completed. suspend-utils' spellings (--resume_device, ...) are taken after
# suspend and resume, but only hibseal's own are offered.

_hibseal()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]} cmd opts
	local commands="status pin-boot inspect verify suspend resume"

	case "$prev" in
	--key | -k | --config | -f | --resume-device | --resume_device | -r)
		mapfile -t COMPREPLY < <(compgen -f -- "$cur")
		return ;;
	--resume-offset | --resume_offset | -o | --tcti | -T | --parameter | -P | --image_size | -s)
		COMPREPLY=()
		return ;;
	esac
	if [ "$COMP_CWORD" = 1 ]; then
		mapfile -t COMPREPLY < <(compgen -W "$commands --help --version" -- "$cur")
		return
	fi
	cmd=${COMP_WORDS[1]}
	case "$cmd" in
	status) opts="--json --tcti" ;;
	pin-boot) opts="--clear" ;;
	inspect) opts="--json --resume-offset" ;;
	verify) opts="--key --resume-offset" ;;
	suspend | resume) opts="--resume-device --resume-offset --config --parameter" ;;
	*) COMPREPLY=(); return ;;
	esac
	if [[ $cur == -* ]]; then
		mapfile -t COMPREPLY < <(compgen -W "$opts --help --version" -- "$cur")
	elif [ "$cmd" = inspect ] || [ "$cmd" = verify ]; then
		# A swap device or a file holding an image.
		mapfile -t COMPREPLY < <(compgen -f -- "$cur")
	else
		COMPREPLY=()
	fi
}

complete -F _hibseal hibseal
