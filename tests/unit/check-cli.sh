#!/bin/bash
# The command line of hibseal and every subcommand (suspend and resume among them) as users type
# it: --version and --help answer on standard output with exit 0; options go in any order
# around the operand, "--opt value" or "--opt=value"; a usage error is exit 2 with the usage on
# standard error and nothing on standard output; suspend and resume take suspend-utils'
# spellings; make install puts the program, its pages and its completion where the README
# says. Builds the programs first (WERROR=1), in $HIBSEAL_BUILD/uswsusp (default build/).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
B=${HIBSEAL_BUILD:-$top/build}
O=$B/uswsusp
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
ok() { if [ "$1" = 0 ]; then echo "ok - $2"; else echo "not ok - $2"; fi; }
if ! make -s -C "$top/userspace/uswsusp" OUT="$O" WERROR=1 >"$T/build.log" 2>&1; then
	sed 's/^/# /' "$T/build.log"
	echo "not ok - unit.cli.build"
	exit 1
fi
# run NAME ARGS...: stdout, stderr and exit status in $T/NAME.{out,err,rc}
run() {
	local name=$1
	shift
	"$@" >"$T/$name.out" 2>"$T/$name.err"
	echo $? >"$T/$name.rc"
}
# answers NAME REGEX: exit 0, the first line of stdout matches, stderr empty
answers() {
	[ "$(cat "$T/$1.rc")" = 0 ] && head -n 1 "$T/$1.out" | grep -Eq "$2" && [ ! -s "$T/$1.err" ]
}
# usage_error NAME: exit 2, nothing on stdout, a usage line on stderr
usage_error() {
	[ "$(cat "$T/$1.rc")" = 2 ] && [ ! -s "$T/$1.out" ] && grep -qi '^usage' "$T/$1.err"
}
version=$(sed -n '1s/^[^(]*(\([^)]*\)).*/\1/p' "$top/debian/changelog")

commands="status pin-boot inspect verify suspend resume"
run v "$O/hibseal" --version
answers v "^hibseal $version\$"
ok $? unit.cli.version.hibseal
# The same line after every subcommand, -V too, whatever else the command line holds.
for c in $commands; do
	run "v$c" "$O/hibseal" "$c" --version
	run "V$c" "$O/hibseal" "$c" -V
	answers "v$c" "^hibseal $version\$" && cmp -s "$T/v.out" "$T/v$c.out" &&
		answers "V$c" "^hibseal $version\$"
	ok $? "unit.cli.version.$c"
done
run h "$O/hibseal" --help
answers h '^Usage:$'
ok $? unit.cli.help.hibseal
for c in $commands; do
	run "h$c" "$O/hibseal" "$c" --help
	answers "h$c" "^Usage: hibseal $c "
	ok $? "unit.cli.help.$c"
done

# Options in any order, either spelling: the same outcome as the plain form.
img=$top/userspace/uswsusp/fuzz/corpus/valid-ctr-hmac-lzo
head -c 32 /dev/zero >"$T/key"
run i1 "$O/hibseal" inspect --resume-offset=0 "$img"
run i2 "$O/hibseal" inspect "$img" --resume-offset 0
run i3 "$O/hibseal" inspect -o 0 "$img"
[ "$(cat "$T/i1.rc")" = 0 ] && cmp -s "$T/i1.out" "$T/i2.out" && cmp -s "$T/i1.out" "$T/i3.out"
ok $? unit.cli.inspect.option-order
# A zero key does not open the seed: exit 1 (it does not authenticate), not 2, in every order.
run k1 "$O/hibseal" verify --key "$T/key" "$img"
run k2 "$O/hibseal" verify "$img" --resume-offset 0 --key="$T/key"
run k3 "$O/hibseal" verify --resume-offset=0 -k "$T/key" "$img"
[ "$(cat "$T/k1.rc")" = 1 ] && [ "$(cat "$T/k2.rc")" = 1 ] && [ "$(cat "$T/k3.rc")" = 1 ] &&
	grep -q 'does not authenticate' "$T/k2.err"
ok $? unit.cli.verify.option-order

# Usage errors.
run u1 "$O/hibseal" status --bogus
run u2 "$O/hibseal" verify "$img"
run u3 "$O/hibseal" inspect
run u4 "$O/hibseal" inspect --resume-offset -1 "$img"
run u5 "$O/hibseal" pin-boot extra
run u6 "$O/hibseal" frobnicate
run u7 "$O/hibseal" suspend --bogus
all=0
for u in u1 u2 u3 u4 u5 u6 u7; do
	if ! usage_error "$u"; then
		echo "# $u: exit $(cat "$T/$u.rc"), stdout $(wc -c <"$T/$u.out") bytes: $(head -n 1 "$T/$u.err")"
		all=1
	fi
done
ok $all unit.cli.usage-errors

# suspend-utils' spellings (s2disk's and resume's getopt tables): --resume_device,
# --resume_offset, --config, -P/--parameter with a line of the configuration file, applied over
# the file in command-line order. No resume device here is a block device, so each run stops,
# exit 1, at the device it chose, which the message names; nothing is opened for writing.
printf 'resume device = /nonexistent/file\nresume offset = 8\ncompress = y\n' >"$T/conf"
run s1 "$O/hibseal" resume --config="$T/conf" -P 'resume device = /nonexistent/p' -P 'splash = y'
run s2 "$O/hibseal" suspend -f "$T/conf" --resume_device /nonexistent/r --parameter \
	'resume device = /nonexistent/p' --resume_offset=0
run s3 "$O/hibseal" resume -f "$T/conf" --parameter='resume device : /nonexistent/p' \
	--resume_device=/nonexistent/r
run s4 "$O/hibseal" suspend --resume_device=/nonexistent/r -s 1000 -f /dev/null
opened() {	# NAME DEVICE: exit 1, the device it tried is DEVICE
	[ "$(cat "$T/$1.rc")" = 1 ] && grep -q "cannot open the resume device $2:" "$T/$1.err"
}
# The file's keys and -P's are warned about, each in one line, the same way.
warned() {	# NAME FROM KEYS
	local uses="(hibseal [a-z]* uses only 'resume device' and 'resume offset')"
	grep -qx "hibseal [a-z]*: warning: $2: ignored $uses: $3" "$T/$1.err"
}
opened s1 /nonexistent/p && warned s1 "$T/conf" compress && warned s1 -P splash
ok $? unit.cli.suspend-utils.parameter
opened s2 /nonexistent/p && opened s3 /nonexistent/r && warned s2 "$T/conf" compress
ok $? unit.cli.suspend-utils.order
opened s4 /nonexistent/r &&
	grep -q '^hibseal suspend: warning: -s/--image_size 1000 ignored' "$T/s4.err"
ok $? unit.cli.suspend-utils.image-size
# What hibseal does not take is refused, exit 2, first with one line that names it.
run r1 "$O/hibseal" resume /dev/sda2
run r2 "$O/hibseal" resume --image_size 1000
run r3 "$O/hibseal" suspend -P 'resume offset = x'
run r4 "$O/hibseal" resume -P 'no separator'
run r5 "$O/hibseal" suspend --vbe_save
all=0
for r in r1:"'/dev/sda2': no operand" r2:"-s/--image_size is s2disk's option" \
	r3:"bad -P 'resume offset = x'" r4:"bad -P 'no separator'" \
	r5:"unrecognized option '--vbe_save'"; do
	n=${r%%:*}
	if ! usage_error "$n" || ! head -n 1 "$T/$n.err" | grep -qF -e "${r#*:}"; then
		echo "# $n: exit $(cat "$T/$n.rc"): $(head -n 1 "$T/$n.err")"
		all=1
	fi
done
ok $all unit.cli.suspend-utils.refused

# Bash completion (completion/hibseal.bash, as bash-completion loads it): the subcommands, each
# one's options (suspend-utils' long ones for suspend and resume), a file after --key.
complete_words() {	# WORDS...: what _hibseal offers for the last word
	bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _hibseal; printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "' \
		_ "$top/userspace/uswsusp/completion/hibseal.bash" "$@"
}
c1=$(complete_words hibseal "")
c2=$(complete_words hibseal st)
c3=$(complete_words hibseal inspect --)
c4=$(complete_words hibseal verify --key "$top/debian/chang")
c5=$(complete_words hibseal bogus --)
c6=$(complete_words hibseal resume --c)
[ "$c1" = "--help --version inspect pin-boot resume status suspend verify " ] &&
	[ "$c2" = "status " ] && [ "$c3" = "--help --json --resume-offset --version " ] &&
	[ "$c4" = "$top/debian/changelog " ] && [ "$c5" = " " ] && [ "$c6" = "--config " ]
rc=$?
[ $rc = 0 ] || printf '# completion: [%s] [%s] [%s] [%s] [%s] [%s]\n' "$c1" "$c2" "$c3" "$c4" "$c5" "$c6"
ok $rc unit.cli.completion

# make install from the top (DESTDIR, PREFIX): the paths the README's build section gives.
if make -s -C "$top" install B="$B" DESTDIR="$T/root" PREFIX=/usr >"$T/install.log" 2>&1; then
	all=0
	for f in bin/hibseal share/man/man1/hibseal.1 share/man/man8/hibseal-suspend.8 \
		share/man/man8/hibseal-resume.8 share/man/man7/hibseal-lockdown.7 \
		share/bash-completion/completions/hibseal; do
		[ -s "$T/root/usr/$f" ] || { echo "# make install: no /usr/$f"; all=1; }
	done
	if ! [ -x "$T/root/usr/bin/hibseal" ] ||
		[ "$("$T/root/usr/bin/hibseal" --version)" != "hibseal $version" ]; then
		echo "# make install: /usr/bin/hibseal does not run"
		all=1
	fi
	grep -qF '`make install PREFIX=/usr DESTDIR=' "$top/README.md" ||
		{ echo "# README.md does not say how to make install"; all=1; }
else
	sed 's/^/# /' "$T/install.log"
	all=1
fi
ok $all unit.cli.install
