/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What libhibseal's own files share and the programs do not need (include/libhibseal.h is the
 * public interface): the chunk walk behind hs_image_inspect() and hs_image_verify(), and the
 * readers of the TCG event log and efivarfs behind hs_status_read(). The unit tests use them
 * directly, to check each reader on made-up trees.
 *
 * Copyright (C) 2026 The hibseal authors
 */
#ifndef LIBHIBSEAL_PRIVATE_H
#define LIBHIBSEAL_PRIVATE_H

#include "libhibseal.h"

/* lib/json.c: @s as a JSON string, quoted and escaped. */
void hs_json_quote(FILE *f, const char *s);

/**
 * struct hs_chunk_visitor - what hs_image_walk() hands each chunk to
 * @chunk: called with the chunk's index (0: the metadata chunk), the swap pages holding it in
 *         order, their number and the ciphertext length its header gives, once its structure
 *         checked out. Returns 0 to go on, or -errno to stop the walk with that error; it may
 *         fill @info->reason (and then @info->region) itself.
 * @ctx:   passed to @chunk
 */
struct hs_chunk_visitor {
	int (*chunk)(void *ctx, struct hs_image_info *info, uint64_t index, const uint64_t *pages,
		     unsigned int nr_pages, uint32_t len);
	void *ctx;
};

/**
 * hs_image_walk() - hs_image_inspect(), handing each chunk to @visitor on the way
 * @src:         as for hs_image_inspect()
 * @header_page: as for hs_image_inspect()
 * @visitor:     called for every chunk in stream order; NULL for none
 * @info:        as for hs_image_inspect()
 *
 * Return: as hs_image_inspect(), or the visitor's error.
 */
int hs_image_walk(const struct hs_source *src, uint64_t header_page,
		  const struct hs_chunk_visitor *visitor, struct hs_image_info *info);

/**
 * hs_sb_changed() - the Secure Boot variables that changed since this boot measured them
 * @root:    directory holding sys/ ("" or NULL for the running system)
 * @changed: receives their names, comma-separated ("dbx"); empty when none
 * @size:    its size
 *
 * Compares each EV_EFI_VARIABLE_DRIVER_CONFIG event of PCR 7 in the firmware's TCG event log
 * (securityfs' binary_bios_measurements, crypto-agile format) with the variable's contents in
 * efivarfs now. A change takes effect at the next boot, whose PCR 7 then differs: it could not
 * open an image sealed in this one.
 *
 * Return: the number changed; -ENOENT without an event log, -EPROTONOSUPPORT for a SHA-1-only
 * log, -EBADMSG for a malformed one.
 */
int hs_sb_changed(const char *root, char *changed, size_t size);

/**
 * hs_fw_boot_path() - how the firmware reached this boot's kernel, from the TCG event log
 * @root:     as hs_sb_changed()
 * @attempts: receives how many boot options the firmware tried (PCR 4's "Calling EFI
 *            Application from Boot Option" events: one per attempt, failed ones included)
 * @changed:  receives the boot variables measured into PCR 1 (BootOrder, Boot####) that
 *            differ now, comma-separated ("" if none)
 * @size:     its size
 *
 * Each attempt is measured into PCR 4, so a next boot that tries the options another way
 * (BootNext skipping the failed ones, or a changed BootOrder) measures another PCR 4.
 *
 * Return: 0, or -errno as hs_sb_changed().
 */
int hs_fw_boot_path(const char *root, int *attempts, char *changed, size_t size);

/* hs_grub_cmds()'s flags */
#define HS_GRUB_MEASURED	0x1u	/* GRUB measured commands into PCR 8 this boot */
#define HS_GRUB_BOOT_ONCE	0x2u	/* ... among them `set boot_once=true`: a grub-reboot entry */
#define HS_GRUB_LOAD_ENV	0x4u	/* ... and `load_env`: it read its environment block */

/**
 * hs_grub_cmds() - what GRUB ran this boot, from its commands in the TCG event log (PCR 8)
 * @root:  as hs_sb_changed()
 * @flags: receives HS_GRUB_* flags
 *
 * GRUB measures every command it runs, expanded, into PCR 8 ("grub_cmd: ..."), so the next boot
 * opens a sealed image only if it runs the same ones: not after a boot that used up a
 * grub-reboot entry (`set boot_once=true`), nor when it reads an environment block this boot
 * did not have.
 *
 * Return: 0, or -errno when the log cannot be read or parsed.
 */
int hs_grub_cmds(const char *root, unsigned int *flags);

/**
 * hs_mok_pending() - shim's pending requests to MokManager
 * @root:    as hs_sb_changed()
 * @pending: receives the names of the request variables present ("MokNew,MokSB")
 * @size:    its size
 *
 * MokManager applies them at the next boot, and shim measures the MOK lists into PCR 14, the
 * window PCR's default.
 *
 * Return: the number present.
 */
int hs_mok_pending(const char *root, char *pending, size_t size);

/**
 * hs_loader_var() - one of systemd-boot's string variables (the Boot Loader Interface)
 * @root: directory holding sys/ ("" or NULL for the running system)
 * @name: the variable's name ("LoaderEntrySelected")
 * @buf:  receives it as ASCII
 * @size: its size
 *
 * Return: its length; -ENOENT if unset, -ENODATA if empty, -EBADMSG if malformed, -EILSEQ
 * for a character an entry id cannot have, -ENAMETOOLONG if it does not fit.
 */
int hs_loader_var(const char *root, const char *name, char *buf, size_t size);

#endif /* LIBHIBSEAL_PRIVATE_H */
