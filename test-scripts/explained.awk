# Each difference between two device tables (test-scripts/compare.sh
# explained A B), explained or not: one line per device whose control,
# status or delay differ. Exits 1 if any is unexplained.
FNR == 1 { file++; next }
file == 1 { a[$1] = $5 " " $6 " " $7; actl[$1] = $5; ast[$1] = $6; next }
{
	b[$1] = $5 " " $6 " " $7; bctl[$1] = $5; bst[$1] = $6
	reason[$1] = $10
	governed[$1] = / govern .*owner=autopm/
}
# Is one path above the other in the device tree?
function related(p, q) {
	return index(q, p "/") == 1 || index(p, q "/") == 1
}
END {
	bad = 0
	for (p in a) if (!(p in b)) { print "unexplained: " p " is gone"; bad = 1 }
	for (p in b) {
		if (!(p in a)) { print "unexplained: " p " is new"; bad = 1; continue }
		if (a[p] == b[p]) continue
		if (ast[p] == "suspended" && bst[p] != "suspended") {
			print "unexplained: " p " is " bst[p] " where it was suspended"; bad = 1
		} else if (governed[p]) {
			print p ": " a[p] " -> " b[p] ": autopm's " reason[p]
		} else if (actl[p] == bctl[p] && bst[p] == "suspended") {
			by = ""
			for (q in b) if (governed[q] && a[q] != b[q] && related(p, q)) by = q
			if (by == "") { print "unexplained: " p ": " a[p] " -> " b[p]; bad = 1 }
			else print p ": " a[p] " -> " b[p] ": follows " by
		} else {
			print "unexplained: " p ": " a[p] " -> " b[p]; bad = 1
		}
	}
	exit bad
}
