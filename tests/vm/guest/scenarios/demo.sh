# shellcheck shell=dash disable=SC1091
# `make demo`: a Secure Boot machine with a TPM hibernates with a sealed image and resumes; then
# it hibernates again, the host damages that image, and the next boot refuses it.
. /scenarios/hibernate.sh
tpm2-pcrread /dev/tpm0 | grep -E '^pcr-sha256\[(4|7|14)\]=' | sed 's/^/HIBSEAL: /'
if hibernate_cycle /dev/vdb; then
	say "demo: resumed; hibernating again, for the host to damage the image"
	if echo disk >/sys/power/state; then
		say "demo: resumed a second time (the image was not damaged?)"
	fi
else
	return 1
fi
