# shellcheck shell=dash disable=SC1091
# `make demo`: what a locked-down Secure Boot machine with a TPM does today.
. /scenarios/hibernate.sh
tpm2-pcrread /dev/tpm0 | grep -E '^pcr-sha256\[(4|7)\]=' | sed 's/^/HIBSEAL: /'
hibernate_cycle /dev/vdb
[ $? = 2 ]
