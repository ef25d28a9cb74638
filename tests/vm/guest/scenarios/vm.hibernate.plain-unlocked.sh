# shellcheck shell=dash disable=SC1091
# Secure Boot off: an upstream hibernate/resume round trip through the in-kernel swap writer.
. /scenarios/hibernate.sh
hibernate_cycle /dev/vdb
