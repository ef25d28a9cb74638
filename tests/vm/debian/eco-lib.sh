# shellcheck shell=bash
# eco-lib.sh: what the Debian test VM's driver (eco.sh) and sleep hook (eco-sleep-hook) share,
# installed as /usr/local/lib/hibseal-eco.sh.

# say WORDS...: one line for the host on the console.
say() { echo "HIBSEAL: $*" >/dev/console; }

# efivar NAME: one of systemd-boot's string variables (UTF-16 after 4 bytes of attributes), as
# ASCII; nothing if unset.
efivar() {
	local f=/sys/firmware/efi/efivars/$1-4a67b082-0a4c-41cf-b6c7-440b29bb8c4f
	# shellcheck disable=SC2002 # efivarfs files cannot seek: tail reads a pipe
	[ -f "$f" ] && cat "$f" | tail -c +5 | tr -d '\0'
}
