#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The host's side of the power scenario (guest/power.sh).

For each guest TAP given, one per scenario: a side-by-side table of the
three policies (stock, autopm, powertop --auto-tune) per device and in
total -- estimated mW, saving against stock, suspended share, resumes per
minute -- the hazards each policy took (devices the rules leave stock that
it suspended), and a gnuplot PNG of the estimated total power over time.
Writes OUT/power-SCENARIO.{txt,dat,png} and prints TAP on stdout.

Usage: power-report.py OUT TAP...
"""

import os
import re
import subprocess
import sys

POLICIES = ("stock", "autopm", "powertop")


def parse(path):
    """The tables, device lines, samples and scenario of one guest TAP."""
    tables = {p: {} for p in POLICIES}
    totals, verdicts, samples = {}, {}, {p: [] for p in POLICIES}
    scenario = "?"
    with open(path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\r\n")
            m = re.match(r"#power (\w+)\| (.*)", line)
            if m and m.group(1) in tables:
                cols = m.group(2).split()
                if cols[0] == "total":
                    totals[m.group(1)] = dict(zip(cols[1::2], cols[2::2]))
                elif cols[0] != "device":
                    tables[m.group(1)][cols[0]] = cols
                continue
            m = re.match(r"#dev (\w+)\| (\S+) (\S+) (\S+)", line)
            if m:
                verdicts[m.group(2)] = (m.group(3), m.group(4))
                continue
            m = re.match(r"#sample (\w+) (\d+) ([\d.]+)", line)
            if m and m.group(1) in samples:
                samples[m.group(1)].append((int(m.group(2)), float(m.group(3))))
                continue
            m = re.match(r"# figure: power \((\w+)\)", line)
            if m:
                scenario = m.group(1)
    return scenario, tables, totals, verdicts, samples


def figures(cols, window_ms):
    """mW, suspended %, resumes per minute of one device's line."""
    if cols is None:
        return None
    return float(cols[10]), int(cols[5]), int(cols[7]) * 60000.0 / max(window_ms, 1)


def saving(mw, stock):
    return "%5.1f" % (100.0 * (stock - mw) / stock) if stock else "    -"


def hazards(tables, verdicts):
    """Per policy, the devices the rules leave stock that it suspended."""
    out = {}
    for p in POLICIES:
        out[p] = [
            "%s (%s)" % (d, verdicts[d][1])
            for d, cols in sorted(tables[p].items())
            if verdicts.get(d, ("?",))[0] == "stock" and (int(cols[5]) > 0 or int(cols[6]) > 0)
        ]
    return out


def table(scenario, tables, totals, verdicts):
    """The side-by-side table as lines of text."""
    window = {p: int(totals.get(p, {}).get("window_ms", 0)) for p in POLICIES}
    head = "%-14s %-12s %10s %5s %7s" % ("device", "model", "stock_mW", "susp%", "res/min")
    for p in POLICIES[1:]:
        head += " | %10s %6s %5s %7s" % (p + "_mW", "save%", "susp%", "res/min")
    lines = ["power (%s): estimated from each device's residency and model" % scenario, head]
    for dev, cols in tables["stock"].items():
        stock = figures(cols, window["stock"])
        row = "%-14s %-12s %10.3f %5d %7.1f" % (dev, cols[1], stock[0], stock[1], stock[2])
        for p in POLICIES[1:]:
            f = figures(tables[p].get(dev), window[p])
            row += " | %10.3f %6s %5d %7.1f" % (f[0], saving(f[0], stock[0]), f[1], f[2]) if f else " | (not counted)"
        lines.append(row + "  %s %s" % verdicts.get(dev, ("?", "?")))
    stock_total = float(totals.get("stock", {}).get("avg_mW", 0))
    row = "%-14s %-12s %10.3f %5s %7s" % ("total", "", stock_total, "", "")
    for p in POLICIES[1:]:
        mw = float(totals.get(p, {}).get("avg_mW", 0))
        row += " | %10.3f %6s %5s %7s" % (mw, saving(mw, stock_total), "", "")
    lines.append(row)
    for p, devs in hazards(tables, verdicts).items():
        lines.append("hazards taken by %s: %s" % (p, ", ".join(devs) if devs else "none"))
    lines.append("windows (ms): " + ", ".join("%s %d" % (p, window[p]) for p in POLICIES))
    return lines


def plot(out, scenario, samples):
    """Total power over each window: mW between consecutive samples."""
    dat = os.path.join(out, "power-%s.dat" % scenario)
    with open(dat, "w") as f:
        for p in POLICIES:
            f.write("# %s\n" % p)
            prev = (0, 0.0)
            for ms, mj in samples[p]:
                if ms > prev[0]:
                    f.write("%.1f %.3f\n" % (ms / 1000.0, (mj - prev[1]) * 1000.0 / (ms - prev[0])))
                prev = (ms, mj)
            f.write("\n\n")
    png = os.path.join(out, "power-%s.png" % scenario)
    script = (
        "set terminal pngcairo size 1000,600 noenhanced\n"
        "set output '%s'\n"
        "set title 'autopm power report (%s): estimated total power (QEMU, class models)'\n"
        "set xlabel 'seconds into the window'\nset ylabel 'mW (estimate)'\nset key outside\n"
        "set yrange [0:*]\n"
        "plot for [i=0:2] '%s' index i with linespoints title word('%s', i + 1)\n"
        % (png, scenario, dat, " ".join(POLICIES))
    )
    try:
        subprocess.run(["gnuplot"], input=script, text=True, check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError) as e:
        return None, str(e)
    return png, None


def main():
    out, taps = sys.argv[1], sys.argv[2:]
    os.makedirs(out, exist_ok=True)
    n = 0
    for tap in taps:
        scenario, tables, totals, verdicts, samples = parse(tap)
        lines = table(scenario, tables, totals, verdicts)
        with open(os.path.join(out, "power-%s.txt" % scenario), "w") as f:
            f.write("\n".join(lines) + "\n")
        print("\n".join("# " + l for l in lines))
        n += 1
        missing = [p for p in POLICIES if not tables[p] or p not in totals]
        savers = [d for d, c in tables["autopm"].items()
                  if d in tables["stock"] and float(c[10]) < float(tables["stock"][d][10])]
        rows = [l.split()[0] for l in lines]
        unlisted = [d for d in savers if d not in rows]
        ok = not missing and savers and not unlisted
        print("%s %d power report (%s): %d devices, %d save under autopm, each in the table"
              " with its residency%s" % ("ok" if ok else "not ok", n, scenario, len(tables["stock"]),
                                          len(savers), "; no table for " + ", ".join(missing) if missing else ""))
        stock = float(totals.get("stock", {}).get("avg_mW", 0))
        took = hazards(tables, verdicts)
        print("# figure: power report (%s): saving against stock %s; hazards taken: %s" % (
            scenario, ", ".join("%s %s%%" % (p, saving(float(totals.get(p, {}).get("avg_mW", 0)), stock).strip())
                                for p in POLICIES[1:]),
            ", ".join("%s %d" % (p, len(took[p])) for p in POLICIES)))
        png, err = plot(out, scenario, samples)
        n += 1
        print("%s %d power report (%s): plot %s" % ("ok" if png else "not ok", n, scenario,
                                                    png or "not written: " + err))
    print("1..%d" % n)


if __name__ == "__main__":
    main()
