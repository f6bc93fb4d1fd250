# autopm: an idle-detection governor for runtime PM, as a patch series
# against Debian's linux-source-6.1 and linux-source-6.12, built and tested
# booted in QEMU.
#
#   make run    install what is missing, build, boot the default machine and
#               show what the governor did
#   make test   the same, then every test, on both kernels; the last line
#               is "N passed, N failed"
#
# KERNEL_SERIES=6.12 picks the kernel (default 6.1): its series is
# patches/$(KERNEL_SERIES)/, its builds are under build/$(KERNEL_SERIES)/.
# Given on the command line, `make test` tests that kernel only.
#
# The work loop on a series: make tree; commit in its tree; make export;
# commit here. Everything is built under build/ (git-ignored); stamp files
# there keep finished stages from being redone.

SERIES_ALL := 6.1 6.12
KERNEL_SERIES ?= 6.1
KS       := $(KERNEL_SERIES)
ifeq ($(filter $(KS),$(SERIES_ALL)),)
$(error KERNEL_SERIES=$(KS) is not a series in patches/: use one of $(SERIES_ALL))
endif
ifneq ($(filter command line environment,$(origin KERNEL_SERIES)),)
TEST_SERIES := $(KS)
else
TEST_SERIES := $(SERIES_ALL)
endif
# The debug kernel (qemu-configs/debug/) is built for 6.1 only: it is the
# longest build, and its scenarios test autopm, not the kernel.
DEBUG_SERIES := 6.1
WITH_DEBUG := $(filter $(KS),$(DEBUG_SERIES))

BUILD    := build
B        := $(BUILD)/$(KS)
TREE     := $(B)/linux
KOUT     := $(B)/kernel
KERNEL   := $(B)/bzImage
STOCK    := $(B)/bzImage-stock
DEBUG    := $(B)/bzImage-debug
KOUT_DBG := $(B)/kernel-debug
# The series' decision code built in user space (policy/replay.c), for the
# learn scenario's report.
REPLAY   := $(B)/learn/replay
INITRD   := $(BUILD)/initramfs.cpio.gz
PATCHES  := patches/$(KS)
SCRIPTS  := test-scripts
FRAGS    := $(wildcard qemu-configs/*.config)
DBG_FRAGS := $(FRAGS) qemu-configs/debug/debug.config
SERIES   := $(PATCHES)/series $(shell sed -n '/^[^\#]/s|^|$(PATCHES)/|p' $(PATCHES)/series)
GUEST    := $(wildcard $(SCRIPTS)/guest/*)
BOOT_ARGS ?=
# The boot scripts keep logs and tables under BUILD=$(B), and read the
# disk images, shared by both kernels, from IMAGES.
RUN_ENV  := BUILD=$(B) IMAGES=$(BUILD)

# A kernel build gets its own -j$(nproc), with MAKEFLAGS cleared: under the
# parallel `make test` it would otherwise join the parent's jobserver, whose
# two slots the boot tests hold, and run one job at a time. Niced, as the
# build after each patch and the Debian kernel are: a guest's emulated
# CPU waits for none of them, so that its timings (and time limits) hold,
# and the builds take what the guests leave.
KMAKE    = env -u MAKEFLAGS -u MFLAGS $(BUILD_LOCK) nice -n 10 $(MAKE) -s -j$(shell nproc)
# One kernel build at a time, each with every core: three builds of -j2
# side by side took about a third more CPU time an object (0.7 s against
# 0.53 s alone), and it was CPU time make test ran out of.
BUILD_LOCK = flock $(abspath $(BUILD))/build.lock
# The build after each patch, which only checks, first waits for the
# kernels the boots wait for: each pair in FIRST_KERNELS is a kernel and
# the marker its series' part leaves when it ends, built or not. make test
# sets it.
FIRST_KERNELS ?=
# The debug kernel waits for the release kernels (RELEASE_KERNELS, the same
# pairs): 6.12's, built after it and beside its guests (they take more
# than a core), was ready 26 minutes after it asked, and the walks and
# 6.12's boots waited for it.
RELEASE_KERNELS ?=
wait_for = @for k in $(1); do \
	while [ ! -e "$${k%%:*}" ] && [ ! -e "$${k\#*:}" ]; do sleep 5; done; done
wait_first = $(call wait_for,$(FIRST_KERNELS))

# Print "==> NAME" when a stage starts and "==> NAME: done (Ns; ...)" when
# it ends, next to its budget, KEY's line in test-scripts/budgets (what it
# may take on a fresh 2-core machine, so that make test fits in an hour).
# With the CPU time the stage's processes took (the shell's times).
# $(call stage,NAME,COMMAND,KEY)
stage = @t0=$$(date +%s); echo "==> $(1)"; $(2) && cpu=$$(mktemp) && times > $$cpu && \
	$(SCRIPTS)/budget.sh done $(3) $$t0 "$(1)" $$cpu

.PHONY: all run test series-test deps tree kernel debug initramfs export results latency-report latency-bench policy-bench learn-report power-report debian-test debian-stock debian-src deb clean
all: run

deps: $(BUILD)/deps.stamp
tree: $(B)/tree.stamp
kernel: $(KERNEL)
debug: $(DEBUG)
initramfs: $(INITRD)

# Boot the default machine (autopm at its default, no userspace input) and
# print every device with runtime PM after 10 s idle.
run: $(KERNEL) $(INITRD)
	$(call stage,boot the default machine ($(KS)),$(RUN_ENV) $(SCRIPTS)/boot.sh run $(KERNEL) $(INITRD) 180 $(BOOT_ARGS),run)
	@sed -i 's/\r$$//' $(B)/logs/run.tap
	@sed -n 's/^#| //p' $(B)/logs/run.tap | tee $(B)/run-table.txt
	@sed -n 's/^# //p' $(B)/logs/run.tap

# The Debian guest (Documentation/distro.md): bookworm with systemd and udev
# (mmdebstrap through apt, cached in $(BUILD)/debian/ for both series) on the
# default machine. It boots Debian's own stock kernel of the series (the
# linux-image package built from the same linux-source, installed in the
# guest root, never on the host): the baseline; then the patched kernel
# from Debian's config, trimmed to the modules the stock boot loaded, as
# the .deb that bindeb-pkg makes, installed in a copy of the root by dpkg.
# `make debian-test` runs it all, for any series; `make test` runs the
# stock boot of DEBIAN_SERIES (`make debian-stock`), next to both series'
# parts: the package's build (about 3000 objects, twice a test kernel's)
# kept make test past CI's 90 minutes.
DEBIAN_SERIES := 6.1
WITH_DEBIAN := $(filter $(KS),$(DEBIAN_SERIES))
DEBIAN_TEST := $(filter $(DEBIAN_SERIES),$(TEST_SERIES))
DEB_LOGS := $(BUILD)/$(DEBIAN_TEST)/debian/logs
DEB      := $(B)/debian
DEB_ENV  := BUILD=$(DEB) IMAGES=$(BUILD) DEBIAN_CACHE=$(BUILD)/debian
DEB_PKG   = $$($(SCRIPTS)/debian-kernel-pkg.sh $(KS))
DEB_EXTRA := $(BUILD)/sata.img.md5 $(BUILD)/usb.img.md5
debian-test: $(DEB)/logs/patched.done
	@cat $(DEB)/logs/host-debian-*.tap
debian-stock: $(DEB)/logs/stock.done
debian-src: $(DEB)/src.stamp

$(DEB)/root.img: $(BUILD)/deps.stamp $(SCRIPTS)/debian-root.sh $(SCRIPTS)/debian/autopm-test.service $(GUEST) $(BUILD)/sata.img $(BUILD)/hdd.img $(BUILD)/usb.img
	@DEPS="mmdebstrap e2fsprogs" $(SCRIPTS)/deps.sh
	$(call stage,Debian guest root with Debian's stock kernel ($(KS)),$(DEB_ENV) $(SCRIPTS)/debian-root.sh $(DEB) $(DEB_PKG) $(SCRIPTS)/guest $(DEB_EXTRA),debian-root)

# The modules Debian's stock kernel loads on the default machine are what
# localmodconfig keeps. qemu-configs/debian-KS.modules lists them, so that
# the package builds from make test's start instead of after the Debian
# root and the stock boot (a quarter of an hour on a fresh machine); the
# stock boot checks the list: a module it loaded that the list lacks
# fails. A series without the list takes the stock boot's, rewritten only
# when it changes, so that a second make test does not rebuild the package.
DEB_MODULES := $(or $(wildcard qemu-configs/debian-$(KS).modules),$(DEB)/modules)
$(DEB)/logs/stock.done: $(DEB)/root.img
	$(call stage,boot tests: Debian's stock kernel ($(KS)),$(DEB_ENV) DEBIAN_IMG=$(DEB)/root.img $(SCRIPTS)/debian-tests.sh stock $(DEB)/stock-vmlinuz $(DEB)/stock-initrd,debian-stock)
	@grep '^#lsmod ' $(DEB)/logs/debian@stock.tap | LC_ALL=C sort > $(DEB)/modules.tmp
	@cmp -s $(DEB)/modules.tmp $(DEB)/modules || mv $(DEB)/modules.tmp $(DEB)/modules
	@missing=$$(LC_ALL=C comm -23 $(DEB)/modules $(DEB_MODULES) | sed 's/^#lsmod //' | tr '\n' ' '); \
	if [ -z "$$missing" ]; then echo "ok 1 the package keeps every module the stock boot loaded ($(DEB_MODULES))"; \
	else echo "not ok 1 the stock boot loaded modules $(DEB_MODULES) lacks: $$missing(add them)"; fi \
		> $(DEB)/logs/host-debian-modules.tap
	@touch $@
$(DEB)/modules: $(DEB)/logs/stock.done

# The source the Debian kernel builds from: the series' top, copied before
# the build after each patch checks out older commits in $(TREE).
$(DEB)/src.stamp: $(B)/tree.stamp
	@DEPS=rsync $(SCRIPTS)/deps.sh
	@mkdir -p $(DEB)/src
	@rsync -a --delete --exclude=/.git $(TREE)/ $(DEB)/src/
	@touch $@

# What bindeb-pkg needs: dpkg-buildpackage runs under fakeroot
# (scripts/Makefile.package), which dpkg-dev only recommends; from 6.3 on
# the kernel's debian/rules is built on debhelper (debhelper-compat 12).
DEB_BUILD_DEPS := linux-config-$(KS) dpkg-dev fakeroot rsync kmod $(if $(filter 6.1,$(KS)),,debhelper)

# Niced and one at a time, as every kernel build is (KMAKE).
$(DEB)/kernel.stamp: $(DEB)/src.stamp $(DEB_MODULES) $(SCRIPTS)/debian-kernel.sh
	@DEPS="$(DEB_BUILD_DEPS)" $(SCRIPTS)/deps.sh
	$(call stage,the patched kernel from Debian's config as packages ($(KS)),$(BUILD_LOCK) nice -n 10 $(SCRIPTS)/debian-kernel.sh $(KS) $(DEB)/src $(DEB)/kernel $(DEB_MODULES),debian-kernel)
	@touch $@

$(DEB)/on/root.img: $(DEB)/kernel.stamp $(DEB)/root.img
	$(call stage,Debian guest root with the patched package ($(KS)),$(DEB_ENV) KERNEL_DEB=$$(ls $(DEB)/kernel/linux-image-*autopm*.deb) $(SCRIPTS)/debian-root.sh $(DEB)/on $(DEB_PKG) $(SCRIPTS)/guest $(DEB_EXTRA),debian-root-on)

$(DEB)/logs/patched.done: $(DEB)/on/root.img $(DEB)/logs/stock.done
	$(call stage,boot tests: the patched Debian kernel ($(KS)),$(DEB_ENV) DEBIAN_IMG=$(DEB)/on/root.img $(SCRIPTS)/debian-tests.sh patched $(DEB)/on/deb-vmlinuz $(DEB)/on/deb-initrd,debian-patched)
	@touch $@

# For a power tester's machine: the same package from Debian's full
# config (hours on two cores), in $(BUILD)/deb/$(KS)/.
deb: $(DEB)/src.stamp
	@DEPS="$(DEB_BUILD_DEPS)" $(SCRIPTS)/deps.sh
	$(call stage,the patched kernel from Debian's full config as packages ($(KS)),$(SCRIPTS)/debian-kernel.sh $(KS) $(DEB)/src $(BUILD)/deb/$(KS),deb)

# The latency scenario on the default machine: perf and trace-cmd record
# the autopm and rpm events in the guest around reads with short and long
# gaps; print autopm's per-device report from them (Documentation/perf.md).
latency-report: $(KERNEL) $(INITRD)
	$(call stage,boot the latency scenario ($(KS)),$(RUN_ENV) $(SCRIPTS)/boot.sh latency $(KERNEL) $(INITRD) 300 autopm.learn=0 $(BOOT_ARGS),latency-report)
	@sed -i 's/\r$$//' $(B)/logs/latency.tap
	@grep '^\(not \)\?ok ' $(B)/logs/latency.tap
	@$(SCRIPTS)/latency-report.sh $(B)/logs/latency.tap $(B)/latency
	@cat $(B)/latency/report.txt
	@echo "==> perf.data, trace.dat and report.txt are in $(B)/latency/"

# The policy lab (policy/): autopm's decision code from the patched tree
# replayed on the real traces that ship in policy/traces and on seeded
# synthetic ones, next to the baselines and the oracle; tables and plots
# under build/policy. TRACES="a.trace b.trace.xz" replays those instead.
policy-bench: $(B)/tree.stamp
	$(call stage,policy lab ($(KS)),$(MAKE) --no-print-directory -C policy bench KDIR=$(abspath $(TREE))/drivers/base/power OUT=$(abspath $(BUILD))/policy $(if $(TRACES),TRACES="$(abspath $(TRACES))"),policy-bench)

# The learn scenario: the USB stick's disk read with gaps far above and
# before the delay it learned plus T_BE; the lab replays what the kernel saw.
learn-report: $(KERNEL) $(INITRD) $(REPLAY)
	$(call stage,boot the learn scenario ($(KS)),$(RUN_ENV) $(SCRIPTS)/boot.sh learn $(KERNEL) $(INITRD) 180 autopm.aggressive=1 $(BOOT_ARGS),learn-report)
	@sed -i 's/\r$$//' $(B)/logs/learn.tap
	@grep '^\(not \)\?ok ' $(B)/logs/learn.tap
	@$(SCRIPTS)/learn-report.sh $(B)/logs/learn.tap $(REPLAY) $(B)/learn
	@cat $(B)/learn/replay.txt

# The power report (Documentation/power-testing.md): the default machine in
# three scenarios (idle; a read every 5 s on the USB stick; bursts on the
# SATA disk), each under stock (autopm off), autopm and powertop --auto-tune
# for POWER_WINDOW s, then in a boot of its own under autopm with powertop
# on top; tables, samples and plots under build/reports/KS/.
POWER_SCENARIOS := idle usb5s ssdburst
POWER_WINDOW ?= 60
power-report: $(KERNEL) $(INITRD)
	@for s in $(POWER_SCENARIOS); do \
		echo "==> boot the power scenario $$s ($(KS)): 4 policies in 2 boots, $(POWER_WINDOW) s each"; \
		for p in each both; do \
			$(RUN_ENV) $(SCRIPTS)/boot.sh power@$$s+$$p $(KERNEL) $(INITRD) $$(($(POWER_WINDOW) * 4 + 300)) \
				autopm_power=$$s autopm_window=$(POWER_WINDOW) autopm_policies=$$p $(BOOT_ARGS) || exit 1; \
			sed -i 's/\r$$//' $(B)/logs/power@$$s+$$p.tap; \
			grep '^not ok ' $(B)/logs/power@$$s+$$p.tap || true; \
		done; \
	done
	@$(SCRIPTS)/power-report.py $(BUILD)/reports/$(KS) $(foreach s,$(POWER_SCENARIOS),$(B)/logs/power@$(s)+each.tap $(B)/logs/power@$(s)+both.tap) \
		| sed -n 's/^# //p'
	@echo "==> tables, samples and plots are in $(BUILD)/reports/$(KS)/"

# Benchmark: guest I/O throughput with autopm on (tracking) and off, in
# alternating rounds of one boot; prints the ratio (goal: at least 0.99).
latency-bench: $(KERNEL) $(INITRD)
	$(call stage,boot the tracking benchmark ($(KS)),$(RUN_ENV) $(SCRIPTS)/boot.sh bench $(KERNEL) $(INITRD) 600 $(BOOT_ARGS),latency-bench)
	@sed -n 's/^# bench: /bench: /p' $(B)/logs/bench.tap | tr -d '\r'

# Everything, for each kernel of TEST_SERIES: the series checks, the stock
# and patched boots; the kernels' parts side by side (the first's lines
# as they come, the others' start "6.12: "), and the Debian guest's stock
# boot of DEBIAN_SERIES beside them (its lines start "debian: "; what all
# build from, the first kernel and the disk images, is made first); then
# the host-side checks (the pipeline's self-tests, the two series against
# each other) and the summary. Side by side, because a boot mostly waits
# in its guest: 6.1's boots took less than half a core over thirteen
# minutes, and 6.12's waited for all of 6.1's part before.
# A kernel whose part stops early has no logs/, which the summary counts as
# a failure; the other kernel is still tested.
# The kernels the boots wait for, built first: each series' release kernel
# and the debug kernel (FIRST_KERNELS above).
RELEASE := $(foreach ks,$(TEST_SERIES),$(BUILD)/$(ks)/bzImage:$(BUILD)/$(ks)/part.end)
FIRST := $(RELEASE) \
	$(foreach ks,$(filter $(DEBUG_SERIES),$(TEST_SERIES)),$(BUILD)/$(ks)/bzImage-debug:$(BUILD)/$(ks)/part.end)
test: $(BUILD)/deps.stamp
	@rm -rf $(BUILD)/summary.txt $(BUILD)/host $(foreach ks,$(TEST_SERIES),$(BUILD)/$(ks)/logs $(BUILD)/$(ks)/debian/logs $(BUILD)/$(ks)/part.end)
	@$(SCRIPTS)/budget.sh plan; $(SCRIPTS)/budget.sh start > $(BUILD)/test.start
	@$(MAKE) --no-print-directory KERNEL_SERIES=$(firstword $(TEST_SERIES)) $(INITRD) kernel \
		$(if $(DEBIAN_TEST),debian-src) || true
	@$(if $(DEBIAN_TEST),{ $(MAKE) --no-print-directory -j2 KERNEL_SERIES=$(DEBIAN_TEST) debian-stock || \
		{ mkdir -p $(DEB_LOGS); echo "not ok 1 the Debian guest's part stopped early" > $(DEB_LOGS)/host-debian-stopped.tap; }; \
		} 2>&1 | sed -u 's/^/debian: /' & debian=$$!;) \
	others=; for ks in $(wordlist 2,9,$(TEST_SERIES)); do \
		{ $(MAKE) --no-print-directory KERNEL_SERIES=$$ks FIRST_KERNELS="$(FIRST)" RELEASE_KERNELS="$(RELEASE)" series-test || rm -rf $(BUILD)/$$ks/logs; \
		mkdir -p $(BUILD)/$$ks; touch $(BUILD)/$$ks/part.end; } 2>&1 | sed -u "s/^/$$ks: /" & others="$$others $$!"; done; \
	$(MAKE) --no-print-directory KERNEL_SERIES=$(firstword $(TEST_SERIES)) FIRST_KERNELS="$(FIRST)" RELEASE_KERNELS="$(RELEASE)" series-test || \
		rm -rf $(BUILD)/$(firstword $(TEST_SERIES))/logs; \
	mkdir -p $(BUILD)/$(firstword $(TEST_SERIES)); touch $(BUILD)/$(firstword $(TEST_SERIES))/part.end; \
	for p in $$others; do wait $$p; done; \
	$(if $(DEBIAN_TEST),wait $$debian;) true
	@mkdir -p $(BUILD)/host/logs
	$(call stage,pipeline self-tests,$(SCRIPTS)/selftest.sh $(TREE) > $(BUILD)/host/logs/selftest.tap,selftest)
	$(call stage,policy lab: the issue's bounds on every trace and model,$(MAKE) --no-print-directory -s -C policy check KDIR=$(abspath $(TREE))/drivers/base/power OUT=$(abspath $(BUILD))/policy > $(BUILD)/host/logs/policy.tap || true,policy-check)
	$(call stage,policy lab: from a copy of the repository alone,$(SCRIPTS)/lab-from-clone.sh $(TREE)/drivers/base/power > $(BUILD)/host/logs/lab-clone.tap || true,lab-clone)
	$(call stage,policy lab: instructions a call (callgrind),$(MAKE) --no-print-directory -s -C policy cost KDIR=$(abspath $(TREE))/drivers/base/power OUT=$(abspath $(BUILD))/policy > $(BUILD)/host/logs/cost.tap || true,lab-cost)
	$(if $(filter-out $(TEST_SERIES),$(SERIES_ALL)),,$(call stage,the two series against each other,$(SCRIPTS)/cross-series.py patches $(BUILD) > $(BUILD)/host/logs/cross.tap,cross-series))
	$(call stage,the documents cite patches by subject,$(SCRIPTS)/check-citations.py patches README.md Documentation/*.md \
		> $(BUILD)/host/logs/citations.tap || echo "not ok 1 citations: no check" > $(BUILD)/host/logs/citations.tap,citations)
	$(call stage,perf.md's table of events against the trace header,for ks in $(TEST_SERIES); do \
		$(SCRIPTS)/check-trace-doc.py $(BUILD)/$$ks/linux/drivers/base/power/autopm_trace.h Documentation/perf.md \
			> $(BUILD)/host/logs/trace-doc-$$ks.tap || echo "not ok 1 perf.md's events: no check ($$ks)" \
			> $(BUILD)/host/logs/trace-doc-$$ks.tap; done,trace-doc)
	$(call stage,lines a later patch removes again,for ks in $(TEST_SERIES); do \
		$(SCRIPTS)/check-undo.py patches/$$ks $$ks $(SCRIPTS)/undo-bounds > $(BUILD)/host/logs/undo-$$ks.tap || \
			echo "not ok 1 undo: no count ($$ks)" > $(BUILD)/host/logs/undo-$$ks.tap; done,undo)
	$(call stage,each part of a series has its cover letter,for ks in $(TEST_SERIES); do \
		$(SCRIPTS)/parts.py check patches/$$ks $$ks > $(BUILD)/host/logs/parts-$$ks.tap || \
			grep -q '^not ok' $(BUILD)/host/logs/parts-$$ks.tap || \
			echo "not ok 1 parts: no check ($$ks)" > $(BUILD)/host/logs/parts-$$ks.tap; done,parts)
	@$(SCRIPTS)/budget.sh total $(BUILD)/test.start
	@$(SCRIPTS)/summary.sh $(TREE) $(foreach ks,$(TEST_SERIES),$(BUILD)/$(ks)/logs) \
		$(if $(DEBIAN_TEST),$(DEB_LOGS)) $(BUILD)/host/logs \
		> $(BUILD)/summary.txt; rc=$$?; cat $(BUILD)/summary.txt; exit $$rc

# One kernel's part of `make test`. A guest mostly idles, so each group of
# boots runs next to a build or the other group as soon as its kernel is
# there (make -j2): the patched boots next to the debug kernel's build and
# then the debug boots, which come first (listed first), so that the build
# after each patch runs next to the debug boots' tail, not after them (the
# two groups of boots in a row were 6.1's longest path).
series-test: $(KERNEL) $(INITRD) $(B)/checkpatch.tap $(B)/kerneldoc.tap
	@rm -rf $(B)/logs $(B)/tables
	$(call stage,builds and boot tests ($(KS)),$(MAKE) --no-print-directory -j2 $(if $(WITH_DEBUG),$(B)/logs/debug.done) $(B)/logs/stock.done $(B)/logs/power.done,series-$(KS))
	@cp $(B)/checkpatch.tap $(B)/kerneldoc.tap $(B)/series.tap $(B)/logs/

$(B)/logs/patched.done: $(KERNEL) $(INITRD) $(REPLAY)
	$(call stage,boot tests: the series ($(KS)),$(RUN_ENV) $(SCRIPTS)/run-tests.sh patched $(KERNEL) $(INITRD),boots-$(KS))
	@touch $@

$(B)/logs/debug.done: $(DEBUG) $(INITRD)
	$(call stage,boot tests: the debug kernel ($(KS)),$(RUN_ENV) $(SCRIPTS)/run-tests.sh debug $(DEBUG) $(INITRD),debug-boots)
	@touch $@

# The power scenario, on the release kernel; where there is a debug kernel,
# after its boots, whose slot is free before the build after each patch ends.
$(B)/logs/power.done: $(KERNEL) $(INITRD) | $(if $(WITH_DEBUG),$(B)/logs/debug.done)
	$(call stage,boot tests: the power scenario ($(KS)),$(RUN_ENV) $(SCRIPTS)/run-tests.sh power $(KERNEL) $(INITRD),power-$(KS))
	@touch $@

# The stock kernel comes out of the build after each patch; its table is
# compared with the patched ones.
$(B)/logs/stock.done: $(B)/series.tap $(B)/logs/patched.done
	$(call stage,boot tests: the stock kernel and the comparisons ($(KS)),$(RUN_ENV) $(SCRIPTS)/run-tests.sh stock $(STOCK) $(INITRD),stock-$(KS))
	@touch $@

$(BUILD)/deps.stamp: $(SCRIPTS)/deps.sh
	@mkdir -p $(BUILD)
	$(call stage,deps,$(SCRIPTS)/deps.sh,deps)
	@touch $@

$(B)/tree.stamp: $(BUILD)/deps.stamp $(SERIES)
	$(call stage,tree: unpack linux-source-$(KS) and apply $(PATCHES)/series,$(SCRIPTS)/tree.sh $(TREE) $(PATCHES) $(KS),tree-$(KS))
	@touch $@

export: $(B)/tree.stamp
	$(SCRIPTS)/export.sh $(TREE) $(PATCHES)
	@touch $(B)/tree.stamp

$(KERNEL): $(B)/tree.stamp $(FRAGS)
	$(call stage,kernel $(KS): configure,$(SCRIPTS)/kconfig.sh $(TREE) $(KOUT) $(FRAGS),kconfig-$(KS))
	$(call stage,kernel $(KS): build bzImage with -j$(shell nproc),$(KMAKE) -C $(TREE) O=$(abspath $(KOUT)) bzImage,kernel-$(KS))
	@cp $(KOUT)/arch/x86/boot/bzImage $@

# The debug kernel (KASAN, lockdep, ...: qemu-configs/debug/debug.config) for
# the reliability scenarios; its own O= directory, so the two never mix.
$(DEBUG): $(B)/tree.stamp $(DBG_FRAGS)
	$(call wait_for,$(RELEASE_KERNELS))
	$(call stage,debug kernel $(KS): configure,$(SCRIPTS)/kconfig.sh $(TREE) $(KOUT_DBG) $(DBG_FRAGS),kconfig-debug)
	$(call stage,debug kernel $(KS): build bzImage with -j$(shell nproc),$(KMAKE) -C $(TREE) O=$(abspath $(KOUT_DBG)) bzImage,debug-kernel)
	@cp $(KOUT_DBG)/arch/x86/boot/bzImage $@

$(BUILD)/sata.img $(BUILD)/hdd.img $(BUILD)/usb.img: $(SCRIPTS)/mkdisk.sh $(BUILD)/deps.stamp
	@$(SCRIPTS)/mkdisk.sh $@ 8

$(INITRD): $(BUILD)/deps.stamp $(GUEST) $(SCRIPTS)/mkinitramfs.sh $(BUILD)/sata.img $(BUILD)/hdd.img $(BUILD)/usb.img
	$(call stage,initramfs,$(SCRIPTS)/mkinitramfs.sh $@ $(SCRIPTS)/guest $(BUILD)/sata.img.md5 $(BUILD)/usb.img.md5,initramfs)

$(REPLAY): $(B)/tree.stamp policy/replay.c
	@$(MAKE) --no-print-directory -s -C policy KDIR=$(abspath $(TREE))/drivers/base/power \
		OUT=$(abspath $(B)/learn) $(abspath $(REPLAY))

$(B)/checkpatch.tap: $(B)/tree.stamp
	$(call stage,checkpatch --strict on every patch ($(KS)),$(SCRIPTS)/check-series.sh $(TREE) $(PATCHES) $@.tmp || true,checkpatch-$(KS))
	@mv $@.tmp $@

$(B)/kerneldoc.tap: $(B)/tree.stamp
	$(call stage,kernel-doc on the files the series adds ($(KS)),$(SCRIPTS)/check-kerneldoc.sh $(TREE) $@.tmp || true,kerneldoc-$(KS))
	@mv $@.tmp $@

# Also leaves the base's bzImage as $(STOCK), the baseline kernel. The walk
# checks out each patch in $(TREE), so what reads the tree's top (the debug
# kernel, the replay program) is built first.
$(B)/series.tap: $(B)/tree.stamp $(KERNEL) $(FRAGS) | $(REPLAY) $(if $(WITH_DEBUG),$(DEBUG)) $(if $(WITH_DEBIAN),$(DEB)/src.stamp)
	$(wait_first)
	$(call stage,build after each patch ($(KS)),$(BUILD_LOCK) nice -n 10 $(SCRIPTS)/build-series.sh $(TREE) $(KOUT) $(STOCK) $@.tmp || true,walk-$(KS))
	@mv $@.tmp $@

# Documentation/results.md from the tables, the latency and the power
# reports of the last make test (and what v1 failed, if
# test-scripts/against-v1.sh has run).
results:
	LATENCY=$(BUILD)/6.1/latency POWER=$(BUILD)/6.1/reports/power-idle.txt \
		POWER_LAPTOP=$(BUILD)/6.1/reports/laptop/power-idle.txt POWER_612=$(BUILD)/6.12/reports/power-idle.txt \
		POWER_LAPTOP_612=$(BUILD)/6.12/reports/laptop/power-idle.txt DEBIAN=$(BUILD)/6.1/debian DEBIAN_612=$(BUILD)/6.12/debian $(SCRIPTS)/results.sh $(BUILD)/6.1/tables $(BUILD)/6.12/tables $(BUILD)/v1/logs > Documentation/results.md

clean:
	rm -rf $(BUILD)
