// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of sealed hibernation's freshness decisions (counter.c): which image the boot
 * window may restore, which one a resume after the window may open with the pending key, when
 * the counters advance, and when a key blob has expired. Pure logic, no TPM: the tables below
 * are the rules of "The counters" in Documentation/power/sealed-hibernation.rst, and the
 * lifecycle cases play boots one after another through the same functions.
 *
 * Included at the end of counter.c.
 *
 * Copyright (C) 2026 The hibseal authors
 */

#include <kunit/test.h>

struct t_window {
	enum hibseal_phase phase;
	enum hibseal_counters counters;
	bool ready;
	u64 window, image;
	enum hibseal_verdict want;
};

static const struct t_window t_windows[] = {
	/* the one image the window may restore */
	{ HIBSEAL_WINDOW_OPEN, HIBSEAL_COUNTERS_READ, true, 5, 5, HIBSEAL_FRESH },
	{ HIBSEAL_WINDOW_OPEN, HIBSEAL_COUNTERS_READ, true, 0, 0, HIBSEAL_FRESH },
	{ HIBSEAL_WINDOW_OPEN, HIBSEAL_COUNTERS_READ, true, U64_MAX, U64_MAX, HIBSEAL_FRESH },
	/* older, newer, far off: stale */
	{ HIBSEAL_WINDOW_OPEN, HIBSEAL_COUNTERS_READ, true, 5, 4, HIBSEAL_STALE },
	{ HIBSEAL_WINDOW_OPEN, HIBSEAL_COUNTERS_READ, true, 5, 6, HIBSEAL_STALE },
	{ HIBSEAL_WINDOW_OPEN, HIBSEAL_COUNTERS_READ, true, 5, 0, HIBSEAL_STALE },
	{ HIBSEAL_WINDOW_OPEN, HIBSEAL_COUNTERS_READ, true, 5, U64_MAX, HIBSEAL_STALE },
	{ HIBSEAL_WINDOW_OPEN, HIBSEAL_COUNTERS_READ, true, 5, 5 + BIT_ULL(32), HIBSEAL_STALE },
	/* once per window: after the counter advanced for one image, none */
	{ HIBSEAL_WINDOW_OPEN, HIBSEAL_COUNTER_ADVANCED, true, 5, 5, HIBSEAL_NOT_NOW },
	{ HIBSEAL_WINDOW_OPEN, HIBSEAL_COUNTERS_ADVANCED, true, 5, 5, HIBSEAL_NOT_NOW },
	/* only inside the window */
	{ HIBSEAL_BEFORE_WINDOW, HIBSEAL_COUNTERS_READ, true, 5, 5, HIBSEAL_NOT_NOW },
	{ HIBSEAL_WINDOW_CLOSING, HIBSEAL_COUNTERS_READ, true, 5, 5, HIBSEAL_NOT_NOW },
	{ HIBSEAL_AFTER_WINDOW, HIBSEAL_COUNTERS_READ, true, 5, 5, HIBSEAL_NOT_NOW },
	{ HIBSEAL_AFTER_WINDOW, HIBSEAL_COUNTERS_UNREAD, false, 5, 5, HIBSEAL_NOT_NOW },
	/* sealing unavailable: freshness cannot be known, whatever the values */
	{ HIBSEAL_WINDOW_OPEN, HIBSEAL_COUNTERS_READ, false, 5, 5, HIBSEAL_UNAVAILABLE },
	{ HIBSEAL_WINDOW_OPEN, HIBSEAL_COUNTERS_READ, false, 5, 4, HIBSEAL_UNAVAILABLE },
	{ HIBSEAL_WINDOW_OPEN, HIBSEAL_COUNTERS_UNREAD, false, 0, 0, HIBSEAL_UNAVAILABLE },
};

static void t_verdict_in_window(struct kunit *test)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(t_windows); i++) {
		const struct t_window *t = &t_windows[i];

		KUNIT_EXPECT_EQ_MSG(test, hibseal_verdict_in_window(t->phase, t->counters, t->ready,
								    t->window, t->image),
				    t->want, "case %d", i);
	}
}

struct t_pending {
	bool have_pending, lifted;
	u64 window, image;
	enum hibseal_verdict want;
};

static const struct t_pending t_pendings[] = {
	{ true, false, 7, 7, HIBSEAL_FRESH },
	{ true, false, 7, 6, HIBSEAL_STALE },
	{ true, false, 7, 8, HIBSEAL_STALE },
	/* no key held: used, dropped for noresume, or never unsealed */
	{ false, false, 7, 7, HIBSEAL_NO_KEY },
	{ false, false, 7, 6, HIBSEAL_NO_KEY },
	/* a lift ends it, even before its worker has wiped it */
	{ true, true, 7, 7, HIBSEAL_NO_KEY },
	{ false, true, 7, 7, HIBSEAL_NO_KEY },
};

static void t_verdict_pending(struct kunit *test)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(t_pendings); i++) {
		const struct t_pending *t = &t_pendings[i];

		KUNIT_EXPECT_EQ_MSG(test, hibseal_verdict_pending(t->have_pending, t->lifted,
								  t->window, t->image),
				    t->want, "case %d", i);
	}
}

static void t_counter_steps(struct kunit *test)
{
	/* A window that resumed nothing advances both at its close; no other does. */
	KUNIT_EXPECT_FALSE(test, hibseal_close_advances(HIBSEAL_COUNTERS_UNREAD));
	KUNIT_EXPECT_TRUE(test, hibseal_close_advances(HIBSEAL_COUNTERS_READ));
	KUNIT_EXPECT_FALSE(test, hibseal_close_advances(HIBSEAL_COUNTER_ADVANCED));
	KUNIT_EXPECT_FALSE(test, hibseal_close_advances(HIBSEAL_COUNTERS_ADVANCED));
	/* The epoch is owed only after a resume's advance, and only while blobs live. */
	KUNIT_EXPECT_TRUE(test, hibseal_epoch_owed(HIBSEAL_COUNTER_ADVANCED, false));
	KUNIT_EXPECT_FALSE(test, hibseal_epoch_owed(HIBSEAL_COUNTER_ADVANCED, true));
	KUNIT_EXPECT_FALSE(test, hibseal_epoch_owed(HIBSEAL_COUNTERS_UNREAD, false));
	KUNIT_EXPECT_FALSE(test, hibseal_epoch_owed(HIBSEAL_COUNTERS_READ, false));
	KUNIT_EXPECT_FALSE(test, hibseal_epoch_owed(HIBSEAL_COUNTERS_ADVANCED, false));
}

static void t_blob_expiry(struct kunit *test)
{
	KUNIT_EXPECT_FALSE(test, hibseal_blob_expired(0, 0));
	KUNIT_EXPECT_FALSE(test, hibseal_blob_expired(9, 10));
	KUNIT_EXPECT_FALSE(test, hibseal_blob_expired(10, 10));
	KUNIT_EXPECT_TRUE(test, hibseal_blob_expired(11, 10));
	KUNIT_EXPECT_TRUE(test, hibseal_blob_expired(U64_MAX, U64_MAX - 1));
	KUNIT_EXPECT_FALSE(test, hibseal_blob_expired(U64_MAX, U64_MAX));
}

/*
 * One boot, as the window sees it: what its close does to the counters when it resumed
 * nothing (resumed: the anti-replay counter advanced for the image; the epoch is left to the
 * restored kernel).
 */
struct t_machine {
	u64 counter, epoch;
};

static enum hibseal_verdict t_boot(struct t_machine *m, u64 image, bool resume)
{
	enum hibseal_counters c = HIBSEAL_COUNTERS_READ;
	enum hibseal_verdict v = HIBSEAL_NOT_NOW;

	if (resume) {
		v = hibseal_verdict_in_window(HIBSEAL_WINDOW_OPEN, c, true, m->counter, image);
		if (v == HIBSEAL_FRESH) {
			m->counter++;
			c = HIBSEAL_COUNTER_ADVANCED;
		}
	}
	if (hibseal_close_advances(c)) {
		m->counter++;
		m->epoch++;
	}
	return v;
}

static void t_lifecycle_image(struct kunit *test)
{
	struct t_machine m = { .counter = 40, .epoch = 3 };
	u64 image;

	/* A boot writes an image at the counter its window left; the next boot resumes it. */
	t_boot(&m, 0, false);
	image = m.counter;
	KUNIT_EXPECT_EQ(test, t_boot(&m, image, true), HIBSEAL_FRESH);
	/* A copy of that image, replayed at the next boot: stale. */
	KUNIT_EXPECT_EQ(test, t_boot(&m, image, true), HIBSEAL_STALE);
	/* An image written, then a boot that did not resume it (noresume, another OS): stale. */
	image = m.counter;
	t_boot(&m, 0, false);
	KUNIT_EXPECT_EQ(test, t_boot(&m, image, true), HIBSEAL_STALE);
	/* A second image in one window cannot ride on the first one's advance. */
	KUNIT_EXPECT_EQ(test, hibseal_verdict_in_window(HIBSEAL_WINDOW_OPEN,
							HIBSEAL_COUNTER_ADVANCED, true, m.counter,
							m.counter), HIBSEAL_NOT_NOW);
}

static void t_lifecycle_blob(struct kunit *test)
{
	struct t_machine m = { .counter = 1, .epoch = 20 };
	u64 bound;

	/* A window seals with a bound of the epoch it found plus one ... */
	bound = m.epoch + 1;
	KUNIT_EXPECT_FALSE(test, hibseal_blob_expired(m.epoch, bound));
	t_boot(&m, 0, false);	/* its own close */
	/* ... so the next window can still unseal it (a resume of its image) ... */
	KUNIT_EXPECT_FALSE(test, hibseal_blob_expired(m.epoch, bound));
	t_boot(&m, 0, false);	/* that next window resumed nothing */
	/* ... and no window after that. */
	KUNIT_EXPECT_TRUE(test, hibseal_blob_expired(m.epoch, bound));
	/* A window that resumes leaves the epoch alone: a chain of resumes keeps the blob. */
	m.epoch = 20;
	t_boot(&m, 0, false);
	KUNIT_EXPECT_EQ(test, t_boot(&m, m.counter, true), HIBSEAL_FRESH);
	KUNIT_EXPECT_FALSE(test, hibseal_blob_expired(m.epoch, bound));
}

static struct kunit_case hibseal_freshness_cases[] = {
	KUNIT_CASE(t_verdict_in_window),
	KUNIT_CASE(t_verdict_pending),
	KUNIT_CASE(t_counter_steps),
	KUNIT_CASE(t_blob_expiry),
	KUNIT_CASE(t_lifecycle_image),
	KUNIT_CASE(t_lifecycle_blob),
	{}
};

static struct kunit_suite hibseal_freshness_suite = {
	.name = "hibseal_freshness",
	.test_cases = hibseal_freshness_cases,
};

kunit_test_suite(hibseal_freshness_suite);
