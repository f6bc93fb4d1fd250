// SPDX-License-Identifier: GPL-2.0
/*
 * autopm_delay: choose a device's autosuspend delay from its idle history
 *
 * The same file is built into the kernel and into the policy lab in the
 * autopm repository (through thin shims, as tools/testing/radix-tree
 * builds the radix tree): it uses basic types only.
 */
#include <linux/bitops.h>
#include <linux/limits.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/types.h>

#include "autopm_delay.h"

/**
 * DOC: autopm-delay
 *
 * Staying on through an idle period of length g costs P_on * g.  Suspending
 * after a delay d < g costs P_on * d, the transition energy E_tr, and
 * P_off for the time left once the suspend and the resume are done:
 * P_off * max(0, g - d - t_suspend - t_resume).  A demand resume also makes
 * a request wait; it is charged a penalty.  The break-even time T_BE is the
 * idle length at which suspending at once costs what staying on does; a
 * delay of T_BE is 2-competitive, the best a policy with no history can do.
 *
 * autopm keeps, per device, a histogram of its idle lengths in half-octave
 * bins, in which each period weighs 1/256 less than the one after it (a
 * half-life of 177 periods; cpuidle's teo governor decays its bins the
 * same way, by a shift), and chooses the delay that minimises the expected
 * cost over that histogram:
 *
 * 1. Each bin stands for the idle length at its middle.
 * 2. The candidate delays are 0 and the upper edge of each bin, within the
 *    device's minimum and maximum delay.
 * 3. For each candidate, the bins at or below it cost P_on * g; those above
 *    cost P_on * d + E_tr + penalty + P_off * max(0, g - d - t_suspend -
 *    t_resume).  Sums over the bins above the candidate are kept as the
 *    candidates grow, so all of them cost one pass over the bins.
 * 4. The cheapest candidate wins, and "never suspend" (the largest delay)
 *    when none is cheaper than staying on.  Ties go to the shorter delay.
 *    A candidate that no period seen outlasted is raised to T_BE: for the
 *    first period that does, T_BE is the safe choice.  With no history,
 *    the delay is T_BE.
 *
 * Times are in microseconds, powers in mW and energies in uJ, in integer
 * arithmetic that cannot overflow: periods of 2^30 us (18 minutes) and
 * more count as 2^30 us.
 */

/*
 * Each period weighs 1/256 less than the next: a half-life of 177 periods,
 * so that a burst of short periods does not wipe out the rare long ones
 * that decide whether suspending pays (the lab's traces showed 1/16 did).
 */
#define AUTOPM_DECAY_SHIFT	8
/*
 * The pulse grows by 1/256 a period instead of every bin shrinking; from
 * 2^10 to 2^14 (710 periods) every bin is scaled down by 2^4 at once.
 * Weights stay below 2^24 and bin lengths below 2^31 us, so a weighted
 * energy sum fits in 64 bits for P_on up to 8 W.
 */
#define AUTOPM_PULSE_MIN	(1U << 10)
#define AUTOPM_PULSE_MAX	(1U << 14)
#define AUTOPM_PULSE_RESCALE	4

/**
 * autopm_break_even_us - The idle length at which suspending pays off.
 * @m: The device's power model.
 *
 * Return: T_BE in us: the g at which E_tr + P_off * (g - t_suspend -
 * t_resume) equals P_on * g, or E_tr / P_on if that is shorter than the
 * round trip; U32_MAX if suspending never pays off.
 */
u32 autopm_break_even_us(const struct autopm_power_model *m)
{
	u64 round_trip = (u64)m->t_suspend_us + m->t_resume_us;
	u64 e_tr_nj = (u64)m->e_tr_uj * 1000;
	u64 off_nj = (u64)m->p_off_mw * round_trip;
	u64 t;

	if (m->p_on_mw <= m->p_off_mw)
		return U32_MAX;
	if (e_tr_nj <= (u64)m->p_on_mw * round_trip)
		return div_u64(e_tr_nj, m->p_on_mw);
	t = div_u64(e_tr_nj - min(off_nj, e_tr_nj), m->p_on_mw - m->p_off_mw);
	return t < U32_MAX ? t : U32_MAX;
}

static unsigned int autopm_idle_bin(u64 us)
{
	unsigned int k;

	if (us < (1U << AUTOPM_IDLE_MIN_SHIFT))
		return 0;
	if (us >> AUTOPM_IDLE_MAX_SHIFT)
		return AUTOPM_IDLE_BINS - 1;
	k = fls((u32)us) - 1;
	return 1 + 2 * (k - AUTOPM_IDLE_MIN_SHIFT) + ((us >> (k - 1)) & 1);
}

/*
 * Lengths in the sums are in units of 64 us, so that an energy is P in mW
 * times a length: 64 nJ units, with a shift instead of a division. Bins
 * reach 1.25 * 2^30 us (2^24 units), the weights of a histogram add up to
 * less than 2^23, and P_on is at most 8 W: sums fit in 64 bits.
 */
#define AUTOPM_UNIT_SHIFT	6

/*
 * Each bin's middle in 64 us units, and its upper edge in us: bin 0 is
 * [0, 128) us, then octave k has [2^k, 1.5 * 2^k) and [1.5 * 2^k, 2^(k+1)),
 * whose middles are 1.25 * 2^k and 1.75 * 2^k.
 */
#define AUTOPM_MID(k, half)	(((5ULL + 2 * (half)) << (k)) >> (2 + AUTOPM_UNIT_SHIFT))
#define AUTOPM_HIGH(k, half)	(((3U + (half)) << (k)) >> 1)

static const u32 autopm_bin_mid[AUTOPM_IDLE_BINS] = {
	1,
	AUTOPM_MID(7, 0), AUTOPM_MID(7, 1),
	AUTOPM_MID(8, 0), AUTOPM_MID(8, 1),
	AUTOPM_MID(9, 0), AUTOPM_MID(9, 1),
	AUTOPM_MID(10, 0), AUTOPM_MID(10, 1),
	AUTOPM_MID(11, 0), AUTOPM_MID(11, 1),
	AUTOPM_MID(12, 0), AUTOPM_MID(12, 1),
	AUTOPM_MID(13, 0), AUTOPM_MID(13, 1),
	AUTOPM_MID(14, 0), AUTOPM_MID(14, 1),
	AUTOPM_MID(15, 0), AUTOPM_MID(15, 1),
	AUTOPM_MID(16, 0), AUTOPM_MID(16, 1),
	AUTOPM_MID(17, 0), AUTOPM_MID(17, 1),
	AUTOPM_MID(18, 0), AUTOPM_MID(18, 1),
	AUTOPM_MID(19, 0), AUTOPM_MID(19, 1),
	AUTOPM_MID(20, 0), AUTOPM_MID(20, 1),
	AUTOPM_MID(21, 0), AUTOPM_MID(21, 1),
	AUTOPM_MID(22, 0), AUTOPM_MID(22, 1),
	AUTOPM_MID(23, 0), AUTOPM_MID(23, 1),
	AUTOPM_MID(24, 0), AUTOPM_MID(24, 1),
	AUTOPM_MID(25, 0), AUTOPM_MID(25, 1),
	AUTOPM_MID(26, 0), AUTOPM_MID(26, 1),
	AUTOPM_MID(27, 0), AUTOPM_MID(27, 1),
	AUTOPM_MID(28, 0), AUTOPM_MID(28, 1),
	AUTOPM_MID(29, 0), AUTOPM_MID(29, 1),
	AUTOPM_MID(30, 0),
};

/* The last bin has no upper edge: a delay that long is "never". */
static const u32 autopm_bin_high_us[AUTOPM_IDLE_BINS - 1] = {
	128,
	AUTOPM_HIGH(7, 0), AUTOPM_HIGH(7, 1),
	AUTOPM_HIGH(8, 0), AUTOPM_HIGH(8, 1),
	AUTOPM_HIGH(9, 0), AUTOPM_HIGH(9, 1),
	AUTOPM_HIGH(10, 0), AUTOPM_HIGH(10, 1),
	AUTOPM_HIGH(11, 0), AUTOPM_HIGH(11, 1),
	AUTOPM_HIGH(12, 0), AUTOPM_HIGH(12, 1),
	AUTOPM_HIGH(13, 0), AUTOPM_HIGH(13, 1),
	AUTOPM_HIGH(14, 0), AUTOPM_HIGH(14, 1),
	AUTOPM_HIGH(15, 0), AUTOPM_HIGH(15, 1),
	AUTOPM_HIGH(16, 0), AUTOPM_HIGH(16, 1),
	AUTOPM_HIGH(17, 0), AUTOPM_HIGH(17, 1),
	AUTOPM_HIGH(18, 0), AUTOPM_HIGH(18, 1),
	AUTOPM_HIGH(19, 0), AUTOPM_HIGH(19, 1),
	AUTOPM_HIGH(20, 0), AUTOPM_HIGH(20, 1),
	AUTOPM_HIGH(21, 0), AUTOPM_HIGH(21, 1),
	AUTOPM_HIGH(22, 0), AUTOPM_HIGH(22, 1),
	AUTOPM_HIGH(23, 0), AUTOPM_HIGH(23, 1),
	AUTOPM_HIGH(24, 0), AUTOPM_HIGH(24, 1),
	AUTOPM_HIGH(25, 0), AUTOPM_HIGH(25, 1),
	AUTOPM_HIGH(26, 0), AUTOPM_HIGH(26, 1),
	AUTOPM_HIGH(27, 0), AUTOPM_HIGH(27, 1),
	AUTOPM_HIGH(28, 0), AUTOPM_HIGH(28, 1),
	AUTOPM_HIGH(29, 0), AUTOPM_HIGH(29, 1),
};

/**
 * autopm_hist_init - Empty a histogram.
 * @h: The histogram.
 */
void autopm_hist_init(struct autopm_idle_hist *h)
{
	unsigned int b;

	for (b = 0; b < AUTOPM_IDLE_BINS; b++)
		h->weight[b] = 0;
	h->length = 0;
	h->total = 0;
	h->pulse = AUTOPM_PULSE_MIN;
}

/**
 * autopm_hist_add - Add an idle period to a device's history.
 * @h: The device's histogram.
 * @idle_us: The period's length.
 *
 * O(1) but once every 114 periods, when every bin is scaled down.
 */
void autopm_hist_add(struct autopm_idle_hist *h, u64 idle_us)
{
	unsigned int bin = autopm_idle_bin(idle_us);
	unsigned int b;

	h->weight[bin] += h->pulse;
	h->total += h->pulse;
	h->length += (u64)h->pulse * autopm_bin_mid[bin];
	h->pulse += h->pulse >> AUTOPM_DECAY_SHIFT;
	if (h->pulse < AUTOPM_PULSE_MAX)
		return;
	h->length = 0;
	h->total = 0;
	for (b = 0; b < AUTOPM_IDLE_BINS; b++) {
		h->weight[b] >>= AUTOPM_PULSE_RESCALE;
		h->total += h->weight[b];
		h->length += (u64)h->weight[b] * autopm_bin_mid[b];
	}
	h->pulse >>= AUTOPM_PULSE_RESCALE;
}

/**
 * autopm_choose_delay_us - The delay that minimises the expected cost.
 * @h: The device's histogram.
 * @m: The device's power model.
 * @min_us: The shortest delay allowed.
 * @max_us: The longest; it also stands for "never suspend".
 * @penalty_uj: What a request that waits for a resume costs, in uJ.
 *
 * See the autopm-delay DOC block.
 *
 * Return: the delay in us, within [@min_us, @max_us].
 */
u64 autopm_choose_delay_us(const struct autopm_idle_hist *h,
			   const struct autopm_power_model *m,
			   u64 min_us, u64 max_us, u32 penalty_uj)
{
	u64 round_trip = (u64)m->t_suspend_us + m->t_resume_us;
	u64 t_be = autopm_break_even_us(m);
	/* E_tr and the penalty in 64 nJ units: uJ * 1000 / 64. */
	u64 per_suspend = ((u64)m->e_tr_uj + penalty_uj) * 125 / 8;
	u64 above_w = h->total, below_len = 0, tail_len = h->length;
	u64 tail_w = h->total, best_cost = U64_MAX, best = max_us, d = 0;
	unsigned int c, t = 0;

	if (!above_w)
		return clamp_val(t_be, min_us, max_us);
	for (c = 0; ; c++) {
		/* The candidate, raised to the shortest delay allowed. */
		u64 e = max(d, min_us), cost;

		if (e > max_us)
			break;
		/* Drop the bins whose periods end before e and the round trip. */
		while (t < AUTOPM_IDLE_BINS &&
		       autopm_bin_mid[t] < (e + round_trip) >> AUTOPM_UNIT_SHIFT) {
			tail_w -= h->weight[t];
			tail_len -= (u64)h->weight[t] * autopm_bin_mid[t];
			t++;
		}
		cost = m->p_on_mw * below_len +
		       above_w * (m->p_on_mw * (e >> AUTOPM_UNIT_SHIFT) + per_suspend) +
		       m->p_off_mw * (tail_len - tail_w * ((e + round_trip) >> AUTOPM_UNIT_SHIFT));
		if (cost < best_cost) {
			best_cost = cost;
			/*
			 * No period seen outlasted e: for one that does, T_BE
			 * is the 2-competitive choice.
			 */
			best = above_w ? e : max(e, t_be);
		}
		/*
		 * No period seen outlasts d: longer candidates only cost more.
		 * The last bin's upper edge would be "never".
		 */
		if (!above_w || c == AUTOPM_IDLE_BINS - 1)
			break;
		/* Next candidate: this bin's upper edge; its periods stay on. */
		below_len += (u64)h->weight[c] * autopm_bin_mid[c];
		above_w -= h->weight[c];
		d = autopm_bin_high_us[c];
	}
	if (best_cost > m->p_on_mw * h->length)
		return max_us;
	return clamp_val(best, min_us, max_us);
}
