#!/usr/bin/env python3
"""Count the lines one patch of a series adds and a later patch of the same
series removes again: a series re-rolled as upstream expects has none, as
each patch is final when it lands. Lines of 12 characters or fewer (braces,
"return 0;") are not counted: they come and go with the code around them.

Prints the pairs as TAP comments and one TAP line: ok at 0; a TODO while
the count is at most the bound recorded for the series in BOUNDS (with the
reason given there); not ok above it, so that the count only goes down.

Usage: check-undo.py SERIES_DIR NAME BOUNDS
BOUNDS: lines "NAME COUNT REASON...".
"""
import os
import re
import sys
from collections import defaultdict


def patches(series_dir):
    with open(os.path.join(series_dir, "series")) as f:
        return [l.strip() for l in f if l.strip() and not l.startswith("#")]


def undone_pairs(series_dir):
    """{(adding patch, removing patch): lines} over the series, in order."""
    added = defaultdict(list)  # (file, text) -> patches that added it, oldest first
    pairs = defaultdict(int)
    for name in patches(series_dir):
        path = None
        with open(os.path.join(series_dir, name), errors="replace") as f:
            for line in f:
                if line.startswith("+++ "):
                    path = re.sub(r"^b/", "", line[4:].strip())
                elif line.startswith("--- ") or path is None:
                    continue
                elif len(line.strip()) <= 12 or line[0] not in "+-":
                    continue
                elif line[0] == "-" and added[(path, line[1:].rstrip())]:
                    adder = added[(path, line[1:].rstrip())].pop(0)
                    pairs[(adder, name)] += 1
                elif line[0] == "+":
                    added[(path, line[1:].rstrip())].append(name)
    return pairs


def bound_of(bounds_file, name):
    with open(bounds_file) as f:
        for line in f:
            words = line.split(None, 2)
            if len(words) >= 2 and words[0] == name:
                return int(words[1]), words[2].strip() if len(words) > 2 else ""
    return 0, ""


def main():
    series_dir, name, bounds_file = sys.argv[1:4]
    pairs = undone_pairs(series_dir)
    for (adder, remover), n in sorted(pairs.items(), key=lambda p: -p[1]):
        print(f"# {adder[:4]} adds, {remover[:4]} removes: {n} lines")
    count = sum(pairs.values())
    bound, reason = bound_of(bounds_file, name)
    what = f"series {name}: {count} lines added by one patch and removed by a later one in {len(pairs)} pairs"
    if count == 0:
        print(f"ok 1 {what}")
    elif count <= bound:
        print(f"not ok 1 {what} (bound 0) # TODO {reason}")
    else:
        print(f"not ok 1 {what}, more than the {bound} recorded in {bounds_file}")
    print("1..1")
    print(f"undo: {name}: {count} lines in {len(pairs)} pairs", file=sys.stderr)


if __name__ == "__main__":
    main()
