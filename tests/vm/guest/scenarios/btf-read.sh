# shellcheck shell=dash disable=SC1091
# attack.btf-read: root loads a tracing program on the exit of hibseal_derive_keys() (the
# kernel's BTF gives its id) that copies the image keys its fourth argument points to through
# BTF-typed loads, attaches it, and hibernates in mode test_resume (the boot runs on) so the
# function runs, then reads what the program copied. A boot without a TPM holds no key: there
# the same program must load and attach (the positive control). (Sourced by /init: return.)
. /scenarios/common.sh
report_platform
if [ "$(seal_status)" = ready ]; then
	if ! mkswap /dev/vdb >/dev/null || ! swapon /dev/vdb; then say "error: no swap"; fi
	hibseal-memread fexit hibseal_derive_keys 3 test_resume 2>&1 | sed 's/^/HIBSEAL: /'
else
	hibseal-memread fexit hibseal_derive_keys 3 2>&1 | sed 's/^/HIBSEAL: /'
fi
say "btf-read-done"
return 0
