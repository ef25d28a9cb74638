#!/bin/bash
# Three sealed hibernations of one running system in a row: each boot verifies and resumes the
# image the one before wrote (a new marker each time, the same boot id), and each image is a new
# one (its own salt and anti-replay counter, read from the disk between boots).
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.cycles
VM_GUEST=seal-cycles vm_uki
vm_boot boot
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[.*disk.*\] seal=ready$' "sealing ready"
expect '^HIBSEAL: cycle=1 hibernating marker=' "the first hibernation"
expect 'PM: hibernation: Wrote [0-9]+ kbytes' "the first image written"
boot_id=$(guest_value boot_id)
marker=$(guest_value marker)
seen=""
for cycle in 1 2 3; do
	image=$(swapimg identity) || fail "cycle $cycle: no sealed image on the disk"
	diag "cycle $cycle: $image"
	case " $seen " in *" $image "*) fail "cycle $cycle: the same image as before: $image" ;; esac
	seen="$seen $image"
	vm_boot "resume-$cycle"
	expect "$KLINE_VERIFIED" "image $cycle verified"
	expect "^HIBSEAL: cycle=$cycle resumed marker=$marker file-marker=$marker boot_id=$boot_id\$" \
		"cycle $cycle to resume with its marker and the boot id"
	expect_not 'image refused|^HIBSEAL: boot ' "a refusal or a fresh boot"
	if [ $cycle -lt 3 ]; then
		expect "^HIBSEAL: cycle=$((cycle + 1)) hibernating marker=" "hibernation $((cycle + 1))"
		expect 'PM: hibernation: Wrote [0-9]+ kbytes' "image $((cycle + 1)) written"
		marker=$(grep -a "^HIBSEAL: cycle=$((cycle + 1)) hibernating" "$VM_LOG" |
			grep -o 'marker=[0-9a-f]*' | cut -d= -f2)
	fi
done
expect '^HIBSEAL: cycles-done$' "the loop to finish"
vm_done
