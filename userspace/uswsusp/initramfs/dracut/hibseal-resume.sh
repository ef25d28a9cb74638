#!/bin/sh
# shellcheck shell=dash disable=SC1091
# dracut pre-mount hook of 90hibseal: restore the image `hibseal suspend` stored in the resume
# device's swap area, if there is one, before the root filesystem is mounted. hibseal resume
# hands it to the kernel, which verifies every byte before it restores anything; on success
# this never returns. With no image, or one refused (its reason is on the console and in
# /sys/power/hibernate_seal_resume), the boot goes on. dracut sources it: every name it sets
# starts with hibseal_, and it returns, never exits.
type getarg >/dev/null 2>&1 || . /lib/dracut-lib.sh

# The configuration's 'resume device' (the last one), read as hibseal reads it ('#' starts a
# comment, the key is matched whole), with shell built-ins only: the initramfs may have no sed.
hibseal_conf_device() {
	local line key val dev=
	while IFS= read -r line || [ -n "$line" ]; do
		line=${line%%#*}
		case "$line" in
		*[=:]*) ;;
		*) continue ;;
		esac
		key=${line%%[=:]*}
		key=${key#"${key%%[![:space:]]*}"}
		key=${key%"${key##*[![:space:]]}"}
		case "$key" in
		[Rr][Ee][Ss][Uu][Mm][Ee]' '[Dd][Ee][Vv][Ii][Cc][Ee]) ;;
		*) continue ;;
		esac
		val=${line#*[=:]}
		val=${val#"${val%%[![:space:]]*}"}
		dev=${val%"${val##*[![:space:]]}"}
	done <"$1"
	echo "$dev"
}

if getargbool 0 noresume || [ "$(getarg hibernate=)" = noresume ]; then
	warn "hibseal: noresume given: not looking for an image"
	return 0
fi
hibseal_conf=
for hibseal_f in /etc/uswsusp.conf /etc/suspend.conf; do
	[ -f "$hibseal_f" ] && { hibseal_conf=$hibseal_f; break; }
done
hibseal_dev=
[ -z "$hibseal_conf" ] || hibseal_dev=$(hibseal_conf_device "$hibseal_conf")
# The resume device may come up after the root device: wait for it a little.
if [ -n "$hibseal_dev" ] && [ ! -b "$hibseal_dev" ]; then
	udevadm settle --timeout=10 2>/dev/null
	hibseal_i=0
	while [ ! -b "$hibseal_dev" ] && [ $hibseal_i -lt 50 ]; do
		sleep 0.1
		hibseal_i=$((hibseal_i + 1))
	done
fi
# On the console too (the service's standard error is): what was found, or why it was refused.
echo "hibseal: looking for a sealed image on ${hibseal_dev:-the resume device}" >&2
if [ -n "$hibseal_conf" ]; then
	hibseal resume -f "$hibseal_conf" >&2
else
	hibseal resume >&2
fi
hibseal_rc=$?
[ $hibseal_rc = 0 ] ||
	warn "hibseal: no image restored (hibseal resume: exit $hibseal_rc); booting fresh"
