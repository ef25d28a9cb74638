// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of /sys/power/hibernate_seal_resume (sysfs.c): which outcome a later one
 * replaces (a refusal is kept against a later "no image" and against later refusals; only
 * hibseal_resumed() says "resumed"), what the file shows, and that KUnit's own refusals are
 * not recorded. Pure logic, no TPM.
 *
 * Included at the end of sysfs.c.
 *
 * Copyright (C) 2026 The hibseal authors
 */

#include <kunit/test.h>

/* Each outcome's transitions; "failed" needs an image found. */
static void resume_outcome_transitions(struct kunit *test)
{
	static const struct {
		enum hibseal_resume now;
		enum hibseal_resume what;
		bool taken;
	} t[] = {
		{ HIBSEAL_RESUME_NOT_CHECKED, HIBSEAL_RESUME_NO_IMAGE, true },
		{ HIBSEAL_RESUME_NO_IMAGE, HIBSEAL_RESUME_FOUND, true },
		{ HIBSEAL_RESUME_FOUND, HIBSEAL_RESUME_REFUSED, true },
		{ HIBSEAL_RESUME_FOUND, HIBSEAL_RESUME_STALE, true },
		{ HIBSEAL_RESUME_REFUSED, HIBSEAL_RESUME_REFUSED, false },
		{ HIBSEAL_RESUME_REFUSED, HIBSEAL_RESUME_STALE, false },
		{ HIBSEAL_RESUME_STALE, HIBSEAL_RESUME_NO_IMAGE, false },
		{ HIBSEAL_RESUME_DISCARDED, HIBSEAL_RESUME_NO_IMAGE, false },
		{ HIBSEAL_RESUME_REFUSED, HIBSEAL_RESUME_FAILED, false },
		{ HIBSEAL_RESUME_FOUND, HIBSEAL_RESUME_FAILED, true },
		{ HIBSEAL_RESUME_RESTORING, HIBSEAL_RESUME_FAILED, true },
		{ HIBSEAL_RESUME_NO_IMAGE, HIBSEAL_RESUME_FAILED, false },
		{ HIBSEAL_RESUME_FOUND, HIBSEAL_RESUME_RESTORING, true },
		{ HIBSEAL_RESUME_RESTORING, HIBSEAL_RESUME_RESUMED, false },
		{ HIBSEAL_RESUME_NOT_CHECKED, HIBSEAL_RESUME_RESUMED, false },
		{ HIBSEAL_RESUME_RESUMED, HIBSEAL_RESUME_RESUMED, false },
		{ HIBSEAL_RESUME_RESUMED, HIBSEAL_RESUME_NO_IMAGE, false },
		{ HIBSEAL_RESUME_FOUND, HIBSEAL_RESUME_NO_IMAGE, false },
		{ HIBSEAL_RESUME_NO_IMAGE, HIBSEAL_RESUME_NO_IMAGE, false },
		{ HIBSEAL_RESUME_NO_IMAGE, HIBSEAL_RESUME_NOT_CHECKED, false },
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(t); i++)
		KUNIT_EXPECT_EQ_MSG(test, resume_takes(t[i].now, t[i].what), t[i].taken,
				    "%s after %s", resume_names[t[i].what], resume_names[t[i].now]);
	for (i = 0; i < HIBSEAL_NR_RESUME; i++)
		KUNIT_EXPECT_NOT_NULL_MSG(test, resume_names[i], "outcome %d has no name", i);
}

/* What sysfs shows. */
static void resume_outcome_shown(struct kunit *test)
{
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	typeof(resume_outcome) saved;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	scoped_guard(spinlock, &resume_lock)
		saved = resume_outcome;
	scoped_guard(spinlock, &resume_lock) {
		resume_outcome.what = HIBSEAL_RESUME_STALE;
		strscpy(resume_outcome.why, "written at anti-replay counter 4",
			sizeof(resume_outcome.why));
	}
	hibseal_resume_show(buf);
	KUNIT_EXPECT_STREQ(test, buf, "stale: written at anti-replay counter 4\n");
	scoped_guard(spinlock, &resume_lock) {
		resume_outcome.what = HIBSEAL_RESUME_RESUMED;
		resume_outcome.why[0] = '\0';
	}
	hibseal_resume_show(buf);
	KUNIT_EXPECT_STREQ(test, buf, "resumed\n");
	/* A restored kernel, whatever its own boot left. */
	scoped_guard(spinlock, &resume_lock) {
		resume_outcome.what = HIBSEAL_RESUME_REFUSED;
		strscpy(resume_outcome.why, "its image MAC does not match",
			sizeof(resume_outcome.why));
	}
	hibseal_resumed();
	hibseal_resume_show(buf);
	KUNIT_EXPECT_STREQ(test, buf, "resumed\n");
	/* KUnit's own refusals are not recorded. */
	scoped_guard(spinlock, &resume_lock)
		resume_outcome.what = HIBSEAL_RESUME_NO_IMAGE;
	hibseal_refused_err("staged by KUnit");
	hibseal_resume_show(buf);
	KUNIT_EXPECT_STREQ(test, buf, "no image\n");
	scoped_guard(spinlock, &resume_lock)
		resume_outcome = saved;
}

static struct kunit_case hibseal_resume_cases[] = {
	KUNIT_CASE(resume_outcome_transitions),
	KUNIT_CASE(resume_outcome_shown),
	{}
};

static struct kunit_suite hibseal_resume_suite = {
	.name = "hibseal_resume",
	.test_cases = hibseal_resume_cases,
};

kunit_test_suite(hibseal_resume_suite);
