# shellcheck shell=dash disable=SC1091
# Secure Boot on: today's lockdown refuses hibernation; the system must keep running.
. /scenarios/hibernate.sh
hibernate_cycle /dev/vdb
[ $? = 2 ]
