#!/bin/bash
# check-config.sh CONFIG FRAGMENT...: fail if a fragment option did not survive olddefconfig.
# Kconfig silently drops an option whose dependencies are unmet; we want to know which one.
# Fragments are merged in order, so where two name the same option the later one is checked.
#
# check-config.sh --distro CONFIG: what a distribution's kernel configuration (an x86_64
# .config, or /boot/config-*) lacks for sealed hibernation: one line per missing option with
# what it is for, then a verdict. Exit 0 when nothing is missing, 1 otherwise.
set -eu

# The options sealed hibernation needs built in (the boot window runs before any module can
# load), and why: OPTION REASON.
distro_requirements() {
	cat <<'REQ'
CONFIG_HIBERNATION hibernation itself
CONFIG_SWAP the image is written to swap
CONFIG_EFI the key blob's EFI copy and Secure Boot's state
CONFIG_EFI_STUB the kernel is started as an EFI application (a UKI, or by a boot loader)
CONFIG_SECURITY_LOCKDOWN_LSM lockdown, which sealed hibernation is the exception of
CONFIG_SECURITY_LOCKDOWN_LSM_EARLY lockdown decided before the boot window opens
CONFIG_TCG_TPM the TPM core: the boot window's TPM commands
CONFIG_HIBERNATION_SEAL sealed hibernation (a kernel with hibseal's patches)
CONFIG_TCG_TPM2_HMAC salted, encrypted sessions for the commands that carry the boot secret
CONFIG_CRYPTO_GCM gcm(aes), the default chunk construction
CONFIG_CRYPTO_AUTHENC authenc(hmac(sha256),rfc3686(ctr(aes))), the other construction
CONFIG_CRYPTO_CTR ctr(aes) and rfc3686
CONFIG_CRYPTO_HMAC hmac(sha256): key derivation and the image MAC
CONFIG_CRYPTO_SHA256 sha256
CONFIG_CRYPTO_AES_NI_INTEL AES-NI: without it images are sealed by generic C AES
CONFIG_CRYPTO_SHA256_SSSE3 SHA-NI/AVX2 SHA-256: without it the MACs run in generic C
CONFIG_CRYPTO_LZO hibernate.compressor=lzo, in the boot window
CONFIG_CRYPTO_LZ4 hibernate.compressor=lz4, in the boot window
REQ
}

# value CONFIG OPTION: y, m, or empty when unset or absent.
value() {
	sed -n "s/^$2=\(.*\)/\1/p" "$1" | head -n 1
}

check_distro() {
	local config=$1 missing=0 opt why have tpm=0
	[ -f "$config" ] || { echo "check-config: no such file: $config" >&2; exit 2; }
	grep -q '^CONFIG_X86_64=y' "$config" ||
		{ echo "check-config: $config is not an x86_64 configuration" >&2; exit 2; }
	while read -r opt why; do
		have=$(value "$config" "$opt")
		[ "$have" != y ] || continue
		if [ "$have" = m ]; then
			echo "missing: $opt=y (it is =m: a module cannot load in the boot window): $why"
		else
			echo "missing: $opt=y: $why"
		fi
		missing=$((missing + 1))
	done < <(distro_requirements)
	# At least one TPM interface driver built in: TIS (discrete TPMs, some firmware TPMs) or
	# CRB (most laptops' firmware TPMs).
	for opt in CONFIG_TCG_TIS CONFIG_TCG_CRB; do
		[ "$(value "$config" "$opt")" = y ] && tpm=$((tpm + 1))
	done
	if [ $tpm = 0 ]; then
		echo "missing: CONFIG_TCG_TIS=y or CONFIG_TCG_CRB=y: a TPM interface driver in the boot window"
		missing=$((missing + 1))
	fi
	# Secure Boot must lock the kernel down (Debian's and Fedora's patch), or lockdown must be
	# forced: otherwise nothing requires sealed images.
	if [ "$(value "$config" CONFIG_LOCK_DOWN_IN_EFI_SECURE_BOOT)" != y ] &&
		[ "$(value "$config" CONFIG_LOCK_DOWN_KERNEL_FORCE_INTEGRITY)" != y ] &&
		[ "$(value "$config" CONFIG_LOCK_DOWN_KERNEL_FORCE_CONFIDENTIALITY)" != y ]; then
		echo "missing: CONFIG_LOCK_DOWN_IN_EFI_SECURE_BOOT=y (or a forced lockdown): nothing locks the kernel down"
		missing=$((missing + 1))
	fi
	if [ $missing = 0 ]; then
		echo "check-config: $config has everything sealed hibernation needs"
		exit 0
	fi
	echo "check-config: $config lacks $missing option(s) for sealed hibernation; with hibseal's" \
		"patches, CONFIG_HIBERNATION_SEAL=y selects the crypto ones (configs/distro.config)"
	exit 1
}

if [ "${1:-}" = --distro ]; then
	[ $# = 2 ] || { echo "usage: check-config.sh --distro CONFIG" >&2; exit 2; }
	check_distro "$2"
fi

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
