/* SPDX-License-Identifier: GPL-2.0 */
/*
 * autopm's adaptive autosuspend delay: the decision code, shared with the
 * policy lab in tools (it is compiled there through thin shims), so it uses
 * basic types only.
 */
#ifndef _AUTOPM_DELAY_H
#define _AUTOPM_DELAY_H

#include <linux/types.h>

/*
 * Idle lengths are kept in half-octave bins of microseconds: bin 0 holds
 * periods under 128 us (too short for any device to suspend and resume in),
 * then two bins for each power of two up to 2^30 us (18 minutes); the last
 * bin holds everything longer.
 */
#define AUTOPM_IDLE_MIN_SHIFT	7
#define AUTOPM_IDLE_MAX_SHIFT	30
#define AUTOPM_IDLE_BINS	(2 + 2 * (AUTOPM_IDLE_MAX_SHIFT - AUTOPM_IDLE_MIN_SHIFT))

/**
 * struct autopm_power_model - What a device costs on, off and in between.
 * @p_on_mw: Power while active and idle, in mW.
 * @p_off_mw: Power while runtime-suspended, in mW.
 * @t_suspend_us: How long a runtime suspend takes.
 * @t_resume_us: How long a runtime resume takes.
 * @e_tr_uj: Energy of one suspend and resume, in uJ, beyond what the device
 *	would have drawn staying on.
 */
struct autopm_power_model {
	u32 p_on_mw;
	u32 p_off_mw;
	u32 t_suspend_us;
	u32 t_resume_us;
	u32 e_tr_uj;
};

/**
 * struct autopm_idle_hist - A device's decaying histogram of idle lengths.
 * @weight: Each bin's weight; the older a period, the less it weighs.
 * @total: The sum of the weights.
 * @length: The sum of each bin's weight times its middle, in 64 us units.
 * @pulse: What the next period adds to its bin: it grows instead of every
 *	bin decaying, and all are scaled down together when it gets large.
 */
struct autopm_idle_hist {
	u32 weight[AUTOPM_IDLE_BINS];
	u32 total;
	u64 length;
	u32 pulse;
};

u32 autopm_break_even_us(const struct autopm_power_model *m);
void autopm_hist_init(struct autopm_idle_hist *h);
void autopm_hist_add(struct autopm_idle_hist *h, u64 idle_us);
u64 autopm_choose_delay_us(const struct autopm_idle_hist *h,
			   const struct autopm_power_model *m,
			   u64 min_us, u64 max_us, u32 penalty_uj);

#endif
