# shellcheck shell=sh
# Sourced by power.sh: the measured power model of the USB stick's device,
# counted in the open power window, written to debugfs autopm/power_model.
# Good values change its estimate; bad ones give -EINVAL (an unknown
# device -ENODEV) and change nothing.
stick=$(usb_stick)
knob=/sys/kernel/debug/autopm/power_model
# The stick's line of autopm/power: its model in use, and its energy.
power_line() {
	awk -v n="$(basename "$stick")" '$1 == n' /sys/kernel/debug/autopm/power
}
# model: "P_on P_off E_tr SOURCE CLASS"
model() {
	power_line | awk '{ print $12, $13, $14, $3, $2 }'
}
energy() {
	power_line | awk '{ print $10 }'
}
class_model() {
	model | grep -q ' estimate usb-device$'
}

check "model: the stick's estimate uses its class's model ($(model))" class_model
echo "$stick 50 1 20000 5000 2000" > $knob
check "model: a good model is the stick's ($(model))" \
	[ "$(model)" = "50 1 2000 user usb-device" ]
e1=$(energy)
echo "$stick 500 10 20000 5000 2000" > $knob
e2=$(energy)
check "model: ten times P_on and P_off, ten times the estimate ($e1 -> $e2 mJ)" \
	awk -v a="$e1" -v b="$e2" 'BEGIN { exit !(b > 9.5 * a && b < 10.5 * a) }'

long=$(printf '%070d' 1)
rejected=0
tried=0
for v in "-1 1 1 1 1" "1 1 1 1" "1 1 1 1 1 1" "a b c d e" "1e3 1 1 1 1" \
	"0x10 1 1 1 1" "1000001 1 1 1 1" "5 6 1 1 1" "1 1 60000001 1 1" \
	"1 1 1 60000001 1" "1 1 1 1 1000000001" "4294967296 1 1 1 1" \
	"99999999999999999999 1 1 1 1" "1,1,1,1,1" "1 1 1 1 1.5" "1 1 1 1 -0" \
	"class extra" "CLASS" "1 1 1 1 1 user" "nan 1 1 1 1" "$long" \
	"1 1 1 1 1$(printf '%64s' '')" " " "1 1 1 1 +" "1 1 1 1 1x"; do
	tried=$((tried + 1))
	err=$(printf '%s %s\n' "$stick" "$v" | dd of=$knob 2>&1)
	case "$err" in
	*"Invalid argument"*) [ "$(model)" = "500 10 2000 user usb-device" ] &&
		rejected=$((rejected + 1)) ;;
	*) echo "# model: '$v' gave '$err', the model in use is $(model)" ;;
	esac
done
check "model: $rejected of $tried bad values rejected with EINVAL, the model unchanged" \
	[ "$rejected" = "$tried" ]
echo "# figure: bad power models: $rejected of $tried rejected, 0 changes"
err=$(echo "/sys/devices/none 1 1 1 1 1" | dd of=$knob 2>&1)
check "model: a device that does not exist is ENODEV ($err)" \
	eval 'case "$err" in *"No such device"*) true ;; *) false ;; esac'
echo "$stick class" > $knob
check "model: \"class\" gives the stick its class's model back ($(model))" class_model
