# shellcheck shell=bash
# The kernel hibseal's series is made for: Debian's linux-source package of that version, and
# where its tarball lives. Sourced by every script that unpacks or names it.
LINUX_SOURCE=linux-source-6.12
LINUX_TARBALL=/usr/src/$LINUX_SOURCE.tar.xz
