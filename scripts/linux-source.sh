# shellcheck shell=bash
# The kernel hibseal's series is made for: Debian's linux-source package of that version, and
# where its tarball lives. Sourced by every script that unpacks or names it.
# shellcheck disable=SC2034 # used by the scripts that source this file
LINUX_SOURCE=linux-source-6.12
# shellcheck disable=SC2034
LINUX_TARBALL=/usr/src/$LINUX_SOURCE.tar.xz

# kbuild_env: what every build of that source exports, so that a tree built once builds the
# same bytes again, whoever builds it next (build-kernel.sh, bisect-series.sh, make bindeb-pkg):
# the tarball's date, a fixed user and host, and build number 1 (Kbuild would count the links
# in .version, and `make bindeb-pkg` passes the package revision instead: the two must agree,
# or packaging relinks the kernel). ccache without the working directory in its hash: Kbuild
# compiles with relative paths, and the trees (build/linux, its copies) share the objects.
kbuild_env() {
	KBUILD_BUILD_TIMESTAMP=$(date -u -R -d "@$(stat -c %Y "$LINUX_TARBALL")")
	export KBUILD_BUILD_TIMESTAMP KBUILD_BUILD_USER=hibseal KBUILD_BUILD_HOST=hibseal
	export KBUILD_BUILD_VERSION=1
	export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/ccache} CCACHE_NOHASHDIR=1
}
