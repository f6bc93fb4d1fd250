# shellcheck shell=sh
# Sourced by power.sh: power/autopm_power_model of the USB stick's device,
# counted in the open power window. Good values change its estimate; bad
# ones give -EINVAL and change neither the file nor the model in use.
stick=$(usb_stick)
model=$stick/power/autopm_power_model
energy() {
	awk -v n="$(basename "$stick")" '$1 == n { print $10 }' /sys/kernel/debug/autopm/power
}

check "model: the stick's estimate uses its class's model ($(cat "$model"))" \
	grep -q ' usb-device$' "$model"
echo "50 1 20000 5000 2000" > "$model"
check "model: a good model is the stick's ($(cat "$model"))" \
	[ "$(cat "$model")" = "50 1 20000 5000 2000 user" ]
e1=$(energy)
echo "500 10 20000 5000 2000" > "$model"
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
	err=$(printf '%s\n' "$v" | dd of="$model" 2>&1)
	case "$err" in
	*"Invalid argument"*) [ "$(cat "$model")" = "500 10 20000 5000 2000 user" ] &&
		rejected=$((rejected + 1)) ;;
	*) echo "# model: '$v' gave '$err', the file says $(cat "$model")" ;;
	esac
done
check "model: $rejected of $tried bad values rejected with EINVAL, the model unchanged" \
	[ "$rejected" = "$tried" ]
echo "# figure: bad power models: $rejected of $tried rejected, 0 changes"
echo class > "$model"
check "model: \"class\" gives the stick its class's model back ($(cat "$model"))" \
	grep -q ' usb-device$' "$model"
