/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CRC-32 (IEEE 802.3, reflected, polynomial 0xedb88320) computed eight bytes at a time, as the
 * kernel's crc32_le() does with CONFIG_CRC32_SLICEBY8 (its default): what upstream's CRC32
 * thread costs a plain image.
 */
#ifndef HSBENCH_CRC32_H
#define HSBENCH_CRC32_H

#include <stddef.h>
#include <stdint.h>

/* Build the tables; call once before crc32_le(). */
void crc32_init(void);

/* The running CRC over @len more bytes (no pre- or post-inversion, like the kernel's). */
uint32_t crc32_le(uint32_t crc, const uint8_t *p, size_t len);

#endif
