/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libhibseal: userspace access to sealed hibernation images (docs/design.md, sections 5 and 6).
 *
 * Images: hs_image_inspect() checks the STRUCTURE of a sealed image that the in-kernel swap
 * writer left on a swap partition (or on the block device under a swap file), without the key:
 * the swap header, the sealed image header, the key blob's framing, the swap map and every
 * chunk header. It authenticates nothing: chunk tags, the key blob and the image MAC need the
 * key (hs_image_verify(), for test images). Every number is taken from the image only after it
 * has been checked against the source's size and the format's limits, and every walk is
 * bounded, so any bytes at all may be handed to it.
 *
 * The machine: hs_status_read() and its verdict, fix and JSON (hibseal status); the boot
 * entries (hs_boot_entries() and the pin); the TPM (hs_tpm_query()); a JSON writer.
 *
 * This is the library's public interface, what the programs use. What only the library's own
 * files share (the chunk walk, the event log and efivarfs readers behind hs_status_read()) is
 * in lib/lib_private.h. hibseal suspend's stored format is in lib/stored_image.h: its layout,
 * which only its writer and reader (hibseal suspend and resume), the fuzzer and the tests use;
 * hs_us_inspect() here checks an image in it.
 *
 * Copyright (C) 2026 The hibseal authors
 */
#ifndef LIBHIBSEAL_H
#define LIBHIBSEAL_H

#include <stdbool.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

/* The swap page size the image is written in (the kernel's PAGE_SIZE on the supported arches). */
#define HS_PAGE_SIZE		4096

/*
 * The most swap pages one chunk takes: its header, the longest ciphertext (the kernel's bound
 * on compressed output for 32 pages, bytes_worst_compress(): 131072 + 131072 / 16 + 69
 * bytes) and the longest tag.
 */
#define HS_CHUNK_PAGES_MAX	((16 + 139333 + 32 + HS_PAGE_SIZE - 1) / HS_PAGE_SIZE)

/* struct swsusp_header.flags (kernel/power/power.h) */
#define HS_SF_PLATFORM_MODE	1
#define HS_SF_NOCOMPRESS_MODE	2
#define HS_SF_CRC32_MODE	4
#define HS_SF_HW_SIG		8
#define HS_SF_COMPRESSION_ALG_LZ4	16
#define HS_SF_SEALED		32
#define HS_SF_KNOWN		(HS_SF_PLATFORM_MODE | HS_SF_NOCOMPRESS_MODE | \
				 HS_SF_CRC32_MODE | HS_SF_HW_SIG | HS_SF_COMPRESSION_ALG_LZ4 | \
				 HS_SF_SEALED)

/**
 * struct hs_source - bytes to parse: a device, a file or a memory buffer
 * @read: copy @len bytes at offset @off into @buf; return 0 or -errno. The parser only asks
 *        for ranges inside @size.
 * @size: bytes the source holds; pages past the last whole page do not exist
 * @ctx:  passed to @read
 */
struct hs_source {
	int (*read)(void *ctx, uint64_t off, void *buf, size_t len);
	uint64_t size;
	void *ctx;
};

/**
 * hs_source_memory() - a source over a memory buffer (tests, fuzzing)
 * @src:  filled in
 * @data: the bytes; must outlive @src
 * @size: their number
 */
void hs_source_memory(struct hs_source *src, const void *data, size_t size);

/**
 * hs_source_fd() - a source over an open file or block device
 * @src: filled in
 * @fd:  open for reading; must outlive @src
 *
 * The size comes from fstat() for a regular file and BLKGETSIZE64 for a block device.
 *
 * Return: 0; -EISDIR for a directory, -ENOTBLK for anything else that is neither; or the
 * -errno of fstat() or the ioctl.
 */
int hs_source_fd(struct hs_source *src, int fd);

/* Where a damaged image goes wrong, in the order the parser reaches them. */
enum hs_region {
	HS_REGION_NONE = 0,		/* nothing is wrong */
	HS_REGION_SWAP_HEADER,		/* struct swsusp_header at the resume offset */
	HS_REGION_SEAL_HEADER,		/* struct hibseal_image_header, key blob aside */
	HS_REGION_KEY_BLOB,		/* hibseal_image_header.key_blob and its size */
	HS_REGION_SWAP_MAP,		/* the linked list of swap map pages */
	HS_REGION_METADATA_CHUNK,	/* chunk 0: the sealed metadata page */
	HS_REGION_DATA_CHUNK,		/* chunks 1..nr_chunks-1 */
	HS_REGION_IMAGE_MAC,		/* the sealed header's image MAC (hs_image_verify()) */
};

#define HS_REASON_MAX	192

/**
 * struct hs_image_info - what hs_image_inspect() found
 * @swap_flags:       the swap header's SF_* flags
 * @seal_header_page: the page of the sealed image header
 * @version:          the sealed header's format version
 * @aead:             HIBSEAL_AEAD_* construction of the chunks
 * @tag_size:         bytes of tag after each chunk
 * @key_blob_size:    bytes of sealed key blob
 * @nr_chunks:        chunks in the stream (the header's count, equal to those found when valid)
 * @image_pages:      pages of the snapshot, the metadata page included
 * @counter:          the anti-replay counter value the image was written under
 * @compressed:       data chunks are compressed (SF_NOCOMPRESS_MODE clear)
 * @lz4:              ... with LZ4 (SF_COMPRESSION_ALG_LZ4), else with LZO
 * @chunks_found:     chunks found in the swap map, up to the failure
 * @map_pages:        swap map pages
 * @chunk_pages:      swap pages holding chunks
 * @pages_used:       swap pages of the image: map, chunks and sealed header (not the swap header)
 * @compressed_bytes: ciphertext bytes of the data chunks (compressed output, or raw pages)
 * @region:           on failure, where; %HS_REGION_NONE when valid
 * @chunk:            on failure in a chunk, its index; for the swap map, the chunk being located
 * @io_error:         on -EIO, the errno of the failed read
 * @reason:           on failure, one line saying what is wrong
 *
 * Fields are filled as the parser reaches them; after a failure the later ones are zero.
 */
struct hs_image_info {
	uint32_t swap_flags;
	uint64_t seal_header_page;
	uint16_t version;
	uint16_t aead;
	uint16_t tag_size;
	uint32_t key_blob_size;
	uint64_t nr_chunks;
	uint64_t image_pages;
	uint64_t counter;
	bool compressed;
	bool lz4;
	uint64_t chunks_found;
	uint64_t map_pages;
	uint64_t chunk_pages;
	uint64_t pages_used;
	uint64_t compressed_bytes;

	enum hs_region region;
	uint64_t chunk;
	int io_error;
	char reason[HS_REASON_MAX];
};

/**
 * hs_image_inspect() - check the structure of a sealed hibernation image
 * @src:         the swap device (or the block device under a swap file)
 * @header_page: the page of the swap header: 0 for a swap partition, the resume offset for a
 *               swap file
 * @info:        receives the facts found and, on failure, where and why
 *
 * Checks the swap header, the sealed image header, the key blob's framing, the swap map and
 * every chunk header, and that they agree with each other. Verifies no tag, no key and no MAC.
 *
 * Return: 0 when the structure is valid; -EINVAL when it is damaged (@info says where);
 * -EIO when a read failed (@info->io_error says why); -ENOMEM.
 */
int hs_image_inspect(const struct hs_source *src, uint64_t header_page,
		     struct hs_image_info *info);

/**
 * hs_image_verify() - the full cryptographic check of an image whose boot secret is known
 * @src:         the swap device or disk image
 * @header_page: as for hs_image_inspect()
 * @secret:      the boot secret (32 bytes) the image's keys derive from, with its salt
 * @info:        as for hs_image_inspect(); on a failed check, region, chunk and reason
 *
 * Walks the structure like hs_image_inspect(), opens every chunk (tag checked, then
 * decrypted) and checks the image MAC over the tags and the sealed header. The key blob is
 * not unsealed: that takes the TPM and its boot window. For test images, whose secret the test
 * chose; a real image's secret never leaves the kernel.
 *
 * Return: 0 when everything authenticates; -EBADMSG when a chunk or the image MAC does not
 * (@info says which); otherwise as hs_image_inspect().
 */
int hs_image_verify(const struct hs_source *src, uint64_t header_page, const uint8_t *secret,
		    struct hs_image_info *info);

/**
 * hs_us_inspect() - check the structure of an image that `hibseal suspend` stored
 * @src:         the resume device (or a disk image of it)
 * @header_page: the page of its swap header, as for hs_image_inspect()
 * @info:        as for hs_image_inspect(); the stored header and map are the swap-header and
 *               swap-map regions
 *
 * The uswsusp path's image: the sealed /dev/snapshot stream that `hibseal suspend` stored in
 * swap pages, announced by the swap header page (lib/stored_image.h has the layout). Checks
 * that header, its map and their digests, the sealed image header's fields, then every chunk
 * header along the stream: chunk 0 the metadata page, the data chunks, the final one last and
 * ending the stream exactly, as many as the header says. Authenticates nothing.
 *
 * Return: 0 when the structure is valid; -ENOENT when @header_page holds no such image (a swap
 * area, the kernel's own image: hs_image_inspect() is for that; or no page of @src); -EINVAL
 * when it is damaged; -EIO when a read failed; -ENOMEM.
 */
int hs_us_inspect(const struct hs_source *src, uint64_t header_page, struct hs_image_info *info);

/**
 * hs_region_name() - a region's name, as `hibseal inspect` prints it
 * @region: the region
 *
 * Return: "swap-header", "seal-header", "key-blob", "swap-map", "metadata-chunk",
 * "data-chunk", "none", or "unknown".
 */
const char *hs_region_name(enum hs_region region);

/**
 * hs_aead_name() - a chunk construction's name
 * @aead: HIBSEAL_AEAD_*
 *
 * Return: a human-readable name, or "unknown".
 */
const char *hs_aead_name(unsigned int aead);

/* lib/json.c: the tools' --json output. */
#define HS_JSON_DEPTH	8

/**
 * struct hs_json - a JSON document being written
 * @f:        where to
 * @depth:    the objects and arrays open
 * @items:    the values written so far in each
 * @closers:  '}' or ']' for each
 * @overflow: nested deeper than HS_JSON_DEPTH, or closed more than opened
 */
struct hs_json {
	FILE *f;
	int depth;
	unsigned int items[HS_JSON_DEPTH];
	char closers[HS_JSON_DEPTH];
	bool overflow;
};

/* The document is one object: hs_json_begin() opens it, hs_json_end() closes it (-1 if the
 * nesting went wrong). @key is the member's name inside an object, NULL inside an array. */
void hs_json_begin(struct hs_json *j, FILE *f);
int hs_json_end(struct hs_json *j);
void hs_json_object(struct hs_json *j, const char *key);
void hs_json_array(struct hs_json *j, const char *key);
void hs_json_close(struct hs_json *j);
void hs_json_string(struct hs_json *j, const char *key, const char *value);	/* NULL: null */
void hs_json_uint(struct hs_json *j, const char *key, unsigned long long value);
void hs_json_bool(struct hs_json *j, const char *key, int value);	/* < 0: null */

/* hs_status_read(): the most bound PCRs shown, and active swap areas kept. */
#define HS_STATUS_PCRS		8
#define HS_STATUS_SWAPS		4

/* The longest boot entry id hibseal handles (a file name in the ESP). */
#define HS_BOOT_ENTRY_MAX	255

/* What became of this boot's entry since it started (struct hs_boot's @selected_state). */
enum hs_entry_state {
	HS_ENTRY_KEPT = 0,	/* still there, not rewritten since this boot (or unknown) */
	HS_ENTRY_GONE,		/* no longer in the ESP */
	HS_ENTRY_REWRITTEN,	/* its file is newer than this boot */
};

/**
 * struct hs_boot - systemd-boot's entries, from its EFI variables and the ESP
 * @selected:       LoaderEntrySelected: the entry that started this boot ("" if unrecorded)
 * @oneshot:        LoaderEntryOneShot: the entry the next boot starts once ("" if none)
 * @def:            LoaderEntryDefault: the default bootctl set-default chose ("" if none)
 * @esp:            where the ESP is mounted ("" if none with EFI/Linux was found)
 * @newest:         the newest UKI in @esp/EFI/Linux, by version ("" if none)
 * @nr_entries:     the UKIs there
 * @selected_state: what became of @selected's file since this boot
 * @next:           the entry the next boot will start, as far as can be told ("" if unknown)
 * @next_why:       why: "one-shot", "default" or "newest" (NULL when @next is unknown)
 *
 * @grub:           GRUB boots this system (a grub.cfg in /boot/grub or the ESP), no entry recorded
 * @grub_changed:   what changed since this boot that GRUB's next boot measures ("" if nothing)
 * @firmware:       no boot loader recorded an entry, and the firmware says which of its boot
 *                  options it started (BootCurrent): the fw_ fields below are set
 * @fw_current:     BootCurrent, the firmware's boot option that started this boot (-1 if unset)
 * @fw_next:        BootNext, the option the next boot starts once (-1 if unset)
 * @fw_first:       the first option of BootOrder (-1 if unset)
 * @fw_error:       0, or -errno when @fw_current's load option could not be read or parsed
 * @fw_label:       its description, printable ASCII ('?' for anything else)
 * @fw_file:        the file it starts, '/'-separated from the ESP's root ("/EFI/BOOT/BOOTX64.EFI"
 *                  when the option names a disk only: the removable media path)
 * @fw_path:        where that file was found: under /efi, /boot/efi or /boot ("" if not found)
 * @fw_uki:         1 the file is a UKI (a .linux section), 0 another PE image (a boot loader),
 *                  -errno when it is not found, unreadable, or not a PE image
 * @fw_state:       what became of that file since this boot
 * @fw_attempts:    the boot options the firmware tried this boot, failed ones included (the TCG
 *                  event log's PCR 4), or -errno when the log could not be read
 * @fw_changed:     the boot variables (BootOrder, Boot####) changed since the firmware measured
 *                  them into PCR 1 this boot ("" if none)
 *
 * Type #1 entries (the .conf files in loader/entries) and loader.conf's default pattern are not read:
 * @next is then the newest UKI, which is what systemd-boot starts without them. When @firmware,
 * @next is "BootXXXX" and @next_why "BootNext" or "BootOrder".
 */
struct hs_boot {
	char selected[HS_BOOT_ENTRY_MAX + 1];
	char oneshot[HS_BOOT_ENTRY_MAX + 1];
	char def[HS_BOOT_ENTRY_MAX + 1];
	char esp[256];
	char newest[HS_BOOT_ENTRY_MAX + 1];
	int nr_entries;
	enum hs_entry_state selected_state;
	char next[HS_BOOT_ENTRY_MAX + 1];
	const char *next_why;
	bool grub;
	char grub_changed[512];
	bool firmware;
	int fw_current;
	int fw_next;
	int fw_first;
	int fw_error;
	char fw_label[64];
	char fw_file[256];
	char fw_path[512];
	int fw_uki;
	enum hs_entry_state fw_state;
	int fw_attempts;
	char fw_changed[128];
};

/**
 * struct hs_status - what the kernel says about hibernation on this machine
 * @lockdown:      the lockdown mode in effect ("none", "integrity", "confidentiality"), or
 *                 "absent" (no lockdown LSM, or securityfs not mounted)
 * @secure_boot:   1 on, 0 off, -1 unknown (no EFI variables)
 * @tpm_version:   the TPM's major version (2 for TPM 2.0), 0 for none
 * @pcrs_bound:    /sys/power/hibernate_seal_pcrs, the PCRs the kernel seals to ("4,7-9,14"),
 *                 "absent" (a kernel without the file) or "malformed"
 * @nr_pcrs:       the PCRs in @pcr_index: those of @pcrs_bound (none unless it was read)
 * @pcr_index:     the bound PCRs, in order
 * @pcr:           their SHA-256 values in hex, or "unreadable"
 * @seal:          /sys/power/hibernate_seal ("ready", "unavailable: REASON"), or "absent"
 * @last_resume:   /sys/power/hibernate_seal_resume, what this boot's resume did ("no image",
 *                 "resumed", "refused: REASON", "stale: WHY", ...), or "absent"
 * @disk_offered:  "disk" is in /sys/power/state
 * @resume:        /sys/power/resume ("MAJOR:MINOR"; "0:0" when none is set)
 * @resume_name:   its device node, "/dev/NAME" as swapon --show names it ("" if unknown)
 * @resume_offset: /sys/power/resume_offset (a swap file's header page)
 * @resume_from:   "" when @resume is the kernel's; else the configuration file it comes from
 *                 (/etc/uswsusp.conf or /etc/suspend.conf: no resume= set, and `hibseal
 *                 suspend` and the initramfs's `hibseal resume` use the file's device)
 * @resume_holds_swap: 1 the resume device holds one of the active swap areas (a partition
 *                 sysfs names), -1 it holds none (every one such a partition), 0 unknown
 * @anon_kib:      Active(anon) from /proc/meminfo: the memory an image must hold, as systemd
 *                 reckons it before it hibernates (0 if unknown)
 * @nr_swaps:      active swap areas in @swap
 * @swap:          each one's name, type ("partition", "file"), size and use, from /proc/swaps;
 *                 @zram marks a compressed RAM disk, which cannot hold an image across power-off
 * @sb_check:      hs_sb_changed()'s result: the number of Secure Boot variables changed since
 *                 boot, or -errno when it could not tell (no event log, a SHA-1-only log)
 * @sb_changed:    their names ("dbx", "db,dbx")
 * @mok_pending:   hs_mok_pending()'s names: shim's requests for the next boot ("MokNew")
 * @boot:          systemd-boot's entries (hs_boot_entries())
 */
struct hs_status {
	char lockdown[32];
	int secure_boot;
	int tpm_version;
	char pcrs_bound[64];
	int nr_pcrs;
	unsigned int pcr_index[HS_STATUS_PCRS];
	char pcr[HS_STATUS_PCRS][80];
	char seal[256];
	char last_resume[600];
	bool disk_offered;
	char resume[32];
	char resume_name[80];
	unsigned long long resume_offset;
	char resume_from[32];
	int resume_holds_swap;
	unsigned long long anon_kib;
	int nr_swaps;
	struct hs_swap {
		char name[256];
		char type[32];
		unsigned long long kib;
		unsigned long long used_kib;
		bool zram;
	} swap[HS_STATUS_SWAPS];
	int sb_check;
	char sb_changed[128];
	char mok_pending[128];
	struct hs_boot boot;
};

/**
 * hs_status_read() - read the hibernation facts the kernel publishes
 * @root: directory holding sys/ and proc/ ("" or NULL for the running system)
 * @st:   filled in
 *
 * Return: 0, or -ENOENT when there is no sys/power/state at all.
 */
int hs_status_read(const char *root, struct hs_status *st);

/**
 * hs_status_explain() - one sentence on whether hibernation is available, and why
 * @st:   from hs_status_read()
 * @buf:  receives the sentence
 * @size: its size
 *
 * Return: true when `systemctl hibernate` can work now.
 */
bool hs_status_explain(const struct hs_status *st, char *buf, size_t size);

/**
 * hs_swap_free_kib() - free swap that can hold an image (zram left out)
 * @st: from hs_status_read()
 *
 * Return: KiB.
 */
unsigned long long hs_swap_free_kib(const struct hs_status *st);

/**
 * hs_status_json() - `hibseal status --json`: the facts, the verdict and its fix as one object
 * @f:  where to write it
 * @st: from hs_status_read()
 *
 * The object's members are documented in hibseal(1), JSON OUTPUT, and in the schema
 * docs/hibseal-status.schema.json, which the tests check it against.
 *
 * Return: 0, or -1 if the writing went wrong.
 */
int hs_status_json(FILE *f, const struct hs_status *st);

/**
 * enum hs_reason_kind - where a reason comes from (lib/reasons.def)
 * @HS_REASON_UNAVAILABLE: /sys/power/hibernate_seal's "unavailable: <reason>"
 * @HS_REASON_SETUP:       a check of hibseal status itself, by name
 * @HS_REASON_RESUME:      /sys/power/hibernate_seal_resume's line
 */
enum hs_reason_kind {
	HS_REASON_UNAVAILABLE,
	HS_REASON_SETUP,
	HS_REASON_RESUME,
};

/**
 * struct hs_reason - one reason and what to do about it
 * @kind:  where it comes from
 * @match: the start of the kernel's text (UNAVAILABLE, RESUME) or the check's name (SETUP)
 * @fix:   what to do, for the person at the machine
 */
struct hs_reason {
	enum hs_reason_kind kind;
	const char *match;
	const char *fix;
};

/*
 * lib/reasons.def, in order: the first entry of a kind whose @match starts the text wins, a
 * '*' in @match standing for a number.
 */
extern const struct hs_reason hs_reasons[];
extern const size_t hs_nr_reasons;

/**
 * hs_reason_fix() - what to do about a reason
 * @kind: where @text comes from
 * @text: the kernel's reason (without "unavailable: "), the resume line, or a check's name
 *
 * Return: the fix, or NULL when there is nothing to do (hibernation available, a resume that
 * worked or found no image) or no entry matches.
 */
const char *hs_reason_fix(enum hs_reason_kind kind, const char *text);

/**
 * hs_status_fix() - what to do about hs_status_explain()'s verdict
 * @st: from hs_status_read()
 *
 * Return: the fix for the reason hibernation is not available, or NULL when it is.
 */
const char *hs_status_fix(const struct hs_status *st);

/**
 * hs_status_resume_fix() - what to do about the last resume's outcome
 * @st: from hs_status_read()
 *
 * What `hibseal status` prints as "last resume fix:" and in its JSON's last_resume.
 *
 * Return: the fix for a resume that was refused, stale, discarded or failed, or NULL when
 * there is nothing to do (it worked, found no image, or /sys/power/hibernate_seal_resume is
 * absent).
 */
const char *hs_status_resume_fix(const struct hs_status *st);

/* hs_tpm_query(): the most PCRs asked for at once. */
#define HS_TPM_PCRS_MAX		8

/**
 * struct hs_tpm_facts - what the TPM answers through tpm2-tss (ESAPI)
 * @manufacturer: TPM2_PT_MANUFACTURER as text ("IBM", "INTC", ...), NUL-terminated
 * @fw_major:     TPM2_PT_FIRMWARE_VERSION_1, high 16 bits
 * @fw_minor:     ... low 16 bits
 * @have_pcr:     the TPM returned this PCR
 * @pcr:          its SHA-256 value, upper-case hex
 */
struct hs_tpm_facts {
	char manufacturer[5];
	unsigned int fw_major;
	unsigned int fw_minor;
	bool have_pcr[HS_TPM_PCRS_MAX];
	char pcr[HS_TPM_PCRS_MAX][65];
};

/**
 * hs_tpm_query() - ask the TPM through tpm2-tss: manufacturer, firmware, SHA-256 PCRs
 * @tcti:     a TCTI configuration ("device:/dev/tpmrm0", "swtpm:port=2321"), or NULL for
 *            tpm2-tss's default
 * @pcrs:     the PCR indexes (0..23)
 * @nr_pcrs:  how many (at most %HS_TPM_PCRS_MAX)
 * @f:        filled in
 * @why:      receives the reason of a failure
 * @why_size: its size
 *
 * Return: 0; -EIO when the TPM cannot be reached or a command fails (@why says which);
 * -EINVAL for bad arguments.
 */
int hs_tpm_query(const char *tcti, const unsigned int *pcrs, size_t nr_pcrs,
		 struct hs_tpm_facts *f, char *why, size_t why_size);

/**
 * hs_boot_entries() - this boot's entry, the next boot's, and the ESP's UKIs; without a boot
 * loader's entry, GRUB's changes or the firmware's boot option (struct hs_boot)
 * @root: as hs_loader_var()
 * @b:    filled in
 *
 * Return: 0, or -ENODATA when neither the boot loader (LoaderEntrySelected) nor the firmware
 * (BootCurrent) recorded what started this boot.
 */
int hs_boot_entries(const char *root, struct hs_boot *b);

/**
 * hs_boot_pinnable() - can the next boot be made to start this boot's kernel?
 * @b:    from hs_boot_entries()
 * @why:  receives the reason when not
 * @size: its size
 */
bool hs_boot_pinnable(const struct hs_boot *b, char *why, size_t size);

/**
 * hs_boot_pin() - set LoaderEntryOneShot: the next boot starts @entry, once
 * @root:  as hs_loader_var()
 * @entry: the entry id
 *
 * Return: 0 or -errno.
 */
int hs_boot_pin(const char *root, const char *entry);

/**
 * hs_boot_unpin() - remove LoaderEntryOneShot if it still names @entry (after waking from RAM)
 * @root:  as hs_loader_var()
 * @entry: the entry id hs_boot_pin() set
 *
 * Return: 1 removed, 0 nothing to remove (unset, or another entry's), or -errno.
 */
int hs_boot_unpin(const char *root, const char *entry);

/**
 * hs_boot_uses_bootnext() - does pinning this boot mean setting BootNext?
 * @b: from hs_boot_entries(), pinnable
 *
 * Only when the firmware started this kernel at its first attempt: BootNext then repeats this
 * boot exactly. After failed attempts (a boot option before it in BootOrder that did not load)
 * BootNext would skip them and PCR 4, which measures every attempt, would differ; the next boot
 * reproduces this one by following BootOrder again, and nothing is pinned.
 */
bool hs_boot_uses_bootnext(const struct hs_boot *b);

/**
 * hs_boot_pin_next() - set BootNext: the next boot starts the firmware's boot option @num, once
 * @root: as hs_loader_var()
 * @num:  the boot option (struct hs_boot's @fw_current)
 *
 * Return: 0, or -errno.
 */
int hs_boot_pin_next(const char *root, int num);

/**
 * hs_boot_unpin_next() - remove BootNext if it still names @num (after waking, or a failure)
 * @root: as hs_loader_var()
 * @num:  the boot option hs_boot_pin_next() set
 *
 * Return: 1 removed, 0 not set or set to another option (left alone), or -errno.
 */
int hs_boot_unpin_next(const char *root, int num);

/**
 * hs_boot_park() - hide from the boot loader the UKIs installed since this boot
 * @root:  as hs_loader_var()
 * @b:     from hs_boot_entries()
 * @names: receives the parked entries, comma-separated
 * @size:  its size
 *
 * Each EFI/Linux/X.efi newer than this boot, other than this boot's entry, becomes
 * X.efi.hibseal-parked, so that the resume boot's boot loader sees the entries the hibernating
 * boot's saw (and lays out memory as it did: x86 refuses an image whose memory map moved).
 *
 * Return: the number parked, or -errno.
 */
int hs_boot_park(const char *root, const struct hs_boot *b, char *names, size_t size);

/**
 * hs_boot_unpark() - give the boot loader back what hs_boot_park() hid
 * @root:  as hs_loader_var()
 * @names: receives the entries put back, comma-separated
 * @size:  its size
 *
 * Return: the number put back, or -errno.
 */
int hs_boot_unpark(const char *root, char *names, size_t size);

#endif /* LIBHIBSEAL_H */
