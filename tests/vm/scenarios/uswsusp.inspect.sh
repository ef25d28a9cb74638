#!/bin/bash
# `hibseal inspect` on a real sealed image: after a hibernation under Secure Boot lockdown, it
# reports a valid structure with the image's facts from the swap disk; then, on copies damaged
# by swapimg.py, it names the region: the last chunk dropped from the swap map (a data chunk),
# a chunk listed twice (the swap map), the sealed header's chunk count changed (the sealed
# header). A flipped ciphertext bit is no structural damage: inspect still says valid, and
# says that tags, key and image MAC need the key.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

if ! make -s -C "$top/userspace/uswsusp" OUT="$B/uswsusp" >"$B/uswsusp-build.log" 2>&1; then
	sed 's/^/# /' "$B/uswsusp-build.log"
	exit 1
fi
hibseal=$B/uswsusp/hibseal

vm_init uswsusp.inspect
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
good=$W/swap.img

# inspect_as NAME DAMAGE...: a copy of the image, damaged by swapimg.py DAMAGE (none: as is);
# sets out (stdout and stderr) and rc.
inspect_as() {
	local name=$1 copy=$W/$1.img
	shift
	cp --sparse=always "$good" "$copy"
	[ "$1" = none ] || python3 "$top/tests/vm/tools/swapimg.py" "$copy" "$@" >/dev/null ||
		fail "swapimg.py $* failed"
	rc=0
	out=$("$hibseal" inspect "$copy" 2>&1) || rc=$?
	printf '%s\n' "$out" >"$W/$name.inspect"
}

inspect_as good none
[ "$rc" = 0 ] || fail "a good image: exit $rc: $out"
grep -q '^structure: valid' <<<"$out" || fail "a good image not reported valid: $out"
grep -Eq '^construction: .*(AES-256-CTR|ctr)' <<<"$out" || fail "no construction in: $out"
grep -Eq '^key blob( bytes)?: 4[0-9]{2}' <<<"$out" || fail "no TPM key blob size in: $out"
grep -Eq 'not checked|needs the key' <<<"$out" || fail "inspect does not say what it cannot check: $out"

inspect_as truncated truncate
[ "$rc" = 1 ] || fail "truncated: exit $rc"
grep -q 'damaged data-chunk' <<<"$out" || fail "truncated: region not named: $out"

inspect_as duplicated duplicate
[ "$rc" = 1 ] || fail "duplicated: exit $rc"
grep -q 'damaged swap-map' <<<"$out" || fail "duplicated: region not named: $out"

inspect_as header flip header
[ "$rc" = 1 ] || fail "header: exit $rc"
grep -q 'damaged seal-header' <<<"$out" || fail "header: region not named: $out"

inspect_as chunk flip chunk
[ "$rc" = 0 ] || fail "a flipped ciphertext bit is not structural damage: exit $rc: $out"
vm_done
