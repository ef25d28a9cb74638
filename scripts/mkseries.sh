#!/bin/bash
# mkseries.sh [OUTDIR]: the whole kernel side of hibseal as `git format-patch` series against
# Debian's pristine linux-source package (scripts/linux-source.sh), one directory a series, each
# with its cover letter (default OUTDIR: $B/series).
#
#   tarball --the upstream files the series touches--> base (a git repository, commit "base")
#   base + patches/*.patch (patch -p1) + overlay --> ref: the files build-kernel.sh builds
#   patches/series.plan, step by step --> one commit a step on base (git am, or files as in ref)
#   the last commit's tree == ref, file for file, or nothing is written
#   for each `series NAME` of the plan, in order: git format-patch --cover-letter of its commits,
#   patches/cover-NAME.txt filled in --> OUTDIR/NAME/; their names in order --> OUTDIR/series,
#   the patches of all of them in order (cover letters left out) --> OUTDIR/mails
#
# Author, committer and dates are fixed, so the same sources give the same series byte for byte.
set -eu
export LC_ALL=C

top=$(cd "$(dirname "$0")/.." && pwd)
B=${HIBSEAL_BUILD:-$top/build}
out=${1:-$B/series}
. "$top/scripts/linux-source.sh"
tarball=$LINUX_TARBALL
plan=$top/patches/series.plan

msg() { printf 'mkseries: %s\n' "$*"; }
die() { printf 'mkseries: error: %s\n' "$*" >&2; exit 1; }

[ -f "$tarball" ] || die "$tarball is missing (apt-get install $LINUX_SOURCE)"
pkgver=$(dpkg-query -W -f='${Version}' "$LINUX_SOURCE")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One identity and one date for every commit: the tarball's, as build-kernel.sh's timestamp.
export GIT_AUTHOR_NAME=hibseal GIT_AUTHOR_EMAIL=hibseal@localhost
export GIT_COMMITTER_NAME=hibseal GIT_COMMITTER_EMAIL=hibseal@localhost
GIT_AUTHOR_DATE="@$(stat -c %Y "$tarball") +0000"
export GIT_AUTHOR_DATE GIT_COMMITTER_DATE=$GIT_AUTHOR_DATE
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
git() { command git -c init.defaultBranch=series -c core.autocrlf=false "$@"; }

# 1. The upstream files the patches change, pristine, and ref = them patched plus the overlay.
mapfile -t upstream < <(sed -n 's|^+++ b/||p; s|^--- a/||p' "$top"/patches/*.patch | sort -u |
	grep -vxF /dev/null)
mkdir -p "$work/base" "$work/ref"
tar -xJf "$tarball" -C "$work/base" --strip-components=1 "${upstream[@]/#/$LINUX_SOURCE/}" ||
	die "cannot extract the files patches/ changes from $tarball"
cp -a "$work/base/." "$work/ref/"
for p in "$top"/patches/*.patch; do
	patch -d "$work/ref" -p1 -s --batch --forward <"$p" >/dev/null ||
		die "${p##*/} does not apply to $LINUX_SOURCE $pkgver"
done
while IFS=$'\t' read -r f from; do
	[ ! -e "$work/base/$f" ] || die "overlay file $f would replace an upstream file"
	mkdir -p "$work/ref/$(dirname "$f")"
	cp "$top/$from" "$work/ref/$f"
done < <("$top/scripts/overlay-files.sh")

repo=$work/base
git -C "$repo" init -q
git -C "$repo" add -A
git -C "$repo" commit -q -m "$LINUX_SOURCE $pkgver, the files this series touches"
git -C "$repo" tag base

# 2. The plan, one step a commit. Directives (patches/series.plan says more):
#      commit SUBJECT | body line | file PATH... | part PATH PATTERN... | maintainers SECTION |
#      patch NNNN [-PATH...]
take() {	# take PATH...: these paths as they are in ref
	local f
	for f in "$@"; do
		if [ -e "$work/ref/$f" ]; then
			mkdir -p "$repo/$(dirname "$f")"
			cp "$work/ref/$f" "$repo/$f"
			git -C "$repo" add -- "$f"
		else
			git -C "$repo" rm -q --ignore-unmatch -- "$f"
		fi
	done
}

# maintainers SECTION: ref's MAINTAINERS, with that section's F: lines limited to the patterns
# that match a file in the tree so far, so that each patch adding files lists them there.
maintainers() {
	local section=$1 line in=0 pat
	while IFS= read -r line; do
		if [ "$line" = "$section" ]; then
			in=1
		elif [ -z "$line" ]; then
			in=0
		elif [ $in = 1 ] && [ "${line#F:	}" != "$line" ]; then
			pat=${line#F:	}
			# shellcheck disable=SC2086 # the pattern is a glob on purpose
			(cd "$repo" && compgen -G $pat >/dev/null) || continue
		fi
		printf '%s\n' "$line"
	done <"$work/ref/MAINTAINERS" >"$repo/MAINTAINERS"
	git -C "$repo" add MAINTAINERS
}

# part PATH N: PATH as in ref, cut down to what the plan's first N `part PATH` lines select
# (scripts/plan-part.py).
part() {
	mkdir -p "$repo/$(dirname "$1")"
	python3 "$top/scripts/plan-part.py" "$work/ref/$1" "$repo/$1" "$plan" "$1" "$2" ||
		die "plan: cannot cut $1"
	git -C "$repo" add -- "$1"
}

subject="" body="" kind="" files=() parts=() maint="" nsteps=0 names=()
declare -A nparts=()
finish_step() {	# commit what the step collected
	local p
	[ -n "$kind" ] || return 0
	[ ${#files[@]} = 0 ] || take "${files[@]}"
	for p in "${parts[@]}"; do
		part "${p% *}" "${p##* }"
	done
	[ -z "$maint" ] || maintainers "$maint"
	if [ "$kind" = commit ]; then
		[ -n "$body" ] || die "plan: '$subject' has no body"
		printf '%s\n\n%s' "$subject" "$body" | git -C "$repo" commit -q -s -F - ||
			die "plan: '$subject' commits nothing"
	else
		# git am kept the patch's message; sign it off under this series' identity.
		git -C "$repo" log -1 --format=%B | sed '/^Signed-off-by: /d' |
			sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' |
			git -C "$repo" commit -q --amend --reset-author -s -F -
	fi
	nsteps=$((nsteps + 1))
	subject="" body="" kind="" files=() parts=() maint=""
}

lineno=0
while IFS= read -r line || [ -n "$line" ]; do
	lineno=$((lineno + 1))
	case $line in
	'' | '#'*) continue ;;
	'series '*)
		finish_step
		name=${line#series }
		[[ $name =~ ^[a-z0-9-]+$ ]] || die "plan line $lineno: '$name' is no series name"
		[ -f "$top/patches/cover-$name.txt" ] || die "plan line $lineno: no patches/cover-$name.txt"
		git -C "$repo" tag "start-$name" || die "plan line $lineno: series $name twice"
		names+=("$name") ;;
	'commit '*)
		[ ${#names[@]} -gt 0 ] || die "plan line $lineno: a step before the first 'series'"
		finish_step
		kind=commit subject=${line#commit } ;;
	'|' | '| '*)
		[ "$kind" = commit ] || die "plan line $lineno: a body line outside a commit"
		line=${line#|}
		body+="${line# }"$'\n' ;;
	'file '*)
		[ -n "$kind" ] || die "plan line $lineno: 'file' outside a step"
		read -r -a more <<<"${line#file }"
		files+=("${more[@]}") ;;
	'part '*)
		[ -n "$kind" ] || die "plan line $lineno: 'part' outside a step"
		read -r -a more <<<"${line#part }"
		[ ${#more[@]} -ge 2 ] || die "plan line $lineno: 'part' needs a path and a pattern"
		[ -e "$work/ref/${more[0]}" ] || die "plan line $lineno: no ${more[0]} in patches/ or the overlay"
		nparts[${more[0]}]=$(( ${nparts[${more[0]}]:-0} + 1 ))
		parts+=("${more[0]} ${nparts[${more[0]}]}") ;;
	'maintainers '*)
		[ -n "$kind" ] || die "plan line $lineno: 'maintainers' outside a step"
		maint=${line#maintainers } ;;
	'patch '*)
		finish_step
		[ ${#names[@]} -gt 0 ] || die "plan line $lineno: a step before the first 'series'"
		read -r -a words <<<"${line#patch }"
		p=$(printf '%s\n' "$top/patches/${words[0]}"-*.patch)
		[ -f "$p" ] || die "plan line $lineno: no patches/${words[0]}-*.patch"
		excl=()
		for w in "${words[@]:1}"; do excl+=("--exclude=${w#-}"); done
		git -C "$repo" am -q --keep-cr "${excl[@]}" "$p" ||
			die "plan line $lineno: ${p##*/} does not apply at this point of the series"
		kind="patch" ;;
	*) die "plan line $lineno: cannot read '$line'" ;;
	esac
done <"$plan"
finish_step


# 3. The series must build exactly what build-kernel.sh builds.
bad=$( (cd "$work/ref" && find . -type f | sed 's|^\./||') | sort | while read -r f; do
	cmp -s "$work/ref/$f" "$repo/$f" || echo "$f"
done)
extra=$(git -C "$repo" ls-files | while read -r f; do [ -e "$work/ref/$f" ] || echo "$f"; done)
if [ -n "$bad$extra" ]; then
	printf '%s\n' "$bad" "$extra" | sed '/^$/d; s/^/  differs from patches+overlay: /' >&2
	die "the plan does not reproduce patches/ and the overlay"
fi

# 4. The mails of each series, and its cover letter from its template: the subject on the first
#    line, then a blank line, then the text, where @PKGVER@ is the source package's version, @N@
#    the number of patches and @BASE@ what the series applies to.
rm -rf "$out"
mkdir -p "$out"
base="Debian's $LINUX_SOURCE $pkgver" before=""
total=0
for i in "${!names[@]}"; do
	name=${names[$i]}
	if [ $((i + 1)) -lt ${#names[@]} ]; then
		end=start-${names[$((i + 1))]}
	else
		end=HEAD
	fi
	n=$(git -C "$repo" rev-list --count "start-$name..$end")
	[ "$n" -gt 0 ] || die "series $name has no patch"
	git -C "$repo" format-patch -q --cover-letter --no-signature --zero-commit \
		-o "$out/$name" "start-$name..$end"
	cover=$top/patches/cover-$name.txt
	cl=$out/$name/0000-cover-letter.patch
	title=$(sed -n 1p "$cover")
	sed -e '1,2d' -e "s|@PKGVER@|$pkgver|g" -e "s|@N@|$n|g" \
		-e "s|@BASE@|$base${before:+, with $before applied first}|g" "$cover" |
		fold -s -w 72 | sed 's/ *$//' >"$work/blurb"
	{
		sed -e "s|\*\*\* SUBJECT HERE \*\*\*|$title|" -e '/\*\*\* BLURB HERE \*\*\*/,$d' "$cl"
		cat "$work/blurb"
		sed -n '/\*\*\* BLURB HERE \*\*\*/,$p' "$cl" | sed 1d
	} >"$work/cover"
	mv "$work/cover" "$cl"
	echo "$name" >>"$out/series"
	for m in "$out/$name"/[0-9][0-9][0-9][0-9]-*.patch; do
		[ "$m" = "$cl" ] || echo "${m#"$out/"}"
	done >>"$out/mails"
	msg "$name: $n patches and a cover letter in $out/$name"
	before="${before:+$before, then }the series \"$title\""
	total=$((total + n))
done
[ "$total" = "$(git -C "$repo" rev-list --count base..HEAD)" ] || die "a step before the first series"
msg "${#names[@]} series, $total patches, against $LINUX_SOURCE $pkgver"
