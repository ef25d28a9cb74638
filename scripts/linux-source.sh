# shellcheck shell=bash
# The kernel hibseal's series is made for: Debian's linux-source package of that version, and
# where its tarball lives. Sourced by every script that unpacks or names it.
# shellcheck disable=SC2034 # used by the scripts that source this file
LINUX_SOURCE=linux-source-6.12
# shellcheck disable=SC2034
LINUX_TARBALL=/usr/src/$LINUX_SOURCE.tar.xz
