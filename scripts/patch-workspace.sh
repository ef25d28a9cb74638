#!/bin/bash
# patch-workspace.sh: build/patchwork, a git tree holding the pristine Debian linux-source versions of the
# files patches/ touches (commit "base"), with the series applied on top by `git am`. Edit and
# commit there, then regenerate the series with:
#   git -C build/patchwork format-patch -o "$PWD/patches" base..
# A change to an upstream file no patch touches yet needs that file in the base too: name it
# (its path in the kernel tree) as an argument.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
B=${HIBSEAL_BUILD:-$top/build}
work=$B/patchwork
. "$top/scripts/linux-source.sh"
tarball=$LINUX_TARBALL

"$top/scripts/setup.sh"
rm -rf "$work"
mkdir -p "$work"
mapfile -t files < <(sed -n 's|^+++ b/||p; s|^--- a/||p' "$top"/patches/*.patch | sort -u |
	grep -v '^/dev/null$')
files+=("$@")
tar -xJf "$tarball" -C "$work" --strip-components=1 \
	"${files[@]/#/$LINUX_SOURCE/}" 2>/dev/null || true
cd "$work"
git init -q
git add -A
git -c user.name=hibseal -c user.email=hibseal@invalid commit -qm base
git tag base
git -c user.name=hibseal -c user.email=hibseal@invalid am -q "$top"/patches/*.patch
git log --oneline base..
