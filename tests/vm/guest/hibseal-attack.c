// SPDX-License-Identifier: GPL-2.0
/*
 * hibseal-attack: what root can try with the TPM after boot, for the VM tests.
 *
 *   hibseal-attack unseal DEV   load the key blob of the sealed image on DEV and try to unseal
 *                               it with the kernel's policy session (PolicyPCR, PolicyNV), as the
 *                               kernel does inside its window; first, as a positive control, seal
 *                               an object of root's own to the policy that code satisfies now and
 *                               unseal it with the same code
 *   hibseal-attack forge DEV    seal a known secret under the same policy (copied from the real
 *                               blob) with the same creation PCRs and outsideInfo, and put that blob
 *                               in the image header on DEV in place of the real one
 *   hibseal-attack extend PCR   extend PCR (SHA-256 bank) with a digest of root's: the window
 *                               PCR, say, so that sealing gives up
 *   hibseal-attack hierarchy-off  disable the owner hierarchy (TPM2_HierarchyControl, owner
 *                               authorization, empty): its NV indices, hibseal's counters among
 *                               them, become inaccessible until the TPM's next Startup(CLEAR)
 *   hibseal-attack redefine INDEX VALUE
 *                               undefine the NV index INDEX (owner authorization, empty) and
 *                               define root's own there: an ordinary 8-byte index root may write,
 *                               holding VALUE (big-endian), as a counter would
 *
 * Raw TPM 2.0 commands through /dev/tpmrm0 (the resource manager flushes what we leave).
 * Prints "attack: STEP rc=0xNNN" for each step. Exit status: 0 when every step ran (whatever
 * the TPM answered), 1 on a failure to run them, 2 usage.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PAGE			4096
#define SEAL_HEADER_OFF		(PAGE - 48)	/* swsusp_header.seal_header */
#define HDR_BLOB_SIZE_OFF	20		/* hibseal_image_header.key_blob_size */
#define HDR_BLOB_OFF		88		/* hibseal_image_header.key_blob */
#define BLOB_MAX		1024
#define PCR_MASK		((1u << 4) | (1u << 7) | (1u << 8) | (1u << 9) | (1u << 14))
#define EPOCH_INDEX		0x013f5349	/* the blob epoch counter (the test kernel's) */

struct buf {
	uint8_t d[PAGE];
	size_t n;
};

static void put(struct buf *b, uint32_t v, int bytes)
{
	while (bytes--)
		b->d[b->n++] = (uint8_t)(v >> (8 * bytes));
}

static void put_bytes(struct buf *b, const void *p, size_t n)
{
	memcpy(b->d + b->n, p, n);
	b->n += n;
}

static uint32_t get(const uint8_t *p, int bytes)
{
	uint32_t v = 0;

	while (bytes--)
		v = v << 8 | *p++;
	return v;
}

static void start(struct buf *b, uint16_t tag, uint32_t cc)
{
	b->n = 0;
	put(b, tag, 2);
	put(b, 0, 4);
	put(b, cc, 4);
}

static void password_auth(struct buf *b)
{
	put(b, 9, 4);
	put(b, 0x40000009, 4);
	put(b, 0, 2);
	put(b, 0, 1);
	put(b, 0, 2);
}

static void pcr_selection(struct buf *b)
{
	put(b, 1, 4);
	put(b, 0x000b, 2);
	put(b, 3, 1);
	put(b, PCR_MASK & 0xff, 1);
	put(b, (PCR_MASK >> 8) & 0xff, 1);
	put(b, (PCR_MASK >> 16) & 0xff, 1);
}

/* Send @cmd, receive into @rsp. Returns the TPM response code, or -1 on an I/O error. */
static long transact(int fd, struct buf *cmd, struct buf *rsp)
{
	ssize_t n;

	cmd->d[2] = (uint8_t)(cmd->n >> 24);
	cmd->d[3] = (uint8_t)(cmd->n >> 16);
	cmd->d[4] = (uint8_t)(cmd->n >> 8);
	cmd->d[5] = (uint8_t)cmd->n;
	if (write(fd, cmd->d, cmd->n) != (ssize_t)cmd->n)
		return -1;
	n = read(fd, rsp->d, sizeof(rsp->d));
	if (n < 10 || get(rsp->d + 2, 4) != (uint32_t)n)
		return -1;
	rsp->n = (size_t)n;
	return (long)get(rsp->d + 6, 4);
}

static long create_primary(int fd, uint32_t *handle)
{
	struct buf c, r;
	long rc;

	start(&c, 0x8002, 0x131);
	put(&c, 0x40000001, 4);
	password_auth(&c);
	put(&c, 4, 2); put(&c, 0, 2); put(&c, 0, 2);
	put(&c, 26, 2);
	put(&c, 0x0023, 2); put(&c, 0x000b, 2); put(&c, 0x00030472, 4); put(&c, 0, 2);
	put(&c, 0x0006, 2); put(&c, 128, 2); put(&c, 0x0043, 2);
	put(&c, 0x0010, 2); put(&c, 0x0003, 2); put(&c, 0x0010, 2); put(&c, 0, 2); put(&c, 0, 2);
	put(&c, 0, 2);
	put(&c, 0, 4);
	rc = transact(fd, &c, &r);
	if (rc == 0)
		*handle = get(r.d + 10, 4);
	return rc;
}

/* The TPM2B at @p of the blob and its size with the size field; 0 if it overruns @end. */
static size_t tpm2b(const uint8_t *p, const uint8_t *end)
{
	size_t n;

	if (end - p < 2)
		return 0;
	n = 2 + get(p, 2);
	return (size_t)(end - p) >= n ? n : 0;
}

static int read_header(int dev, uint8_t *hdr, uint64_t *hdr_page)
{
	uint8_t page0[PAGE];

	if (pread(dev, page0, PAGE, 0) != PAGE)
		return -1;
	memcpy(hdr_page, page0 + SEAL_HEADER_OFF, sizeof(*hdr_page));	/* little-endian */
	if (!*hdr_page || pread(dev, hdr, PAGE, (off_t)(*hdr_page * PAGE)) != PAGE ||
	    memcmp(hdr, "HIBSEAL", 8))
		return -1;
	return 0;
}

/*
 * The blob's creation data outsideInfo (the label, then the blob epoch bound, big-endian): after
 * the PCR selection, pcrDigest, locality, parentNameAlg, parentName and parentQualifiedName.
 */
static int outside_info(const uint8_t *cd, const uint8_t *end, const uint8_t **info,
			size_t *info_len)
{
	const uint8_t *cd_end;
	int i;

	if (cd + 2 > end || cd + 2 + get(cd, 2) > end)
		return -1;
	cd_end = cd + 2 + get(cd, 2);
	cd += 2 + 10;				/* size, pcrSelect */
	for (i = 0; i < 3; i++) {		/* pcrDigest, parentName, parentQualifiedName */
		if (cd + 2 > cd_end)
			return -1;
		cd += 2 + get(cd, 2) + (i == 0 ? 3 : 0);	/* locality, parentNameAlg */
	}
	if (cd + 2 > cd_end || cd + 2 + get(cd, 2) != cd_end || get(cd, 2) < 8)
		return -1;
	*info = cd + 2;
	*info_len = get(cd, 2);
	return 0;
}

/* TPM2_Create under @primary of a sealed object holding @secret: up to its TPM2B_PUBLIC size. */
static void create_start(struct buf *c, uint32_t primary, const uint8_t *secret, size_t len)
{
	start(c, 0x8002, 0x153);
	put(c, primary, 4);
	password_auth(c);
	put(c, (uint32_t)(4 + len), 2); put(c, 0, 2);	/* inSensitive: userAuth empty, data */
	put(c, (uint32_t)len, 2); put_bytes(c, secret, len);
	put(c, 46, 2);					/* inPublic: 46 bytes, unique empty */
}

static void flush(int tpm, uint32_t handle)
{
	struct buf c, r;

	start(&c, 0x8001, 0x165);
	put(&c, handle, 4);
	transact(tpm, &c, &r);
}

/*
 * The kernel's unseal policy, step by step: StartAuthSession (@type: 0x01 policy, 0x03 trial),
 * PolicyPCR over the PCRs' current values, PolicyNV (the blob epoch counter at most @nv_max).
 * Prints each step's rc after @tag. Returns the last rc; *@session is the session either way.
 */
static long policy_session(int tpm, uint8_t type, uint64_t nv_max, uint32_t *session,
			   const char *tag)
{
	struct buf c, r;
	long rc;

	start(&c, 0x8001, 0x176);
	put(&c, 0x40000007, 4); put(&c, 0x40000007, 4);
	put(&c, 16, 2); put_bytes(&c, "0123456789abcdef", 16);
	put(&c, 0, 2); put(&c, type, 1); put(&c, 0x0010, 2); put(&c, 0x000b, 2);
	rc = transact(tpm, &c, &r);
	printf("attack: %sstartauthsession rc=0x%03lx\n", tag, rc);
	if (rc)
		return rc;
	*session = get(r.d + 10, 4);
	start(&c, 0x8001, 0x17f);
	put(&c, *session, 4);
	put(&c, 0, 2);
	pcr_selection(&c);
	rc = transact(tpm, &c, &r);
	printf("attack: %spolicypcr rc=0x%03lx\n", tag, rc);
	start(&c, 0x8002, 0x149);
	put(&c, EPOCH_INDEX, 4); put(&c, EPOCH_INDEX, 4); put(&c, *session, 4);
	password_auth(&c);
	put(&c, 8, 2); put(&c, (uint32_t)(nv_max >> 32), 4); put(&c, (uint32_t)nv_max, 4);
	put(&c, 0, 2); put(&c, 0x0009, 2);	/* offset 0, TPM_EO_UNSIGNED_LE */
	rc = transact(tpm, &c, &r);
	printf("attack: %spolicynv rc=0x%03lx\n", tag, rc);
	return rc;
}

/* TPM2_Unseal of @object in @session; on success the data is in @r at 16, its size at 14. */
static long unseal(int tpm, uint32_t object, uint32_t session, struct buf *r)
{
	struct buf c;

	start(&c, 0x8002, 0x15e);
	put(&c, object, 4);
	put(&c, 9, 4); put(&c, session, 4); put(&c, 0, 2); put(&c, 0, 1); put(&c, 0, 2);
	return transact(tpm, &c, r);
}

/*
 * The positive control: an object of root's own, sealed under the policy this very session code
 * computes now (a trial session, PolicyGetDigest), with the real blob's attributes, unseals with
 * the same code. Returns 1 when it gave back what was sealed.
 */
static int control_unseal(int tpm, uint32_t primary, const uint8_t *pub)
{
	uint8_t secret[32];
	uint32_t trial, object, session;
	struct buf c, r;
	size_t priv_len, pub_len;
	long rc;

	memset(secret, 0xa5, sizeof(secret));
	if (policy_session(tpm, 0x03, UINT64_MAX, &trial, "control trial "))
		return 0;
	start(&c, 0x8001, 0x189);
	put(&c, trial, 4);
	rc = transact(tpm, &c, &r);
	printf("attack: control policygetdigest rc=0x%03lx\n", rc);
	flush(tpm, trial);
	if (rc || get(r.d + 10, 2) != 32)
		return 0;
	create_start(&c, primary, secret, sizeof(secret));
	put_bytes(&c, pub + 2, 8);		/* type, nameAlg, objectAttributes of the real blob */
	put(&c, 32, 2); put_bytes(&c, r.d + 12, 32);	/* authPolicy: our digest */
	put(&c, 0x0010, 2); put(&c, 0, 2);	/* scheme NULL, unique empty */
	put(&c, 0, 2);				/* outsideInfo */
	put(&c, 0, 4);				/* creationPCR: none */
	rc = transact(tpm, &c, &r);
	printf("attack: control create rc=0x%03lx\n", rc);
	if (rc)
		return 0;
	priv_len = tpm2b(r.d + 14, r.d + r.n);
	pub_len = priv_len ? tpm2b(r.d + 14 + priv_len, r.d + r.n) : 0;
	if (!pub_len)
		return 0;
	start(&c, 0x8002, 0x157);
	put(&c, primary, 4);
	password_auth(&c);
	put_bytes(&c, r.d + 14, priv_len + pub_len);
	rc = transact(tpm, &c, &r);
	printf("attack: control load rc=0x%03lx\n", rc);
	if (rc)
		return 0;
	object = get(r.d + 10, 4);
	rc = policy_session(tpm, 0x01, UINT64_MAX, &session, "control ");
	if (!rc)
		rc = unseal(tpm, object, session, &r);
	printf("attack: control unseal rc=0x%03lx\n", rc);
	flush(tpm, object);
	return !rc && get(r.d + 14, 2) == sizeof(secret) && !memcmp(r.d + 16, secret, sizeof(secret));
}

static int attack_unseal(int tpm, const uint8_t *hdr)
{
	uint32_t blob_len = hdr[HDR_BLOB_SIZE_OFF] | hdr[HDR_BLOB_SIZE_OFF + 1] << 8;
	const uint8_t *blob = hdr + HDR_BLOB_OFF, *end = blob + blob_len, *info;
	size_t priv = tpm2b(blob, end), pub = priv ? tpm2b(blob + priv, end) : 0, info_len;
	uint32_t primary, object, session;
	uint64_t nv_max = 0;
	struct buf c, r;
	size_t i;
	long rc;

	if (blob_len > BLOB_MAX || !priv || !pub ||
	    outside_info(blob + priv + pub, end, &info, &info_len))
		return -1;
	for (i = info_len - 8; i < info_len; i++)
		nv_max = nv_max << 8 | info[i];
	rc = create_primary(tpm, &primary);
	printf("attack: createprimary rc=0x%03lx\n", rc);
	if (rc)
		return 0;
	printf("attack: control unsealed=%s\n", control_unseal(tpm, primary, blob + priv) ?
	       "yes" : "no");

	start(&c, 0x8002, 0x157);
	put(&c, primary, 4);
	password_auth(&c);
	put_bytes(&c, blob, priv + pub);
	rc = transact(tpm, &c, &r);
	printf("attack: load rc=0x%03lx\n", rc);
	if (rc)
		return 0;
	object = get(r.d + 10, 4);
	printf("attack: blob epoch bound %llu\n", (unsigned long long)nv_max);
	if (policy_session(tpm, 0x01, nv_max, &session, "") == -1)
		return 0;
	rc = unseal(tpm, object, session, &r);
	printf("attack: unseal rc=0x%03lx\n", rc);
	if (rc == 0)
		printf("attack: UNSEALED the image key (%u bytes)\n", get(r.d + 14, 2));
	return 0;
}

/* Create a sealed object like the kernel's, with a known secret, and store it in @hdr. */
static int attack_forge(int tpm, uint8_t *hdr)
{
	uint32_t blob_len = hdr[HDR_BLOB_SIZE_OFF] | hdr[HDR_BLOB_SIZE_OFF + 1] << 8;
	const uint8_t *blob = hdr + HDR_BLOB_OFF, *end = blob + blob_len, *pub, *out;
	size_t priv = tpm2b(blob, end), pub_len = priv ? tpm2b(blob + priv, end) : 0, i, total;
	const uint8_t *info = NULL;
	size_t info_len = 0;
	uint8_t secret[32];
	uint32_t primary;
	struct buf c, r;
	long rc;

	/* TPM2B_PUBLIC of a sealed object: type, nameAlg, attributes, policy, scheme, unique */
	if (blob_len > BLOB_MAX || pub_len != 2 + 2 + 2 + 4 + 34 + 2 + 34)
		return -1;
	pub = blob + priv;
	if (outside_info(pub + pub_len, end, &info, &info_len))
		return -1;
	memset(secret, 0x5a, sizeof(secret));
	rc = create_primary(tpm, &primary);
	printf("attack: createprimary rc=0x%03lx\n", rc);
	if (rc)
		return 0;
	create_start(&c, primary, secret, sizeof(secret));	/* the real public area */
	put_bytes(&c, pub + 2, 44);
	put(&c, 0, 2);
	put(&c, info_len, 2); put_bytes(&c, info, info_len);	/* the real outsideInfo */
	pcr_selection(&c);
	rc = transact(tpm, &c, &r);
	printf("attack: create rc=0x%03lx\n", rc);
	if (rc)
		return 0;
	/* Response: paramSize, then the five structures the kernel stores, back to back. */
	out = r.d + 14;
	end = r.d + r.n;
	for (i = 0, total = 0; i < 4; i++) {
		size_t n = tpm2b(out + total, end);

		if (!n)
			return -1;
		total += n;
	}
	total += 6;
	total += tpm2b(out + total, end);
	if (total > BLOB_MAX)
		return -1;
	memset(hdr + HDR_BLOB_OFF, 0, BLOB_MAX);
	memcpy(hdr + HDR_BLOB_OFF, out, total);
	hdr[HDR_BLOB_SIZE_OFF] = (uint8_t)total;
	hdr[HDR_BLOB_SIZE_OFF + 1] = (uint8_t)(total >> 8);
	printf("attack: forged key blob of %zu bytes written\n", total);
	return 1;
}

/* TPM2_PCR_Extend of @pcr's SHA-256 bank with a digest of root's choosing. */
static int attack_extend(int tpm, uint32_t pcr)
{
	struct buf c, r;
	long rc;
	int i;

	start(&c, 0x8002, 0x182);
	put(&c, pcr, 4);
	password_auth(&c);
	put(&c, 1, 4);
	put(&c, 0x000b, 2);
	for (i = 0; i < 32; i++)
		put(&c, 0x72, 1);	/* 'r', root's */
	rc = transact(tpm, &c, &r);
	printf("attack: extend pcr=%u rc=0x%03lx\n", pcr, rc);
	return rc < 0 ? -1 : 0;
}

/*
 * Replace one of hibseal's counters by an index of root's at the same handle, holding a value of
 * root's choosing: an old image's counter value, or a blob epoch an expired blob allows.
 */
static int attack_redefine(int tpm, uint32_t index, uint64_t value)
{
	struct buf c, r;
	long rc;

	start(&c, 0x8002, 0x122);		/* TPM2_NV_UndefineSpace */
	put(&c, 0x40000001, 4);
	put(&c, index, 4);
	password_auth(&c);
	rc = transact(tpm, &c, &r);
	printf("attack: undefine index=0x%08x rc=0x%03lx\n", index, rc);
	start(&c, 0x8002, 0x12a);		/* TPM2_NV_DefineSpace */
	put(&c, 0x40000001, 4);
	password_auth(&c);
	put(&c, 0, 2);				/* auth: empty */
	put(&c, 14, 2);
	put(&c, index, 4);
	put(&c, 0x000b, 2);
	put(&c, (1u << 2) | (1u << 18) | (1u << 25), 4);	/* AUTHWRITE AUTHREAD NO_DA, ordinary */
	put(&c, 0, 2);
	put(&c, 8, 2);
	rc = transact(tpm, &c, &r);
	printf("attack: define index=0x%08x rc=0x%03lx\n", index, rc);
	if (rc)
		return rc < 0 ? -1 : 0;
	start(&c, 0x8002, 0x137);		/* TPM2_NV_Write */
	put(&c, index, 4);
	put(&c, index, 4);
	password_auth(&c);
	put(&c, 8, 2);
	put(&c, (uint32_t)(value >> 32), 4);
	put(&c, (uint32_t)value, 4);
	put(&c, 0, 2);
	rc = transact(tpm, &c, &r);
	printf("attack: write index=0x%08x value=%llu rc=0x%03lx\n", index,
	       (unsigned long long)value, rc);
	start(&c, 0x8002, 0x14e);		/* TPM2_NV_Read, to show what is there now */
	put(&c, index, 4);
	put(&c, index, 4);
	password_auth(&c);
	put(&c, 8, 2);
	put(&c, 0, 2);
	rc = transact(tpm, &c, &r);
	if (!rc && r.n >= 10 + 4 + 2 + 8)
		printf("attack: read index=0x%08x value=%llu\n", index,
		       (unsigned long long)((uint64_t)get(r.d + 16, 4) << 32 | get(r.d + 20, 4)));
	else
		printf("attack: read index=0x%08x rc=0x%03lx\n", index, rc);
	return 0;
}

/* TPM2_HierarchyControl(OWNER, enable=OWNER, state=NO): owner objects and NV hidden. */
static int attack_hierarchy_off(int tpm)
{
	struct buf c, r;
	long rc;

	start(&c, 0x8002, 0x121);
	put(&c, 0x40000001, 4);
	password_auth(&c);
	put(&c, 0x40000001, 4);
	put(&c, 0, 1);
	rc = transact(tpm, &c, &r);
	printf("attack: hierarchy-off rc=0x%03lx\n", rc);
	return rc < 0 ? -1 : 0;
}

int main(int argc, char **argv)
{
	uint8_t hdr[PAGE];
	uint64_t hdr_page;
	int dev, tpm, ret;

	if (argc == 3 && !strcmp(argv[1], "extend")) {
		tpm = open("/dev/tpmrm0", O_RDWR);
		if (tpm < 0) {
			fprintf(stderr, "hibseal-attack: /dev/tpmrm0: %s\n", strerror(errno));
			return 1;
		}
		return attack_extend(tpm, (uint32_t)atoi(argv[2])) ? 1 : 0;
	}
	if (argc == 2 && !strcmp(argv[1], "hierarchy-off")) {
		tpm = open("/dev/tpmrm0", O_RDWR);
		if (tpm < 0) {
			fprintf(stderr, "hibseal-attack: /dev/tpmrm0: %s\n", strerror(errno));
			return 1;
		}
		return attack_hierarchy_off(tpm) ? 1 : 0;
	}
	if (argc == 4 && !strcmp(argv[1], "redefine")) {
		tpm = open("/dev/tpmrm0", O_RDWR);
		if (tpm < 0) {
			fprintf(stderr, "hibseal-attack: /dev/tpmrm0: %s\n", strerror(errno));
			return 1;
		}
		return attack_redefine(tpm, (uint32_t)strtoul(argv[2], NULL, 0),
				       strtoull(argv[3], NULL, 0)) ? 1 : 0;
	}
	if (argc != 3 || (strcmp(argv[1], "unseal") && strcmp(argv[1], "forge"))) {
		fprintf(stderr, "usage: hibseal-attack unseal|forge DEVICE | extend PCR | redefine INDEX VALUE | hierarchy-off\n");
		return 2;
	}
	dev = open(argv[2], O_RDWR);
	tpm = open("/dev/tpmrm0", O_RDWR);
	if (dev < 0 || tpm < 0) {
		fprintf(stderr, "hibseal-attack: open: %s\n", strerror(errno));
		return 1;
	}
	if (read_header(dev, hdr, &hdr_page)) {
		fprintf(stderr, "hibseal-attack: %s: no sealed image header\n", argv[2]);
		return 1;
	}
	ret = strcmp(argv[1], "unseal") ? attack_forge(tpm, hdr) : attack_unseal(tpm, hdr);
	if (ret == 1 && pwrite(dev, hdr, PAGE, (off_t)(hdr_page * PAGE)) != PAGE)
		ret = -1;
	if (ret < 0) {
		fprintf(stderr, "hibseal-attack: malformed key blob or I/O error\n");
		return 1;
	}
	fsync(dev);
	return 0;
}
