// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for autopm's adaptive delay: fixed idle sequences in, the
 * chosen delay out. The model is the lab's sata-link: T_BE is 20 ms.
 */
#include <kunit/test.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "autopm_delay.h"

static const struct autopm_power_model autopm_test_sata = {
	.p_on_mw = 600,
	.p_off_mw = 50,
	.t_suspend_us = 10000,
	.t_resume_us = 10000,
	.e_tr_uj = 12000,
};

#define NEVER_US	(1ULL << 31)
#define PENALTY_UJ	6000

static u64 autopm_test_feed(struct autopm_idle_hist *h, u64 gap_us, int n)
{
	while (n--)
		autopm_hist_add(h, gap_us);
	return autopm_choose_delay_us(h, &autopm_test_sata, 0, NEVER_US,
				      PENALTY_UJ);
}

static void autopm_test_break_even(struct kunit *test)
{
	struct autopm_power_model hdd = { 5000, 800, 1000000, 6000000, 60000000 };

	KUNIT_EXPECT_EQ(test, autopm_break_even_us(&autopm_test_sata), 20000);
	/* (60 J - 0.8 W * 7 s) / 4.2 W */
	KUNIT_EXPECT_EQ(test, autopm_break_even_us(&hdd), 12952380);
}

/* No history: T_BE, the 2-competitive choice. */
static void autopm_test_no_history(struct kunit *test)
{
	struct autopm_idle_hist *h = kunit_kzalloc(test, sizeof(*h), GFP_KERNEL);

	autopm_hist_init(h);
	KUNIT_EXPECT_EQ(test, autopm_test_feed(h, 0, 0), 20000);
}

/* Gaps ten times T_BE: suspend at once. */
static void autopm_test_far_above(struct kunit *test)
{
	struct autopm_idle_hist *h = kunit_kzalloc(test, sizeof(*h), GFP_KERNEL);

	autopm_hist_init(h);
	KUNIT_EXPECT_EQ(test, autopm_test_feed(h, 200000, 200), 0);
}

/* Gaps just under T_BE: a delay longer than every one of them. */
static void autopm_test_just_under(struct kunit *test)
{
	struct autopm_idle_hist *h = kunit_kzalloc(test, sizeof(*h), GFP_KERNEL);

	autopm_hist_init(h);
	KUNIT_EXPECT_GT(test, autopm_test_feed(h, 18000, 200), 18000);
}

/* Busy (10 ms gaps), then idle (200 ms gaps): adapted after one period. */
static void autopm_test_busy_to_idle(struct kunit *test)
{
	struct autopm_idle_hist *h = kunit_kzalloc(test, sizeof(*h), GFP_KERNEL);

	autopm_hist_init(h);
	KUNIT_EXPECT_GE(test, autopm_test_feed(h, 10000, 500), 20000);
	KUNIT_EXPECT_LT(test, autopm_test_feed(h, 200000, 1), 20000);
	KUNIT_EXPECT_GT(test, autopm_test_feed(h, 200000, 0), 10000);
}

/* The delay stays within the limits it is given. */
static void autopm_test_limits(struct kunit *test)
{
	struct autopm_idle_hist *h = kunit_kzalloc(test, sizeof(*h), GFP_KERNEL);

	autopm_hist_init(h);
	autopm_test_feed(h, 200000, 200);
	KUNIT_EXPECT_EQ(test, autopm_choose_delay_us(h, &autopm_test_sata, 5000,
						     NEVER_US, PENALTY_UJ), 5000);
	autopm_hist_init(h);
	autopm_test_feed(h, 18000, 200);
	KUNIT_EXPECT_EQ(test, autopm_choose_delay_us(h, &autopm_test_sata, 0,
						     15000, PENALTY_UJ), 15000);
}

/*
 * Periods of the longest length until the state repeats: one rescaling
 * cycle later every weight, sum and the pulse are what they were, so they
 * stay in range however many periods follow (2^32 and more).
 */
static void autopm_test_no_overflow(struct kunit *test)
{
	struct autopm_idle_hist *h = kunit_kzalloc(test, sizeof(*h), GFP_KERNEL);
	struct autopm_idle_hist *then = kunit_kzalloc(test, sizeof(*h), GFP_KERNEL);
	int n = 0;

	autopm_hist_init(h);
	autopm_test_feed(h, U64_MAX, 1 << 16);
	*then = *h;
	do {
		autopm_hist_add(h, U64_MAX);
		n++;
	} while (h->pulse != then->pulse && n < 4096);
	KUNIT_EXPECT_LT(test, n, 4096);
	KUNIT_EXPECT_EQ(test, memcmp(h, then, sizeof(*h)), 0);
	KUNIT_EXPECT_LT(test, h->total, 1U << 23);
	KUNIT_EXPECT_EQ(test, autopm_test_feed(h, U64_MAX, 0), 0);
}

static struct kunit_case autopm_delay_test_cases[] = {
	KUNIT_CASE(autopm_test_break_even),
	KUNIT_CASE(autopm_test_no_history),
	KUNIT_CASE(autopm_test_far_above),
	KUNIT_CASE(autopm_test_just_under),
	KUNIT_CASE(autopm_test_busy_to_idle),
	KUNIT_CASE(autopm_test_limits),
	KUNIT_CASE(autopm_test_no_overflow),
	{}
};

static struct kunit_suite autopm_delay_test_suite = {
	.name = "autopm-delay",
	.test_cases = autopm_delay_test_cases,
};

kunit_test_suites(&autopm_delay_test_suite);
