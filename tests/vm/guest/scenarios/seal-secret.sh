# shellcheck shell=dash disable=SC1091
# Like seal-hibernate, with a secret in memory for the host to look for on the swap disk:
# 256 copies of "hibseal-secret-<random>" in tmpfs.
. /scenarios/hibernate.sh
secret="hibseal-secret-$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')"
i=0
while [ $i -lt 256 ]; do
	echo "$secret"
	i=$((i + 1))
done >/tmp/secret
say "secret=$secret"
hibernate_cycle /dev/vdb
