#!/bin/sh
# The USB stick pulled while runtime-suspended, with its media checked and
# its disk opened in a loop, then plugged in again: autopm_pulls= times in
# one boot (default 10). The disk's medium is polled every 500 ms (as
# systemd's udev rules poll removable disks, every 2 s) and checked at
# each open and close: a TEST UNIT READY through the disk's queue, from
# the media-events work; on a suspended disk it waits for a resume, which
# fails once the stick is gone. Without the series' sd fix ("mark a disk dead when it cannot be
# resumed for removal") nothing wakes it, and the hub's worker, removing
# the disk, waits for it for good: here, a stick that does not go.
# Runtime PM is allowed from user space (control auto, no delay), as
# powertop and laptop-mode-tools do, so the scenario runs on any kernel,
# the stock one included. Needs MACHINE=qemu-configs/pull.sh (a spare
# backend for each plug-in; at most 12 pulls).
. /tests/lib.sh
pulls=$(sed -n 's/.*autopm_pulls=\([0-9]*\).*/\1/p' /proc/cmdline)
pulls=${pulls:-10}

# plugged: wait up to 60 s for the stick's disk; print its sysfs directory.
plugged() {
	i=0
	while [ -z "$(disk_on usb)" ] && [ $i -lt 120 ]; do sleep 0.5; i=$((i + 1)); done
	disk_on usb
}

# gone DIR: wait up to 30 s for a device's directory to go.
gone() {
	i=0
	while [ -d "$1" ] && [ $i -lt 60 ]; do sleep 0.5; i=$((i + 1)); done
	[ ! -d "$1" ]
}

# allow DIR DELAY_MS: runtime PM allowed, as user space tools allow it.
allow() {
	echo "$2" > "$1/power/autosuspend_delay_ms"
	echo auto > "$1/power/control"
}

# settle DISK STICK: wait up to 20 s for the stick to suspend. Writing
# the disk's delay again has the runtime PM core try its autosuspend
# again (update_autosuspend()), which it does not do by itself after a
# refusal when the delay is 0.
settle() {
	i=0
	while [ "$(cat "$2/power/runtime_status")" != suspended ]; do
		[ $i -lt 100 ] || return 1
		echo 0 > "$1/power/autosuspend_delay_ms"
		sleep 0.2
		i=$((i + 1))
	done
}

# opener NODE GAP: open and read the disk until it is gone or /tmp/stop
# appears; print how many opens passed and failed.
opener() {
	ok=0
	failed=0
	while [ ! -e /tmp/stop ] && [ -e "$1" ]; do
		if dd if="$1" of=/dev/null bs=512 count=1 2>/dev/null; then
			ok=$((ok + 1))
		else
			failed=$((failed + 1))
		fi
		sleep "$2"
	done
	echo "$ok $failed"
}

id=usbstick0
pulled=0
suspended_at_pull=0
opens=0
failed_opens=0
k=0
while [ $k -lt "$pulls" ]; do
	k=$((k + 1))
	disk=$(plugged)
	[ -n "$disk" ] || { not_ok "pull: the stick's disk is there before pull $k"; break; }
	stick=$(usb_device_of "$disk")
	node=/dev/$(ls "$disk/block")
	# No delay: each suspends as soon as it is idle (with 20 ms delays
	# v4 did not hang in 20 pulls; with none, in 4 boots of 4).
	allow "$disk" 0
	allow "$stick" 0
	echo 500 > "$disk/block/$(basename "$node")/events_poll_msecs"
	rm -f /tmp/stop /tmp/opener-*
	opener "$node" 0.7 > /tmp/opener-a &
	opener "$node" 1.1 > /tmp/opener-b &
	# The pull is sent once the stick has suspended and reaches QEMU
	# within the monitor's 0.5 s poll, while polls and opens go on: a
	# check that starts the stick's resume as it goes waits for a resume
	# that fails.
	settle "$disk" "$stick" && suspended_at_pull=$((suspended_at_pull + 1))
	qmp device_del id=$id
	echo "# pull $k: the stick $(cat "$stick/power/runtime_status"), its disk $(cat "$disk/power/runtime_status")," \
		"$(cat "$stick/power/runtime_suspended_time") ms suspended so far"
	if ! gone "$stick"; then
		not_ok "pull: the stick is gone after pull $k"
		# Where every blocked task waits, on the console.
		[ -w /proc/sysrq-trigger ] && echo w > /proc/sysrq-trigger
		break
	fi
	touch /tmp/stop
	wait
	read -r a_ok a_failed < /tmp/opener-a
	read -r b_ok b_failed < /tmp/opener-b
	opens=$((opens + a_ok + b_ok))
	failed_opens=$((failed_opens + a_failed + b_failed))
	pulled=$((pulled + 1))
	[ $k -lt "$pulls" ] || break
	id=pull$k
	qmp device_add driver=usb-storage bus=xhci.0 drive=usbstick$k removable=true id=$id
done
check "pull: the stick went at each of $pulls pulls ($pulled)" [ "$pulled" = "$pulls" ]
check "pull: it was suspended at $suspended_at_pull of the $k pulls sent" \
	[ "$suspended_at_pull" -gt 0 ]
check "pull: opens read it before the pulls ($opens)" [ "$opens" -gt 0 ]
echo "# figure: pull: $pulled unplugs of the stick under opens and media checks," \
	"$suspended_at_pull of them while it was suspended, $opens opens read it," \
	"$failed_opens failed as it went"
done_testing
