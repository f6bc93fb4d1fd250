#include <stdio.h>
#include "autopm_delay.h"
int main(void)
{
	struct autopm_power_model m = { 600, 50, 10000, 10000, 12000 };
	struct autopm_idle_hist h;
	u32 tbe = autopm_break_even_us(&m);
	int i;
	autopm_hist_init(&h);
	printf("tbe %u\n", tbe);
	for (i = 0; i < 500; i++) autopm_hist_add(&h, tbe / 2);
	printf("busy: d=%llu\n", (unsigned long long)autopm_choose_delay_us(&h, &m, 0, 1U<<31, 6000));
	for (i = 1; i <= 10; i++) { autopm_hist_add(&h, 10ULL * tbe); printf("idle %d: d=%llu\n", i, (unsigned long long)autopm_choose_delay_us(&h, &m, 0, 1U<<31, 6000)); }
	autopm_hist_init(&h);
	for (i = 0; i < 200; i++) autopm_hist_add(&h, tbe * 9ULL / 10);
	printf("just under: d=%llu\n", (unsigned long long)autopm_choose_delay_us(&h, &m, 0, 1U<<31, 6000));
	autopm_hist_init(&h);
	for (i = 0; i < 200; i++) autopm_hist_add(&h, tbe * 10ULL);
	printf("far above: d=%llu\n", (unsigned long long)autopm_choose_delay_us(&h, &m, 0, 1U<<31, 6000));
	autopm_hist_init(&h);
	for (i = 0; i < 500; i++) autopm_hist_add(&h, 10ULL * tbe);
	for (i = 1; i <= 200; i++) { autopm_hist_add(&h, tbe / 2); if (i % 20 == 0) printf("busy %d: d=%llu\n", i, (unsigned long long)autopm_choose_delay_us(&h, &m, 0, 1U<<31, 6000)); }
	return 0;
}
