# hibseal: sealed hibernation for locked-down Linux.
#
#   make demo     build, boot the Secure Boot + TPM VM, show what it does (the main job)
#   make check    userspace unit tests and every VM scenario; ends with 'N passed, N failed'
#   make kernel   the test kernel from Debian's linux-source-6.12, overlay and patches applied
#   make kernel-production  the same source as a distribution would configure it (no self-test,
#                 no KUnit; configs/variants/production.config), for seal.production
#   make kernel-lockdep  the test kernel with lockdep, for a hand run (docs/testing.md)
#   make uki      a signed UKI (kernel, test initramfs, command line) on an ESP disk image
#   make debian   the Debian 13 systemd VM of the eco.* scenarios (debootstrap, cached)
#   make unit     userspace unit tests only
#   make install  the userspace tools (userspace/uswsusp's install: PREFIX=/usr/local, DESTDIR=)
#   make lint     shellcheck on the project's shell scripts
#   make patches  the kernel side as four format-patch series, each with a cover letter, in
#                 build/series/ (scripts/mkseries.sh; scripts/check-series.sh checks them)
#   make bisect   build every step of those series, with HIBERNATION_SEAL off too where it
#                 exists (scripts/bisect-series.sh; make check runs it before its VM scenarios)
#   make bench    sealed against plain, natively and in the VM: docs/benchmarks.md (not a test)
#   make deb      Debian 13 packages in build/deb/: hibseal-tools (debian/, built in a trixie
#                 chroot) and the Debian-configured kernel (hours from an empty ccache: not part
#                 of make check, whose Debian VM installs the test kernel's package; mkdeb.sh)
#
# Everything is built under build/ (HIBSEAL_BUILD overrides); every target installs the Debian
# packages it needs first (scripts/setup.sh, as root).

B ?= $(CURDIR)/build
export HIBSEAL_BUILD := $(B)
# The userspace tools build with -Werror here and in the tests, not in a package (make deb).
export WERROR ?= 1

SHELL_SCRIPTS := $(wildcard scripts/*.sh tests/*.sh tests/unit/*.sh tests/vm/*.sh tests/vm/scenarios/*.sh) \
	tests/vm/guest/init tests/vm/guest/umh-modprobe $(wildcard tests/vm/guest/scenarios/*.sh) .ci/run \
	tests/vm/debian/eco.sh tests/vm/debian/eco-sleep-hook tests/vm/debian/eco-lib.sh \
	userspace/uswsusp/systemd/hibseal.sleep $(wildcard userspace/uswsusp/initramfs/*/*) \
	userspace/uswsusp/completion/hibseal.bash

all: uki

setup:
	@scripts/setup.sh
	@scripts/ovmf.sh

kernel: setup
	@scripts/build-kernel.sh

# A tree of its own under $(B)/kernel-production, first copied from the test kernel's tree (only
# the objects its options reach are rebuilt); after the test kernel, so that `make -j` never
# runs two kernel builds at once.
kernel-production: setup kernel
	@scripts/build-kernel.sh production

# The test kernel with lockdep (configs/variants/lockdep.config): by hand, not in 'make check'
# (a second full build); HIBSEAL_TEST_KERNEL=lockdep tests/run.sh SCENARIO... boots it.
kernel-lockdep: setup kernel
	@scripts/build-kernel.sh lockdep

# Cheap to rebuild, so always rebuilt: it holds the guest scripts and static test programs.
initramfs: setup
	@mkdir -p $(B)
	@scripts/mkinitramfs.sh $(B)/initramfs.cpio.gz

uki: kernel initramfs
	@scripts/mkuki.sh $(B)/bzImage $(B)/initramfs.cpio.gz \
		"console=ttyS0 panic=-1 resume=/dev/vdb hibseal_vm.scenario=demo" $(B)/uki.efi
	@scripts/mkesp.sh $(B)/uki.efi $(B)/esp.img
	@echo "uki: $(B)/uki.efi (signed, snakeoil db key) on $(B)/esp.img"

# What the lockdown conformance scenarios boot: test modules, signed and unsigned kernels for
# kexec, an ACPI table override (scripts/mklockdown.sh).
lockdown: kernel initramfs
	@scripts/mklockdown.sh

# docs/lockdown-conformance.md from the results of the last full 'make check'.
lockdown-doc:
	@python3 scripts/lockdown-doc.py $(B)/lockdown/results --write docs/lockdown-conformance.md

# tests/manifest.txt from the names the last full 'make check' reported (harness.manifest).
manifest:
	@scripts/manifest.sh

# The Debian 13 VM the eco.* scenarios boot: systemd, initramfs-tools, our kernel and tools
# (scripts/mkdebian.sh; the debootstrap is cached under $(B)/debian).
# The tools go in as the hibseal-tools package, built here (make deb) unless make check has just
# tried beside the kernel (DEB_TOOLS_BUILT=1; its outcome is deb.tools.build).
debian: kernel
	@[ "$(DEB_TOOLS_BUILT)" = 1 ] || scripts/mkdeb.sh tools
	@scripts/mkdebian.sh

unit: setup
	@tests/run.sh unit

# The program, its man pages, bash completion, initramfs and systemd files, as
# userspace/uswsusp's Makefile lists them, under $(DESTDIR)$(PREFIX); built in $(B)/uswsusp.
# No setup: a packager or an unprivileged DESTDIR install needs no packages installed as root.
install:
	@$(MAKE) --no-print-directory -C userspace/uswsusp install OUT=$(B)/uswsusp

# The Debian VM's debootstrap (the network and dpkg: about 2 minutes, little CPU), then the
# hibseal-tools package (a trixie chroot's debootstrap, a minute of compiling; its outcome is
# the test deb.tools.build) run beside the kernel builds; then the rest of the Debian VM, which
# needs the kernel.
check: setup
	@mkdir -p $(B)
	@date +%s >$(B)/check.start
	@rm -f $(B)/deb-tools.rc
	@{ scripts/mkdebian.sh --base >$(B)/debian-base.log 2>&1 || exit 1; \
	  nice scripts/mkdeb.sh tools >$(B)/deb-tools.log 2>&1; \
	  echo "$$? $$(cat $(B)/check.start)" >$(B)/deb-tools.rc; } & \
	base=$$!; \
	$(MAKE) --no-print-directory kernel initramfs lockdown kernel-production; rc=$$?; \
	wait $$base || { cat $(B)/debian-base.log; exit 1; }; \
	[ $$rc = 0 ] || exit $$rc
	@$(MAKE) --no-print-directory debian DEB_TOOLS_BUILT=1 || \
		echo "check: no Debian VM (see above): the eco scenarios will fail"
	@HIBSEAL_CHECK_START=$$(cat $(B)/check.start) tests/run.sh

demo: kernel initramfs
	@scripts/demo.sh

# Measurements, not tests: about 50 minutes, nearly all of it the VM runs under TCG (47 measured
# at c143dca; docs/benchmarks.md says what it ran).
bench: kernel initramfs kernel-production
	@scripts/bench.sh

deb: setup
	@scripts/mkdeb.sh all

# The kernel side as series against the pristine source (patches/series.plan says how).
patches: setup
	@scripts/mkseries.sh $(B)/series

# Every step of those series built, from the test kernel's tree (docs/testing.md).
bisect: kernel
	@scripts/bisect-series.sh

lint: setup
	@shellcheck -x $(SHELL_SCRIPTS)
	@for f in Documentation/*/*.rst; do python3 -m docutils --halt=warning "$$f" /dev/null || exit 1; done
	@mandoc -Tlint -Wwarning docs/*.[178]

clean:
	rm -rf $(B)

.PHONY: all setup kernel kernel-production kernel-lockdep initramfs lockdown lockdown-doc manifest uki debian unit \
	install check demo bench deb patches bisect lint clean
