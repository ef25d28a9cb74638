#!/bin/bash
# unit.check-config.*: scripts/check-config.sh --distro on configurations made here, TAP lines
# for tests/run.sh. The requirements are this test's own list (docs/design.md says why each is
# needed), not read off the script: for a bare x86_64 configuration the script must report
# exactly these; a complete configuration must pass, and each requirement taken away alone
# (unset, or a module) must be reported, alone, by name.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
check=$top/scripts/check-config.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { echo "ok - unit.check-config.$1"; }
not_ok() { echo "not ok - unit.check-config.$1${2:+ # $2}"; }

# run CONFIG: the script's output in $tmp/out, its exit status in $rc.
run() {
	"$check" --distro "$1" >"$tmp/out" 2>&1
	rc=$?
}

# Built in, each of them (the boot window runs before any module could load); besides these,
# a TPM interface driver and something that locks the kernel down (the either-or lines below).
reqs=(CONFIG_HIBERNATION CONFIG_SWAP CONFIG_EFI CONFIG_EFI_STUB CONFIG_SECURITY_LOCKDOWN_LSM
	CONFIG_SECURITY_LOCKDOWN_LSM_EARLY CONFIG_TCG_TPM CONFIG_HIBERNATION_SEAL CONFIG_TCG_TPM2_HMAC
	CONFIG_CRYPTO_GCM CONFIG_CRYPTO_AUTHENC CONFIG_CRYPTO_CTR CONFIG_CRYPTO_HMAC CONFIG_CRYPTO_SHA256
	CONFIG_CRYPTO_AES_NI_INTEL CONFIG_CRYPTO_SHA256_SSSE3 CONFIG_CRYPTO_LZO CONFIG_CRYPTO_LZ4)

echo "CONFIG_X86_64=y" >"$tmp/bare"
run "$tmp/bare"
reported=$(sed -nE 's/^missing: (CONFIG_[A-Z0-9_]+)=y: .*/\1/p' "$tmp/out" | sort)
if [ $rc = 1 ] && [ "$reported" = "$(printf '%s\n' "${reqs[@]}" | sort)" ] &&
	grep -q 'CONFIG_TCG_TIS=y or CONFIG_TCG_CRB=y' "$tmp/out" &&
	grep -q 'CONFIG_LOCK_DOWN_IN_EFI_SECURE_BOOT=y' "$tmp/out"; then
	ok requirements
else
	diff <(printf '%s\n' "${reqs[@]}" | sort) <(echo "$reported") | sed -n 's/^[<>]/#&/p'
	not_ok requirements "rc=$rc; '#<' required here but not reported, '#>' reported but not required here"
fi

complete() {
	echo "CONFIG_X86_64=y"
	printf '%s=y\n' "${reqs[@]}"
	echo "CONFIG_TCG_CRB=y"
	echo "CONFIG_LOCK_DOWN_IN_EFI_SECURE_BOOT=y"
}

# The positive control: every requirement met passes, so a refusal below is the one change's.
complete >"$tmp/complete"
run "$tmp/complete"
if [ $rc = 0 ] && ! grep -q '^missing' "$tmp/out"; then ok complete; else not_ok complete "rc=$rc"; fi

# Each requirement unset, then as a module: exactly that option reported.
bad=0
for opt in "${reqs[@]}"; do
	for how in unset module; do
		if [ $how = unset ]; then
			complete | grep -vx "$opt=y" >"$tmp/c"
		else
			complete | sed "s/^$opt=y\$/$opt=m/" >"$tmp/c"
		fi
		run "$tmp/c"
		n=$(grep -c '^missing' "$tmp/out")
		if [ $rc != 1 ] || [ "$n" != 1 ] || ! grep -q "^missing: $opt=y" "$tmp/out" ||
			{ [ $how = module ] && ! grep -q "is =m" "$tmp/out"; }; then
			echo "# $opt $how: rc=$rc, $n missing lines"
			bad=$((bad + 1))
		fi
	done
done
if [ $bad = 0 ]; then ok each-missing; else not_ok each-missing "$bad cases"; fi

# The TPM interface: either built in will do; neither (or both modules) is reported.
bad=0
for tis in y m; do
	for crb in y m; do
		complete | grep -v '^CONFIG_TCG_CRB=' >"$tmp/c"
		printf 'CONFIG_TCG_TIS=%s\nCONFIG_TCG_CRB=%s\n' $tis $crb >>"$tmp/c"
		run "$tmp/c"
		want=0
		[ $tis = m ] && [ $crb = m ] && want=1
		[ $rc = $want ] || { echo "# TIS=$tis CRB=$crb: rc=$rc"; bad=$((bad + 1)); }
	done
done
if [ $bad = 0 ]; then ok tpm-interface; else not_ok tpm-interface "$bad cases"; fi

# Lockdown: Secure Boot's lockdown or a forced one; none is reported.
bad=0
for lock in CONFIG_LOCK_DOWN_IN_EFI_SECURE_BOOT CONFIG_LOCK_DOWN_KERNEL_FORCE_INTEGRITY \
	CONFIG_LOCK_DOWN_KERNEL_FORCE_CONFIDENTIALITY none; do
	complete | grep -v '^CONFIG_LOCK_DOWN' >"$tmp/c"
	[ $lock = none ] || echo "$lock=y" >>"$tmp/c"
	run "$tmp/c"
	want=0
	[ $lock = none ] && want=1
	[ $rc = $want ] || { echo "# $lock: rc=$rc"; bad=$((bad + 1)); }
done
if [ $bad = 0 ]; then ok lockdown; else not_ok lockdown "$bad cases"; fi

# Not a configuration for this architecture: a usage error, not a verdict.
echo "CONFIG_ARM64=y" >"$tmp/arm"
run "$tmp/arm"
if [ $rc = 2 ]; then ok not-x86_64; else not_ok not-x86_64 "rc=$rc"; fi
