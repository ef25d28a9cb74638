// SPDX-License-Identifier: GPL-2.0
/*
 * lockdown-matrix: exercise, in the running kernel, every restriction of the kernel lockdown
 * series and report what happened, one line per restriction:
 *
 *   LDM|<row>|<level>|<reason>|<expected>|<observed>|<logged>|<verdict>|<note>|<op>
 *
 *   row       the restriction (the TAP name is lockdown.<row>.<mode>)
 *   level     the lockdown level that restricts it (integrity, confidentiality, or "-" when
 *             lockdown does not decide it)
 *   reason    the kernel's lockdown_reasons[] text it should log
 *   expected  what this mode should show: ok, an errno name, or a state word
 *   observed  what the kernel did
 *   logged    yes/no: whether "Lockdown: lockdown-matrix: <reason> is restricted; see man
 *             kernel_lockdown.7" was logged by this operation ("boot": during boot), or for a
 *             refusal because sealed hibernation holds its key (patch 0023) "... is restricted
 *             while sealed hibernation holds its key; see man kernel_lockdown.7"
 *   verdict   pass, fail or skip; a skip says why in the note
 *   note      what this mode adds (who refused first, a state)
 *   op        what the row does
 *
 * Expectations depend on the lockdown level (/sys/kernel/security/lockdown), on whether
 * sealed hibernation holds a key (/sys/power/hibernate_seal reads "ready": then what reads
 * kernel memory is refused under integrity too), and on whether
 * the firmware booted with Secure Boot: then IMA's architecture policy enforces module and
 * kexec signatures and answers before lockdown is asked (see docs/lockdown-conformance.md).
 * The host decides nothing from this program's verdicts alone: it also checks the mode and
 * the console log (tests/vm/scenarios/lockdown.matrix.*.sh).
 *
 *   lockdown-matrix            run every row
 *   lockdown-matrix --list     print the row names
 *   lockdown-matrix kexec KERNEL INITRD CMDLINE   kexec_file_load KERNEL and reboot into it
 *   lockdown-matrix kexec-load KERNEL INITRD CMDLINE   only load it, for another program to
 *                                    reboot into
 *   lockdown-matrix sysrq-uinput     type Alt+SysRq+x on a uinput keyboard
 *   lockdown-matrix sysrq-evdev DEV  write Alt+SysRq+x into an evdev node (the real keyboard's)
 *   lockdown-matrix sysrq-hold DEV S write Alt+SysRq down into DEV, hold S seconds for a real
 *                                    x key press, then release them
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/io.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <linux/input.h>
#include <linux/kd.h>
#include <linux/kexec.h>
#include <linux/perf_event.h>
#include <linux/reboot.h>
#include <linux/serial.h>
#include <linux/suspend_ioctls.h>
#include <linux/uinput.h>

#define LDM_DIR "/lib/ldm"
#define COMM "lockdown-matrix"

enum level { LV_NONE, LV_INTEGRITY, LV_CONFIDENTIALITY };

static struct {
	enum level level;	/* this boot's lockdown level */
	bool secureboot;	/* firmware Secure Boot on (IMA's arch policy applies) */
	bool sig_enforce;	/* module.sig_enforce, as IMA's arch policy sets it */
	bool key_held;		/* sealed hibernation is ready: its key is in kernel memory */
	int kmsg;		/* /dev/kmsg, positioned after the last record read */
	char boot_log[1 << 20];	/* the kernel log as it was when this program started */
} g;

struct result {
	const char *expect;	/* ok, an errno name, or a state word */
	char observed[64];
	const char *log;	/* lockdown reason expected in the log, or NULL for none */
	bool log_at_boot;	/* the reason is logged during boot, not by this operation */
	bool log_sealed;	/* ... in the line of a refusal for sealed hibernation's key */
	const char *skip;	/* why this row cannot run here */
	char note[160];
};

struct row {
	const char *name;
	enum level level;	/* LV_NONE: lockdown does not decide this row */
	const char *reason;
	void (*run)(struct result *r);
	const char *op;		/* what the row does, for the conformance table */
};

static const char *errname(int e)
{
	static char buf[16];

	switch (e) {
	case 0: return "ok";
	case EPERM: return "EPERM";
	case EACCES: return "EACCES";
	case EINVAL: return "EINVAL";
	case ENOENT: return "ENOENT";
	case ENXIO: return "ENXIO";
	case ENODATA: return "ENODATA";
	case EKEYREJECTED: return "EKEYREJECTED";
	case ENOKEY: return "ENOKEY";
	case EBADMSG: return "EBADMSG";
	case EEXIST: return "EEXIST";
	case EBUSY: return "EBUSY";
	case ENODEV: return "ENODEV";
	case EIO: return "EIO";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	}
	snprintf(buf, sizeof(buf), "errno%d", e);
	return buf;
}

static void observe(struct result *r, int rc)
{
	snprintf(r->observed, sizeof(r->observed), "%s", errname(rc < 0 ? errno : 0));
}

static void note(struct result *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(r->note, sizeof(r->note), fmt, ap);
	va_end(ap);
}

/* Refused by lockdown from level @lv on: the errno it returns there, else ok. */
static void expect_lockdown(struct result *r, enum level lv, const char *reason, const char *err)
{
	if (g.level >= lv) {
		r->expect = err;
		r->log = reason;
	} else {
		r->expect = "ok";
	}
}

/*
 * A read of kernel memory (a confidentiality reason): refused from confidentiality on, and
 * under integrity while sealed hibernation holds its key (patch 0023), with a line of its own.
 */
static void expect_kmem(struct result *r, const char *reason, const char *err)
{
	expect_lockdown(r, LV_CONFIDENTIALITY, reason, err);
	if (g.level == LV_INTEGRITY && g.key_held) {
		r->expect = err;
		r->log = reason;
		r->log_sealed = true;
		note(r, "sealed hibernation holds its key");
	}
}

static int read_file(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	return (int)n;
}

/* --- the kernel log ------------------------------------------------------------------ */

/* Read /dev/kmsg records (from @fd's position) into @out, message text only, one per line. */
static void kmsg_drain(int fd, char *out, size_t len)
{
	char rec[2048];
	size_t used = out ? strlen(out) : 0;

	for (;;) {
		ssize_t n = read(fd, rec, sizeof(rec) - 1);
		char *msg, *end;

		if (n < 0) {
			if (errno == EPIPE)	/* overwritten records: go on */
				continue;
			break;
		}
		rec[n] = '\0';
		msg = strchr(rec, ';');
		if (!msg || !out)
			continue;
		msg++;
		end = strchr(msg, '\n');
		if (end)
			end[1] = '\0';
		if (used + strlen(msg) + 1 < len) {
			memcpy(out + used, msg, strlen(msg) + 1);
			used += strlen(msg);
		}
	}
}

static bool lockdown_line(const char *log, const char *comm, const char *reason, bool sealed)
{
	char want[256];

	snprintf(want, sizeof(want), "Lockdown: %s: %s is restricted%s; see man kernel_lockdown.7",
		 comm, reason, sealed ? " while sealed hibernation holds its key" : "");
	return strstr(log, want) != NULL;
}

/* --- rows ---------------------------------------------------------------------------- */

static int load_module(const char *file, const char *params)
{
	int fd = open(file, O_RDONLY | O_CLOEXEC), rc, e;

	if (fd < 0)
		return -1;
	rc = (int)syscall(SYS_finit_module, fd, params, 0);
	e = errno;
	close(fd);
	errno = e;
	return rc;
}

static void unload_module(const char *name)
{
	syscall(SYS_delete_module, name, O_NONBLOCK);
}

static void row_module_signature(struct result *r)
{
	if (g.sig_enforce) {
		r->expect = "EKEYREJECTED";
		note(r, "module.sig_enforce (IMA arch policy) rejects before lockdown is asked");
	} else {
		expect_lockdown(r, LV_INTEGRITY, "unsigned module loading", "EPERM");
	}
	observe(r, load_module(LDM_DIR "/ldm_unsigned.ko", ""));
	unload_module("ldm_unsigned");
}

static void row_module_signed(struct result *r)
{
	r->expect = "ok";
	observe(r, load_module(LDM_DIR "/ldm_signed.ko", ""));
	unload_module("ldm_signed");
}

static void row_module_param(struct result *r)
{
	expect_lockdown(r, LV_INTEGRITY, "unsafe module parameters", "EPERM");
	observe(r, load_module(LDM_DIR "/ldm_hwparam.ko", "ioport=0x2e8"));
	unload_module("ldm_hwparam");
}

static int kexec_file(const char *kernel)
{
	int fd = open(kernel, O_RDONLY | O_CLOEXEC), rc, e;

	if (fd < 0)
		return -1;
	rc = (int)syscall(SYS_kexec_file_load, fd, -1, 1UL, "", KEXEC_FILE_NO_INITRAMFS);
	e = errno;
	close(fd);
	if (rc == 0)
		syscall(SYS_kexec_file_load, -1, -1, 0UL, NULL, KEXEC_FILE_UNLOAD);
	errno = e;
	return rc;
}

static void row_kexec_unsigned(struct result *r)
{
	if (g.sig_enforce) {
		/* verify_pefile_signature() finds no certificate table: -ENODATA */
		r->expect = "ENODATA";
		note(r, "kexec signature enforced (IMA arch policy) before lockdown is asked");
	} else {
		expect_lockdown(r, LV_INTEGRITY, "kexec of unsigned images", "EPERM");
	}
	observe(r, kexec_file(LDM_DIR "/bzImage.unsigned"));
}

static void row_kexec_signed(struct result *r)
{
	r->expect = "ok";
	observe(r, kexec_file(LDM_DIR "/bzImage.signed"));
}

static void row_kexec_load(struct result *r)
{
	if (g.secureboot) {
		r->expect = "EACCES";
		note(r, "IMA refuses kexec_load() under Secure Boot before lockdown is asked");
	} else {
		expect_lockdown(r, LV_INTEGRITY, "kexec of unsigned images", "EPERM");
	}
	/* No segments: in an unrestricted kernel this just unloads (nothing). */
	observe(r, (int)syscall(SYS_kexec_load, 0UL, 0UL, NULL, (unsigned long)KEXEC_ARCH_DEFAULT));
}

static void row_ima_rules(struct result *r)
{
	static char policy[8192];
	bool kexec, module;

	r->expect = g.secureboot ? "arch-rules" : "no-arch-rules";
	if (read_file("/sys/kernel/security/ima/policy", policy, sizeof(policy)) < 0) {
		snprintf(r->observed, sizeof(r->observed), "no-policy-file");
		return;
	}
	kexec = strstr(policy, "measure func=KEXEC_KERNEL_CHECK") != NULL;
	module = strstr(policy, "measure func=MODULE_CHECK") != NULL;
	if (kexec && module && g.sig_enforce)
		snprintf(r->observed, sizeof(r->observed), "arch-rules");
	else if (!kexec && !module && !g.sig_enforce)
		snprintf(r->observed, sizeof(r->observed), "no-arch-rules");
	else
		snprintf(r->observed, sizeof(r->observed), "partial");
}

static void open_row(struct result *r, const char *path, int flags)
{
	int fd = open(path, flags | O_CLOEXEC);

	observe(r, fd);
	if (fd >= 0)
		close(fd);
}

static void row_dev_mem(struct result *r)
{
	expect_lockdown(r, LV_INTEGRITY, "/dev/mem,kmem,port", "EPERM");
	open_row(r, "/dev/mem", O_RDONLY);
}

/*
 * An interface this kernel or VM may lack: if @probe exists, opening @path must be refused
 * from integrity on with @reason; else the row is skipped, saying @absent.
 */
static void open_row_if_present(struct result *r, const char *probe, const char *path, int flags,
				const char *reason, const char *absent)
{
	struct stat st;

	if (stat(probe, &st) < 0) {
		r->skip = absent;
		return;
	}
	expect_lockdown(r, LV_INTEGRITY, reason, "EPERM");
	open_row(r, path, flags);
}

static void row_dev_kmem(struct result *r)
{
	open_row_if_present(r, "/dev/kmem", "/dev/kmem", O_RDONLY, "/dev/mem,kmem,port",
			    "/dev/kmem was removed in Linux 5.13; this kernel has no such device");
}

static void row_dev_port(struct result *r)
{
	expect_lockdown(r, LV_INTEGRITY, "/dev/mem,kmem,port", "EPERM");
	open_row(r, "/dev/port", O_RDONLY);
}

static void row_kcore(struct result *r)
{
	expect_kmem(r, "/proc/kcore access", "EPERM");
	open_row(r, "/proc/kcore", O_RDONLY);
}

static void row_hibernation(struct result *r)
{
	char state[128], seal[160];

	/* With a TPM, hibernation stays offered under lockdown, sealed (the hibseal change). */
	r->expect = "disk";
	if (read_file("/sys/power/state", state, sizeof(state)) < 0)
		state[0] = '\0';
	if (read_file("/sys/power/hibernate_seal", seal, sizeof(seal)) < 0)
		snprintf(seal, sizeof(seal), "absent\n");
	seal[strcspn(seal, "\n")] = '\0';
	snprintf(r->observed, sizeof(r->observed), "%s", strstr(state, "disk") ? "disk" : "no-disk");
	note(r, "hibernate_seal: %s", seal);
}

static void row_uswsusp(struct result *r)
{
	int fd, rc;

	/*
	 * Under lockdown the plain /dev/snapshot protocol is refused: at open() when sealing is
	 * unavailable, else at its first step, SNAPSHOT_FREEZE (the device opens for the sealed
	 * protocol, patches 0022 and 0030). Lockdown logs the hibernation refusal once per boot,
	 * when it is first asked (at /sys/power/state); hibseal logs its own line for the ioctl.
	 */
	r->expect = g.level >= LV_INTEGRITY ? "EPERM" : "ok";
	fd = open("/dev/snapshot", O_RDONLY | O_CLOEXEC);
	if (fd < 0 || g.level == LV_NONE) {
		observe(r, fd);
		if (fd >= 0)
			close(fd);
		else if (g.level >= LV_INTEGRITY)
			note(r, "refused at open() (sealing unavailable)");
		return;
	}
	rc = ioctl(fd, SNAPSHOT_FREEZE);
	observe(r, rc);
	if (!rc)
		ioctl(fd, SNAPSHOT_UNFREEZE);
	else
		note(r, "open() works for the sealed protocol; SNAPSHOT_FREEZE refused");
	close(fd);
}

static const char *pci_dev = "/sys/bus/pci/devices/0000:00:05.0";

static void row_pci_config(struct result *r)
{
	char path[128];
	unsigned char v = 0;
	int fd, rc;

	expect_lockdown(r, LV_INTEGRITY, "direct PCI access", "EPERM");
	snprintf(path, sizeof(path), "%s/config", pci_dev);
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0 || pread(fd, &v, 1, 0x3c) != 1) {
		observe(r, -1);
		note(r, "cannot read %s", path);
		if (fd >= 0)
			close(fd);
		return;
	}
	/* Interrupt Line (0x3c) written back unchanged. */
	rc = pwrite(fd, &v, 1, 0x3c) == 1 ? 0 : -1;
	observe(r, rc);
	close(fd);
}

static void row_pci_bar(struct result *r)
{
	char path[128];
	void *p;
	int fd;

	expect_lockdown(r, LV_INTEGRITY, "direct PCI access", "EPERM");
	snprintf(path, sizeof(path), "%s/resource1", pci_dev);
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		observe(r, -1);
		note(r, "cannot open %s", path);
		return;
	}
	p = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
	observe(r, p == MAP_FAILED ? -1 : 0);
	if (p != MAP_FAILED)
		munmap(p, 4096);
	close(fd);
}

static void row_ioperm(struct result *r)
{
	int rc;

	expect_lockdown(r, LV_INTEGRITY, "raw io port access", "EPERM");
	rc = ioperm(0x80, 1, 1);
	observe(r, rc);
	if (rc == 0)
		ioperm(0x80, 1, 0);
}

static void row_iopl(struct result *r)
{
	int rc;

	expect_lockdown(r, LV_INTEGRITY, "raw io port access", "EPERM");
	rc = iopl(3);
	observe(r, rc);
	if (rc == 0)
		iopl(0);
}

static void row_kd_io(struct result *r)
{
	int fd = open("/dev/tty0", O_RDWR | O_NOCTTY | O_CLOEXEC), rc;

	/* vt_ioctl() maps the ioperm() refusal to ENXIO. */
	expect_lockdown(r, LV_INTEGRITY, "raw io port access", "ENXIO");
	if (fd < 0) {
		observe(r, -1);
		return;
	}
	rc = ioctl(fd, KDENABIO, 0);
	observe(r, rc);
	if (rc == 0)
		ioctl(fd, KDDISABIO, 0);
	close(fd);
}

static void row_tiocsserial(struct result *r)
{
	struct serial_struct ss, changed;
	int fd = open("/dev/ttyS1", O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC), rc;

	expect_lockdown(r, LV_INTEGRITY, "reconfiguration of serial port IO", "EPERM");
	if (fd < 0 || ioctl(fd, TIOCGSERIAL, &ss) < 0) {
		observe(r, -1);
		note(r, "cannot open or query /dev/ttyS1");
		if (fd >= 0)
			close(fd);
		return;
	}
	changed = ss;
	changed.port = ss.port == 0x2e8 ? 0x3e8 : 0x2e8;
	rc = ioctl(fd, TIOCSSERIAL, &changed);
	observe(r, rc);
	if (rc == 0)
		ioctl(fd, TIOCSSERIAL, &ss);
	close(fd);
}

static void row_msr(struct result *r)
{
	int fd = open("/dev/cpu/0/msr", O_RDWR | O_CLOEXEC), rc;
	uint64_t v;

	expect_lockdown(r, LV_INTEGRITY, "raw MSR access", "EPERM");
	if (fd < 0 || pread(fd, &v, 8, 0x174) != 8) {
		observe(r, -1);
		if (fd >= 0)
			close(fd);
		return;
	}
	rc = pwrite(fd, &v, 8, 0x174) == 8 ? 0 : -1;
	observe(r, rc);
	close(fd);
}

static void row_acpi_custom_method(struct result *r)
{
	r->skip = "the ACPI custom_method debugfs file (ACPI_CUSTOM_METHOD) was removed from "
		  "Linux before 6.12";
}

/* The SSDT that scripts/mklockdown.sh puts in the initrd's early cpio. */
static void row_acpi_table_override(struct result *r)
{
	const char *ignored = "ACPI: kernel is locked down, ignoring table override";
	const char *installed = "ACPI: Table Upgrade: install [SSDT-HIBSEL-";

	r->log_at_boot = true;
	if (g.level >= LV_INTEGRITY) {
		r->expect = "ignored";
		r->log = "modifying ACPI tables";
	} else {
		r->expect = "installed";
	}
	if (strstr(g.boot_log, ignored) && !strstr(g.boot_log, installed))
		snprintf(r->observed, sizeof(r->observed), "ignored");
	else if (strstr(g.boot_log, installed) && !strstr(g.boot_log, ignored))
		snprintf(r->observed, sizeof(r->observed), "installed");
	else
		snprintf(r->observed, sizeof(r->observed), "no-override-seen");
}

static void row_acpi_rsdp(struct result *r)
{
	char cmdline[1024], systab[1024], *arg, *acpi20;
	unsigned long given, actual;
	const char *p;
	int n = 0;

	r->log_at_boot = true;
	if (read_file("/proc/cmdline", cmdline, sizeof(cmdline)) < 0 ||
	    !(arg = strstr(cmdline, "acpi_rsdp="))) {
		r->skip = "no acpi_rsdp= on this boot's command line";
		return;
	}
	given = strtoul(arg + strlen("acpi_rsdp="), NULL, 0);
	if (read_file("/sys/firmware/efi/systab", systab, sizeof(systab)) < 0 ||
	    !(acpi20 = strstr(systab, "ACPI20=")))
		actual = 0;
	else
		actual = strtoul(acpi20 + strlen("ACPI20="), NULL, 0);
	/*
	 * Both the table override and acpi_rsdp= log "modifying ACPI tables"; this row wants a
	 * second such line. The kernel logs nothing when it does use acpi_rsdp=.
	 */
	for (p = g.boot_log; (p = strstr(p, "modifying ACPI tables is restricted")); p++)
		n++;
	if (g.level >= LV_INTEGRITY) {
		r->expect = "ignored";
		r->log = "modifying ACPI tables";
		snprintf(r->observed, sizeof(r->observed), "%s", n >= 2 ? "ignored" : "used");
	} else {
		r->expect = "used";
		snprintf(r->observed, sizeof(r->observed), "%s", n == 0 ? "used" : "ignored");
	}
	if (given != actual) {
		snprintf(r->observed, sizeof(r->observed), "wrong-address");
		note(r, "acpi_rsdp=0x%lx but the firmware's RSDP is at 0x%lx", given, actual);
		return;
	}
	note(r, "%d 'modifying ACPI tables' lines at boot", n);
}

static void row_apei_einj(struct result *r)
{
	open_row_if_present(r, "/sys/kernel/debug/apei/einj",
			    "/sys/kernel/debug/apei/einj/error_inject", O_WRONLY, "debugfs access",
			    "QEMU's q35 has no EINJ table, so there is no einj interface (it lives in debugfs)");
}

static void row_pcmcia_cis(struct result *r)
{
	struct stat st;

	if (stat("/sys/class/pcmcia_socket", &st) == 0) {
		r->skip = "a PCMCIA socket class exists but this program has no CIS test";
		return;
	}
	r->skip = "no PCMCIA or CardBus socket in QEMU, so no CIS to replace (PCCARD not built)";
}

static void row_eata(struct result *r)
{
	r->skip = "the EATA SCSI driver was removed from Linux before 6.1";
}

static void row_kprobes(struct result *r)
{
	struct perf_event_attr attr;
	char type[32];
	int fd;

	expect_kmem(r, "use of kprobes", "EPERM");
	if (read_file("/sys/bus/event_source/devices/kprobe/type", type, sizeof(type)) < 0) {
		snprintf(r->observed, sizeof(r->observed), "no-kprobe-pmu");
		return;
	}
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = (unsigned int)strtoul(type, NULL, 10);
	attr.kprobe_func = (uint64_t)(uintptr_t)"do_sys_openat2";
	fd = (int)syscall(SYS_perf_event_open, &attr, -1, 0, -1, 0UL);
	observe(r, fd);
	if (fd >= 0)
		close(fd);
}

static void row_tracefs(struct result *r)
{
	/*
	 * Under confidentiality tracefs creates no files at all, and logs that at boot. Under
	 * integrity its files exist (made before the key), and opening one is refused while
	 * sealed hibernation holds its key: event probes read kernel memory by address.
	 */
	if (g.level >= LV_CONFIDENTIALITY) {
		r->expect = "ENOENT";
		r->log = "use of tracefs";
		r->log_at_boot = true;
	} else {
		expect_kmem(r, "use of tracefs", "EPERM");
	}
	open_row(r, "/sys/kernel/tracing/trace", O_RDONLY);
}

#define INSN(c, d, s, o, i) ((struct bpf_insn){ .code = (c), .dst_reg = (d), .src_reg = (s), \
					       .off = (o), .imm = (i) })
#define MOV_REG(d, s)	INSN(BPF_ALU64 | BPF_MOV | BPF_X, d, s, 0, 0)
#define MOV_IMM(d, i)	INSN(BPF_ALU64 | BPF_MOV | BPF_K, d, 0, 0, i)
#define ADD_IMM(d, i)	INSN(BPF_ALU64 | BPF_ADD | BPF_K, d, 0, 0, i)
#define CALL(f)		INSN(BPF_JMP | BPF_CALL, 0, 0, 0, f)
#define EXIT()		INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)

/* Load a kprobe program calling @func with a pointer to 8 bytes of stack. */
static int bpf_load(int func)
{
	struct bpf_insn read_kernel[] = {	/* probe_read_kernel(fp - 8, 8, NULL) */
		MOV_REG(BPF_REG_1, BPF_REG_10), ADD_IMM(BPF_REG_1, -8), MOV_IMM(BPF_REG_2, 8),
		MOV_IMM(BPF_REG_3, 0), CALL(func), MOV_IMM(BPF_REG_0, 0), EXIT(),
	};
	struct bpf_insn write_user[] = {	/* *(u64 *)(fp - 8) = 0; probe_write_user(NULL, fp - 8, 8) */
		INSN(BPF_ST | BPF_MEM | BPF_DW, BPF_REG_10, 0, -8, 0),
		MOV_REG(BPF_REG_2, BPF_REG_10), ADD_IMM(BPF_REG_2, -8), MOV_IMM(BPF_REG_3, 8),
		MOV_IMM(BPF_REG_1, 0), CALL(func), MOV_IMM(BPF_REG_0, 0), EXIT(),
	};
	bool write = func == BPF_FUNC_probe_write_user;
	union bpf_attr attr;
	char log[4096] = "";
	int fd, e;

	memset(&attr, 0, sizeof(attr));
	attr.prog_type = BPF_PROG_TYPE_KPROBE;
	attr.insns = (uint64_t)(uintptr_t)(write ? write_user : read_kernel);
	attr.insn_cnt = write ? sizeof(write_user) / sizeof(write_user[0]) :
				sizeof(read_kernel) / sizeof(read_kernel[0]);
	attr.license = (uint64_t)(uintptr_t)"GPL";
	attr.log_buf = (uint64_t)(uintptr_t)log;
	attr.log_size = sizeof(log);
	attr.log_level = 1;
	fd = (int)syscall(SYS_bpf, BPF_PROG_LOAD, &attr, sizeof(attr));
	if (fd >= 0) {
		close(fd);
		return 0;
	}
	e = errno;
	if (e != EINVAL || !strstr(log, "unknown func"))
		fprintf(stderr, "lockdown-matrix: bpf helper %d: %s\n", func, log);
	errno = e;
	return -1;
}

static void row_bpf_read_kernel(struct result *r)
{
	/* The verifier gets no prototype for the helper: "unknown func", EINVAL. */
	expect_kmem(r, "use of bpf to read kernel RAM", "EINVAL");
	observe(r, bpf_load(BPF_FUNC_probe_read_kernel));
}

static void row_bpf_write_user(struct result *r)
{
	expect_lockdown(r, LV_INTEGRITY, "use of bpf to write user RAM", "EINVAL");
	observe(r, bpf_load(BPF_FUNC_probe_write_user));
}

static void row_perf(struct result *r)
{
	struct perf_event_attr attr;
	int fd;

	expect_kmem(r, "unsafe use of perf", "EPERM");
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_CPU_CLOCK;
	attr.sample_period = 1000000;
	attr.sample_type = PERF_SAMPLE_REGS_INTR;
	attr.sample_regs_intr = 1;	/* AX */
	attr.disabled = 1;
	fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0UL);
	observe(r, fd);
	if (fd >= 0)
		close(fd);
}

/*
 * A perf-event program reads each sample's registers (struct bpf_perf_event_data): attached
 * to an event that counts kernel mode, the interrupted kernel's (patch 0009).
 */
static void row_perf_bpf(struct result *r)
{
	struct bpf_insn insns[] = {	/* r0 = ctx->regs.ip (pt_regs slot 16); return 0 */
		INSN(BPF_LDX | BPF_MEM | BPF_DW, BPF_REG_0, BPF_REG_1, 16 * 8, 0),
		MOV_IMM(BPF_REG_0, 0), EXIT(),
	};
	struct perf_event_attr pattr;
	union bpf_attr attr;
	char log[4096] = "";
	int prog, fd, rc, e;

	expect_kmem(r, "unsafe use of perf", "EPERM");
	memset(&attr, 0, sizeof(attr));
	attr.prog_type = BPF_PROG_TYPE_PERF_EVENT;
	attr.insns = (uint64_t)(uintptr_t)insns;
	attr.insn_cnt = sizeof(insns) / sizeof(insns[0]);
	attr.license = (uint64_t)(uintptr_t)"GPL";
	attr.log_buf = (uint64_t)(uintptr_t)log;
	attr.log_size = sizeof(log);
	attr.log_level = 1;
	prog = (int)syscall(SYS_bpf, BPF_PROG_LOAD, &attr, sizeof(attr));
	if (prog < 0) {
		e = errno;
		note(r, "the perf-event program did not load");
		fprintf(stderr, "lockdown-matrix: perf-event program: %s\n", log);
		errno = e;
		observe(r, -1);
		return;
	}
	memset(&pattr, 0, sizeof(pattr));
	pattr.size = sizeof(pattr);
	pattr.type = PERF_TYPE_SOFTWARE;
	pattr.config = PERF_COUNT_SW_CPU_CLOCK;
	pattr.sample_period = 1000000;
	pattr.disabled = 1;
	fd = (int)syscall(SYS_perf_event_open, &pattr, 0, -1, -1, 0UL);
	if (fd < 0) {
		e = errno;
		note(r, "the cpu-clock event did not open");
		close(prog);
		errno = e;
		observe(r, -1);
		return;
	}
	rc = ioctl(fd, PERF_EVENT_IOC_SET_BPF, prog);
	observe(r, rc);
	close(fd);
	close(prog);
}

static void row_debugfs(struct result *r)
{
	expect_lockdown(r, LV_INTEGRITY, "debugfs access", "EPERM");
	open_row(r, "/sys/kernel/debug/clear_warn_once", O_WRONLY);
}

static void row_efi_test(struct result *r)
{
	expect_lockdown(r, LV_INTEGRITY, "/dev/efi_test access", "EPERM");
	open_row(r, "/dev/efi_test", O_RDONLY);
}

static const struct row rows[] = {
	{ "module-signature", LV_INTEGRITY, "unsigned module loading", row_module_signature,
	  "finit_module() of ldm_unsigned.ko (no signature)" },
	{ "module-signed-allowed", LV_NONE, "-", row_module_signed,
	  "control: finit_module() of ldm_signed.ko, signed by the build's module key" },
	{ "module-param-hwaddr", LV_INTEGRITY, "unsafe module parameters", row_module_param,
	  "finit_module() of the signed ldm_hwparam.ko with ioport=0x2e8 (a module_param_hw I/O port)" },
	{ "kexec-file-unsigned", LV_INTEGRITY, "kexec of unsigned images", row_kexec_unsigned,
	  "kexec_file_load() of the kernel without a PE signature" },
	{ "kexec-file-signed-allowed", LV_NONE, "-", row_kexec_signed,
	  "control: kexec_file_load() of the kernel PE-signed by the build's module key (then unloaded)" },
	{ "kexec-load", LV_INTEGRITY, "kexec of unsigned images", row_kexec_load,
	  "kexec_load() with no segments (in an unrestricted kernel: unload, a no-op)" },
	{ "ima-secureboot-rules", LV_NONE, "-", row_ima_rules,
	  "the IMA policy and module.sig_enforce: the architecture policy measures "
	  "KEXEC_KERNEL_CHECK and MODULE_CHECK and enforces signatures" },
	{ "dev-mem", LV_INTEGRITY, "/dev/mem,kmem,port", row_dev_mem,
	  "open(\"/dev/mem\")" },
	{ "dev-kmem", LV_INTEGRITY, "/dev/mem,kmem,port", row_dev_kmem,
	  "open(\"/dev/kmem\")" },
	{ "dev-port", LV_INTEGRITY, "/dev/mem,kmem,port", row_dev_port,
	  "open(\"/dev/port\")" },
	{ "proc-kcore", LV_CONFIDENTIALITY, "/proc/kcore access", row_kcore,
	  "open(\"/proc/kcore\")" },
	{ "hibernation", LV_INTEGRITY, "hibernation", row_hibernation,
	  "'disk' in /sys/power/state: the in-kernel writer, sealed under lockdown once the "
	  "TPM boot window sealed its secret" },
	{ "hibernation-uswsusp", LV_INTEGRITY, "hibernation", row_uswsusp,
	  "open(\"/dev/snapshot\") and SNAPSHOT_FREEZE, plain uswsusp; lockdown logs the "
	  "hibernation line once per boot, when first asked" },
	{ "pci-config-write", LV_INTEGRITY, "direct PCI access", row_pci_config,
	  "write of config space byte 0x3c (Interrupt Line, unchanged) of 00:05.0 through sysfs" },
	{ "pci-bar-mmap", LV_INTEGRITY, "direct PCI access", row_pci_bar,
	  "mmap() of BAR 1 (MMIO) of 00:05.0 through sysfs" },
	{ "ioperm", LV_INTEGRITY, "raw io port access", row_ioperm,
	  "ioperm(0x80, 1, 1)" },
	{ "iopl", LV_INTEGRITY, "raw io port access", row_iopl,
	  "iopl(3)" },
	{ "kd-console-io", LV_INTEGRITY, "raw io port access", row_kd_io,
	  "KDENABIO on /dev/tty0 (vt_ioctl() calls ioperm() and maps a refusal to ENXIO)" },
	{ "tiocsserial", LV_INTEGRITY, "reconfiguration of serial port IO", row_tiocsserial,
	  "TIOCSSERIAL moving ttyS1 from I/O port 0x2f8 to 0x2e8 (and back)" },
	{ "eata-hwaddr", LV_INTEGRITY, "unsafe module parameters", row_eata,
	  "EATA SCSI driver I/O port parameters" },
	{ "msr-write", LV_INTEGRITY, "raw MSR access", row_msr,
	  "write of IA32_SYSENTER_CS (0x174), unchanged, through /dev/cpu/0/msr" },
	{ "acpi-custom-method", LV_INTEGRITY, "modifying ACPI tables", row_acpi_custom_method,
	  "open for writing of debugfs acpi/custom_method (debugfs's own check answers first)" },
	{ "acpi-table-override", LV_INTEGRITY, "modifying ACPI tables", row_acpi_table_override,
	  "an SSDT (HIBSEL/LDMTEST) in the initrd's kernel/firmware/acpi/: installed or ignored at boot" },
	{ "acpi-rsdp", LV_INTEGRITY, "modifying ACPI tables", row_acpi_rsdp,
	  "acpi_rsdp= set to the firmware's own RSDP address (the kernel logs nothing when it uses it)" },
	{ "apei-einj", LV_INTEGRITY, "debugfs access", row_apei_einj,
	  "open for writing of debugfs apei/einj/error_inject" },
	{ "pcmcia-cis", LV_INTEGRITY, "direct PCMCIA CIS storage", row_pcmcia_cis,
	  "write of a PCMCIA socket's CIS" },
	{ "kprobes", LV_CONFIDENTIALITY, "use of kprobes", row_kprobes,
	  "perf_event_open() of the kprobe PMU on do_sys_openat2" },
	{ "tracefs", LV_CONFIDENTIALITY, "use of tracefs", row_tracefs,
	  "open of tracefs 'trace' (under confidentiality tracefs creates no files, and logs "
	  "that at boot; under integrity its files exist, and sealed hibernation's key refuses "
	  "the open)" },
	{ "bpf-read-kernel", LV_CONFIDENTIALITY, "use of bpf to read kernel RAM", row_bpf_read_kernel,
	  "BPF_PROG_LOAD of a kprobe program calling bpf_probe_read_kernel (no such helper "
	  "for the verifier: EINVAL)" },
	{ "bpf-write-user", LV_INTEGRITY, "use of bpf to write user RAM", row_bpf_write_user,
	  "BPF_PROG_LOAD of a kprobe program calling bpf_probe_write_user (EINVAL as above)" },
	{ "perf-regs-intr", LV_CONFIDENTIALITY, "unsafe use of perf", row_perf,
	  "perf_event_open() of cpu-clock sampling PERF_SAMPLE_REGS_INTR" },
	{ "perf-bpf-kernel-regs", LV_CONFIDENTIALITY, "unsafe use of perf", row_perf_bpf,
	  "PERF_EVENT_IOC_SET_BPF of a perf-event program reading the sample's registers, on a "
	  "cpu-clock event that counts kernel mode (patch 0009)" },
	{ "debugfs", LV_INTEGRITY, "debugfs access", row_debugfs,
	  "open for writing of debugfs clear_warn_once" },
	{ "efi-test", LV_INTEGRITY, "/dev/efi_test access", row_efi_test,
	  "open(\"/dev/efi_test\")" },
};

static const char *level_name(enum level lv)
{
	return lv == LV_CONFIDENTIALITY ? "confidentiality" : lv == LV_INTEGRITY ? "integrity" : "-";
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000 };

	nanosleep(&ts, NULL);
}

/*
 * A marker in the kernel log around each row, so that the host ties every console line to the
 * row that caused it (several rows share a reason text). A new open each time: /dev/kmsg
 * rate-limits each opener's writes.
 */
static void kmsg_mark(const char *row, const char *what)
{
	char line[160];
	int fd = open("/dev/kmsg", O_WRONLY | O_CLOEXEC), n;

	if (fd < 0)
		return;
	n = snprintf(line, sizeof(line), "ldm: row %s %s\n", row, what);
	if (write(fd, line, (size_t)n) != n)
		fprintf(stderr, "lockdown-matrix: cannot mark row %s in the kernel log\n", row);
	close(fd);
}

static int run_row(const struct row *row)
{
	static char log[1 << 16];
	struct result r = { 0 };
	const char *verdict, *logged;

	log[0] = '\0';
	kmsg_drain(g.kmsg, NULL, 0);
	kmsg_mark(row->name, "begin");
	row->run(&r);
	kmsg_mark(row->name, "end");
	kmsg_drain(g.kmsg, log, sizeof(log));

	if (r.skip) {
		printf("LDM|%s|%s|%s|-|-|-|skip|%s|%s\n", row->name, level_name(row->level),
		       row->reason, r.skip, row->op);
		return 0;
	}
	if (r.log_at_boot) {
		bool seen = r.log && strstr(g.boot_log, r.log);

		logged = r.log ? (seen ? "boot" : "no") : "-";
		verdict = !strcmp(r.expect, r.observed) && (!r.log || seen) ? "pass" : "fail";
	} else {
		bool want = r.log != NULL;
		bool saw = want && lockdown_line(log, COMM, r.log, r.log_sealed);
		bool saw_any = strstr(log, "Lockdown: ") != NULL;

		logged = saw ? "yes" : saw_any ? "other" : "no";
		verdict = !strcmp(r.expect, r.observed) && want == saw && saw_any == want ?
			"pass" : "fail";
		if (strstr(log, "callbacks suppressed"))
			fprintf(stderr, "lockdown-matrix: %s: the kernel rate-limited its log\n",
				row->name);
	}
	/* The reason column names the line this mode expects, when it expects one. */
	printf("LDM|%s|%s|%s|%s|%s|%s|%s|%s|%s\n", row->name, level_name(row->level),
	       r.log ? r.log : row->reason, r.expect, r.observed, logged, verdict, r.note, row->op);
	fflush(stdout);
	return strcmp(verdict, "pass") != 0;
}

static void setup(void)
{
	char buf[64];
	int fd;

	mkdir("/sys/kernel/debug", 0755);
	mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL);
	mount("tracefs", "/sys/kernel/tracing", "tracefs", 0, NULL);

	if (read_file("/sys/kernel/security/lockdown", buf, sizeof(buf)) < 0) {
		g.level = LV_NONE;
	} else if (strstr(buf, "[confidentiality]")) {
		g.level = LV_CONFIDENTIALITY;
	} else if (strstr(buf, "[integrity]")) {
		g.level = LV_INTEGRITY;
	} else {
		g.level = LV_NONE;
	}
	fd = open("/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c",
		  O_RDONLY);
	if (fd >= 0) {
		unsigned char v[5];

		g.secureboot = read(fd, v, 5) == 5 && v[4] == 1;
		close(fd);
	}
	g.sig_enforce = read_file("/sys/module/module/parameters/sig_enforce", buf,
				  sizeof(buf)) > 0 && buf[0] == 'Y';
	g.key_held = read_file("/sys/power/hibernate_seal", buf, sizeof(buf)) > 0 &&
		     !strncmp(buf, "ready", 5);

	/* The whole log so far (for what the kernel did at boot), then only new records. */
	fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (fd >= 0) {
		kmsg_drain(fd, g.boot_log, sizeof(g.boot_log));
		close(fd);
	}
	g.kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	lseek(g.kmsg, 0, SEEK_END);
}

/* kexec_file_load() of KERNEL and INITRD with CMDLINE: 0, or 1 (said on stdout). */
static int load_kexec(const char *what, const char *kernel, const char *initrd,
		      const char *cmdline, unsigned long flags)
{
	int kfd = open(kernel, O_RDONLY | O_CLOEXEC);
	int ifd = open(initrd, O_RDONLY | O_CLOEXEC);

	if (kfd < 0 || ifd < 0) {
		perror("lockdown-matrix: kexec: open");
		return 1;
	}
	if (syscall(SYS_kexec_file_load, kfd, ifd, strlen(cmdline) + 1, cmdline, flags) < 0) {
		printf("LDM-KEXEC: %s=%s\n", what, errname(errno));
		return 1;
	}
	printf("LDM-KEXEC: %s=ok\n", what);
	fflush(stdout);
	return 0;
}

static int do_kexec(const char *kernel, const char *initrd, const char *cmdline)
{
	if (load_kexec("load", kernel, initrd, cmdline, 0))
		return 1;
	sync();
	reboot(LINUX_REBOOT_CMD_KEXEC);
	printf("LDM-KEXEC: reboot=%s\n", errname(errno));
	return 1;
}

static int do_kexec_load(const char *kernel, const char *initrd, const char *cmdline)
{
	return load_kexec("load", kernel, initrd, cmdline, 0);
}

/* Load KERNEL as the crash kernel (kexec_file_load -p), for a panic to start. */
static int do_kexec_crash(const char *kernel, const char *initrd, const char *cmdline)
{
	return load_kexec("crash-load", kernel, initrd, cmdline, KEXEC_FILE_ON_CRASH);
}

/* Alt+SysRq+x down, then up, as input events, each followed by SYN_REPORT. */
static int type_alt_sysrq_x(int fd)
{
	static const unsigned short keys[] = { KEY_LEFTALT, KEY_SYSRQ, KEY_X };
	struct input_event ev[2];
	int i;

	memset(ev, 0, sizeof(ev));
	ev[1].type = EV_SYN;
	ev[1].code = SYN_REPORT;
	ev[0].type = EV_KEY;
	for (i = 0; i < 6; i++) {
		ev[0].code = keys[i < 3 ? i : 5 - i];
		ev[0].value = i < 3;
		if (write(fd, ev, sizeof(ev)) != (ssize_t)sizeof(ev))
			return -1;
		sleep_ms(50);
	}
	return 0;
}

static int do_sysrq_uinput(void)
{
	static const unsigned short keys[] = { KEY_LEFTALT, KEY_SYSRQ, KEY_X };
	struct uinput_setup us;
	int fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK | O_CLOEXEC), rc;
	size_t i;

	if (fd < 0) {
		perror("lockdown-matrix: /dev/uinput");
		return 1;
	}
	memset(&us, 0, sizeof(us));
	/* Dressed up as the machine's own keyboard: it must not matter. */
	us.id.bustype = BUS_I8042;
	us.id.vendor = 0x0001;
	us.id.product = 0x0001;
	snprintf(us.name, sizeof(us.name), "AT Translated Set 2 keyboard");
	if (ioctl(fd, UI_SET_EVBIT, EV_KEY) < 0)
		return 1;
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (ioctl(fd, UI_SET_KEYBIT, keys[i]) < 0)
			return 1;
	if (ioctl(fd, UI_DEV_SETUP, &us) < 0 || ioctl(fd, UI_DEV_CREATE) < 0) {
		perror("lockdown-matrix: uinput setup");
		return 1;
	}
	sleep_ms(1000);		/* let the SysRq handler connect to it */
	rc = type_alt_sysrq_x(fd);
	sleep_ms(500);
	ioctl(fd, UI_DEV_DESTROY);
	close(fd);
	printf("LDM-SYSRQ: uinput typed=%s\n", rc ? "failed" : "yes");
	return rc ? 1 : 0;
}

/* Injected Alt+SysRq held down, waiting for someone to press x on the real keyboard. */
static int do_sysrq_hold(const char *dev, int seconds)
{
	static const unsigned short keys[] = { KEY_LEFTALT, KEY_SYSRQ };
	struct input_event ev[2];
	int fd = open(dev, O_WRONLY | O_CLOEXEC), i;

	if (fd < 0) {
		perror("lockdown-matrix: evdev");
		return 1;
	}
	memset(ev, 0, sizeof(ev));
	ev[0].type = EV_KEY;
	ev[1].type = EV_SYN;
	ev[1].code = SYN_REPORT;
	for (i = 0; i < 2; i++) {
		ev[0].code = keys[i];
		ev[0].value = 1;
		if (write(fd, ev, sizeof(ev)) != (ssize_t)sizeof(ev))
			return 1;
	}
	printf("LDM-SYSRQ: held\n");
	fflush(stdout);
	sleep_ms(seconds * 1000L);
	for (i = 1; i >= 0; i--) {
		ev[0].code = keys[i];
		ev[0].value = 0;
		if (write(fd, ev, sizeof(ev)) != (ssize_t)sizeof(ev))
			return 1;
	}
	close(fd);
	printf("LDM-SYSRQ: released\n");
	return 0;
}

static int do_sysrq_evdev(const char *dev)
{
	int fd = open(dev, O_WRONLY | O_CLOEXEC), rc;

	if (fd < 0) {
		perror("lockdown-matrix: evdev");
		return 1;
	}
	rc = type_alt_sysrq_x(fd);
	close(fd);
	printf("LDM-SYSRQ: evdev %s typed=%s\n", dev, rc ? "failed" : "yes");
	return rc ? 1 : 0;
}

int main(int argc, char **argv)
{
	size_t i;
	int bad = 0;

	if (argc == 2 && !strcmp(argv[1], "--list")) {
		for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
			printf("%s\n", rows[i].name);
		return 0;
	}
	if (argc == 5 && !strcmp(argv[1], "kexec"))
		return do_kexec(argv[2], argv[3], argv[4]);
	if (argc == 5 && !strcmp(argv[1], "kexec-load"))
		return do_kexec_load(argv[2], argv[3], argv[4]);
	if (argc == 5 && !strcmp(argv[1], "kexec-crash"))
		return do_kexec_crash(argv[2], argv[3], argv[4]);
	if (argc == 2 && !strcmp(argv[1], "sysrq-uinput"))
		return do_sysrq_uinput();
	if (argc == 3 && !strcmp(argv[1], "sysrq-evdev"))
		return do_sysrq_evdev(argv[2]);
	if (argc == 4 && !strcmp(argv[1], "sysrq-hold"))
		return do_sysrq_hold(argv[2], atoi(argv[3]));
	if (argc != 1) {
		fprintf(stderr, "usage: lockdown-matrix [--list | kexec KERNEL INITRD CMDLINE |\n"
			"                        kexec-load KERNEL INITRD CMDLINE |\n"
			"                        kexec-crash KERNEL INITRD CMDLINE |\n"
			"                        sysrq-uinput | sysrq-evdev DEVICE |\n"
			"                        sysrq-hold DEVICE SECONDS]\n");
		return 2;
	}

	setup();
	printf("LDM-MODE: level=%s secureboot=%d sig_enforce=%d\n",
	       g.level == LV_NONE ? "none" : level_name(g.level), g.secureboot, g.sig_enforce);
	/* Lockdown's log lines share one rate limit (10 per 5 s): start a fresh interval and
	 * keep under it. */
	sleep_ms(5100);
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		bad += run_row(&rows[i]);
		sleep_ms(600);
	}
	printf("LDM-END: rows=%zu failed=%d\n", i, bad);
	return bad ? 1 : 0;
}
