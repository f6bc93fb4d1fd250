# autopm: an idle-detection governor for runtime PM, as a patch series
# against Debian's linux-source-6.1, built and tested booted in QEMU.
#
#   make run    install what is missing, build, boot the default machine and
#               show what the governor did
#   make test   the same, then every test; the last line is "N passed, N failed"
#
# The work loop on the series: make tree; commit in build/linux; make export;
# commit here. Everything is built under build/ (git-ignored); stamp files
# there keep finished stages from being redone.

BUILD    := build
TREE     := $(BUILD)/linux
KOUT     := $(BUILD)/kernel
KERNEL   := $(BUILD)/bzImage
STOCK    := $(BUILD)/bzImage-stock
DEBUG    := $(BUILD)/bzImage-debug
KOUT_DBG := $(BUILD)/kernel-debug
INITRD   := $(BUILD)/initramfs.cpio.gz
PATCHES  := patches
SCRIPTS  := test-scripts
FRAGS    := $(wildcard qemu-configs/*.config)
DBG_FRAGS := $(FRAGS) qemu-configs/debug/debug.config
SERIES   := $(PATCHES)/series $(shell sed -n '/^[^\#]/s|^|$(PATCHES)/|p' $(PATCHES)/series)
GUEST    := $(wildcard $(SCRIPTS)/guest/*)
BOOT_ARGS ?=

# A kernel build gets its own -j$(nproc), with MAKEFLAGS cleared: under the
# parallel `make test` it would otherwise join the parent's jobserver, whose
# two slots the boot tests hold, and run one job at a time.
KMAKE    = env -u MAKEFLAGS -u MFLAGS $(MAKE) -s -j$(shell nproc)

# Print "stage: NAME (Ns)" when a stage finishes.
stage = @t0=$$(date +%s); echo "==> $(1)"; $(2) && echo "==> $(1): done ($$(($$(date +%s) - t0))s)"

.PHONY: all run test deps tree kernel debug initramfs export results clean
all: run

deps: $(BUILD)/deps.stamp
tree: $(BUILD)/tree.stamp
kernel: $(KERNEL)
debug: $(DEBUG)
initramfs: $(INITRD)

# Boot the default machine (autopm at its default, no userspace input) and
# print every device with runtime PM after 10 s idle.
run: $(KERNEL) $(INITRD)
	$(call stage,boot the default machine,BUILD=$(BUILD) $(SCRIPTS)/boot.sh run $(KERNEL) $(INITRD) 180 $(BOOT_ARGS))
	@sed -i 's/\r$$//' $(BUILD)/logs/run.tap
	@sed -n 's/^#| //p' $(BUILD)/logs/run.tap | tee $(BUILD)/run-table.txt
	@sed -n 's/^# //p' $(BUILD)/logs/run.tap

# Everything: the series checks, the stock and patched boots, the summary.
# A guest mostly idles, so each group of boots runs next to a build as soon
# as its kernel is there (make -j2): the patched boots next to the debug
# kernel's build, the debug boots next to the build after each patch.
test: $(KERNEL) $(INITRD) $(BUILD)/checkpatch.tap $(BUILD)/kerneldoc.tap
	@rm -rf $(BUILD)/summary.txt $(BUILD)/logs $(BUILD)/tables
	$(call stage,builds and boot tests,$(MAKE) --no-print-directory -j2 $(BUILD)/logs/stock.done $(BUILD)/logs/debug.done)
	$(call stage,pipeline self-tests,$(SCRIPTS)/selftest.sh $(TREE) > $(BUILD)/logs/selftest.tap)
	@cp $(BUILD)/checkpatch.tap $(BUILD)/kerneldoc.tap $(BUILD)/series.tap $(BUILD)/logs/
	@$(SCRIPTS)/summary.sh $(BUILD)/logs $(TREE) $(BUILD)/logs/kunit.ktap > $(BUILD)/summary.txt; \
		rc=$$?; cat $(BUILD)/summary.txt; exit $$rc

$(BUILD)/logs/patched.done: $(KERNEL) $(INITRD)
	$(call stage,boot tests: the series,BUILD=$(BUILD) $(SCRIPTS)/run-tests.sh patched $(KERNEL) $(INITRD))
	@touch $@

$(BUILD)/logs/debug.done: $(DEBUG) $(INITRD)
	$(call stage,boot tests: the debug kernel,BUILD=$(BUILD) $(SCRIPTS)/run-tests.sh debug $(DEBUG) $(INITRD))
	@touch $@

# The stock kernel comes out of the build after each patch; its table is
# compared with the patched ones.
$(BUILD)/logs/stock.done: $(BUILD)/series.tap $(BUILD)/logs/patched.done
	$(call stage,boot tests: the stock kernel and the comparisons,BUILD=$(BUILD) $(SCRIPTS)/run-tests.sh stock $(STOCK) $(INITRD))
	@touch $@

$(BUILD)/deps.stamp: $(SCRIPTS)/deps.sh
	@mkdir -p $(BUILD)
	$(call stage,deps,$(SCRIPTS)/deps.sh)
	@touch $@

$(BUILD)/tree.stamp: $(BUILD)/deps.stamp $(SERIES)
	$(call stage,tree: unpack and apply patches/series,$(SCRIPTS)/tree.sh $(TREE) $(PATCHES))
	@touch $@

export: $(BUILD)/tree.stamp
	$(SCRIPTS)/export.sh $(TREE) $(PATCHES)
	@touch $(BUILD)/tree.stamp

$(KERNEL): $(BUILD)/tree.stamp $(FRAGS)
	$(call stage,kernel: configure,$(SCRIPTS)/kconfig.sh $(TREE) $(KOUT) $(FRAGS))
	$(call stage,kernel: build bzImage with -j$(shell nproc),$(KMAKE) -C $(TREE) O=$(abspath $(KOUT)) bzImage)
	@cp $(KOUT)/arch/x86/boot/bzImage $@

# The debug kernel (KASAN, lockdep, ...: qemu-configs/debug/debug.config) for
# the reliability scenarios; its own O= directory, so the two never mix.
$(DEBUG): $(BUILD)/tree.stamp $(DBG_FRAGS)
	$(call stage,debug kernel: configure,$(SCRIPTS)/kconfig.sh $(TREE) $(KOUT_DBG) $(DBG_FRAGS))
	$(call stage,debug kernel: build bzImage with -j$(shell nproc),$(KMAKE) -C $(TREE) O=$(abspath $(KOUT_DBG)) bzImage)
	@cp $(KOUT_DBG)/arch/x86/boot/bzImage $@

$(BUILD)/sata.img $(BUILD)/hdd.img $(BUILD)/usb.img: $(SCRIPTS)/mkdisk.sh $(BUILD)/deps.stamp
	@$(SCRIPTS)/mkdisk.sh $@ 8

$(INITRD): $(BUILD)/deps.stamp $(GUEST) $(SCRIPTS)/mkinitramfs.sh $(BUILD)/sata.img $(BUILD)/hdd.img $(BUILD)/usb.img
	$(call stage,initramfs,$(SCRIPTS)/mkinitramfs.sh $@ $(SCRIPTS)/guest $(BUILD)/sata.img.md5 $(BUILD)/usb.img.md5)

$(BUILD)/checkpatch.tap: $(BUILD)/tree.stamp
	$(call stage,checkpatch --strict on every patch,$(SCRIPTS)/check-series.sh $(TREE) $(PATCHES) $@.tmp || true)
	@mv $@.tmp $@

$(BUILD)/kerneldoc.tap: $(BUILD)/tree.stamp
	$(call stage,kernel-doc on the files the series adds,$(SCRIPTS)/check-kerneldoc.sh $(TREE) $@.tmp || true)
	@mv $@.tmp $@

# Also leaves the base's bzImage as $(STOCK), the baseline kernel. The walk
# checks out each patch in $(TREE), so the debug kernel is built first.
$(BUILD)/series.tap: $(BUILD)/tree.stamp $(KERNEL) $(FRAGS) | $(DEBUG)
	$(call stage,build after each patch,$(SCRIPTS)/build-series.sh $(TREE) $(KOUT) $(STOCK) $@.tmp || true)
	@mv $@.tmp $@

# Documentation/results.md from the tables of the last make test (and what
# v1 failed, if test-scripts/against-v1.sh has run).
results:
	$(SCRIPTS)/results.sh $(BUILD)/tables $(BUILD)/v1/logs > Documentation/results.md

clean:
	rm -rf $(BUILD)
