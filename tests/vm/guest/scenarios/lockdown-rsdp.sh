# shellcheck shell=dash disable=SC1091
# Report where the firmware put the ACPI RSDP (for the acpi_rsdp= row of the lockdown matrix).
. /scenarios/common.sh
say "rsdp=$(sed -n 's/^ACPI20=//p' /sys/firmware/efi/systab)"
