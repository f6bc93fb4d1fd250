#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The host's side of the power scenario (guest/power.sh).

For each guest TAP given, one per scenario: a side-by-side table of the
four policies (stock, autopm, powertop --auto-tune, both) per device and
in total, each device counted by its state (powerstates.py) from the
kernel's residency; what stock's SATA LPM saves, what each policy adds
over the others, the hazards each took (devices the rules leave stock
that it suspended); a gnuplot PNG of the kernel's class estimate of the
total over time. Writes OUT/power-SCENARIO.{txt,dat,png}, prints TAP.

Usage: power-report.py OUT TAP... (the TAPs of one scenario's boots merge)
"""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import powerstates  # noqa: E402

POLICIES = ("stock", "autopm", "powertop", "both")
# The whole-platform saving of three changes together on a ThinkPad T440s
# (SATA LPM, HD audio power_save, USB autosuspend: 7.9 W to 5.6 W, Hans de
# Goede, anchors-2026.md 5). autopm's estimated addition over stock Debian
# above it would be implausible.
PLAUSIBLE_MW = 2300


def parse(path):
    """The scenario, tables, totals, device lines, samples and LPM assumption of a TAP."""
    tables, devs, samples = ({p: {} for p in POLICIES}, {p: {} for p in POLICIES}, {p: [] for p in POLICIES})
    totals, scenario, assumed = {}, "?", None
    with open(path, errors="replace") as f:
        for line in f:
            kind, policy, rest = (re.match(r"(#\w+) ?(\w*)\|? ?(.*)", line.rstrip("\r\n")) or re.match("()()()", "")).groups()
            words = rest.split()
            if kind == "#power" and policy in tables and words[0] == "total":
                totals[policy] = dict(zip(words[1::2], words[2::2]))
            elif kind == "#power" and policy in tables and words[0] != "device":
                tables[policy][words[0]] = words
            elif kind == "#dev" and policy in devs:
                facts = dict(w.split("=", 1) for w in words[1:] if "=" in w)
                facts["verdict"], facts["reason"] = (words[1:] + ["?", "?"])[:2]
                devs[policy][words[0]] = facts
            elif kind == "#sample" and policy in samples:
                samples[policy].append((int(words[0]), float(words[1])))
            elif kind == "#assume":
                assumed = words[0]
            m = re.match(r"# figure: power \((\w+)\)", line)
            scenario = m.group(1) if m else scenario
    return scenario, tables, totals, devs, samples, assumed


def pct(part, whole):
    return "%.1f%%" % (100.0 * part / whole) if whole else "-"


def hazards(tables, devs):
    """Per policy, the devices the rules leave stock that it suspended."""
    return {p: ["%s (%s)" % (d, devs[p].get(d, {}).get("reason", "?"))
                for d, cols in sorted(tables[p].items())
                if devs[p].get(d, {}).get("verdict") == "stock" and (int(cols[5]) > 0 or int(cols[6]) > 0)]
            for p in POLICIES}


def table(scenario, counted, devs):
    """The side-by-side table and its summary, as lines of text."""
    stock = counted["stock"]
    head = "%-13s %-16s %9s %5s" % ("device", "state (stock)", "stock_mW", "susp%")
    for p in POLICIES[1:]:
        head += " | %11s %6s %5s %7s" % (p + "_mW", "save%", "susp%", "res/min")
    lines = ["power (%s): estimated from each device's residency and the figures of its state" % scenario, head]
    for dev, s in stock.items():
        row = "%-13s %-16s %9.1f %5d" % (dev, s[0], s[1], s[2])
        for p in POLICIES[1:]:
            c = counted[p].get(dev)
            row += (" | %11.1f %6s %5d %7.1f" % (c[1], pct(s[1] - c[1], s[1]).rstrip("%") if s[1] else "-",
                                                   c[2], c[3] * 60000.0 / max(c[4], 1))
                    if c else " | (not counted)")
        f = devs["stock"].get(dev, {})
        lines.append(row + "  %s %s" % (f.get("verdict", "?"), f.get("reason", "?")))
    tot = {p: sum(c[1] for c in counted[p].values()) for p in POLICIES}
    row = "%-13s %-16s %9.1f %5s" % ("total", "", tot["stock"], "")
    for p in POLICIES[1:]:
        row += " | %11.1f %6s %5s %7s" % (tot[p], pct(tot["stock"] - tot[p], tot["stock"]).rstrip("%"), "", "")
    lines.append(row)
    return lines, tot


def summary(counted, tot, devs, tables, totals, assumed, states):
    """What stock's LPM saves, what each policy adds, hazards, figures."""
    n, lpm_mw = powerstates.stock_lpm_saving(counted, states)
    lines = ["observed in the guest: each device's residency, transitions, link and driver; modelled: the figures"
             " of each state (below) and, where it says assumed, the SATA LPM policy",
             "SATA LPM: " + ("%s, assumed: QEMU's AHCI has no LPM; the policy Debian's kernel applies to the machine"
                             " this one stands for (qemu-configs); powertop's columns: %s, what powertop writes"
                             % (assumed, powerstates.POWERTOP_LPM) if assumed else "as each host said in each window"),
             "stock Debian's LPM already saves %.0f mW on %d linked ports against max_performance" % (lpm_mw, n)]
    for a, b, what in (("autopm", "stock", "autopm"), ("powertop", "stock", "powertop"),
                       ("both", "autopm", "powertop on top of autopm"), ("both", "powertop", "autopm on top of powertop")):
        lines.append("%s saves %.0f mW over %s (%s of its total)" % (what, tot[b] - tot[a], b, pct(tot[b] - tot[a], tot[b])))
    lines += ["hazards taken by %s: %s" % (p, ", ".join(d) or "none") for p, d in hazards(tables, devs).items()]
    lines.append("windows (ms): " + ", ".join("%s %s" % (p, totals.get(p, {}).get("window_ms", 0)) for p in POLICIES))
    used = sorted(set(c[0] for p in POLICIES for c in counted[p].values()) & set(states))
    return lines + ["figures per state (test-scripts/power-states.txt):"] + [
        "  %-16s P_on %5d mW, P_off %4d mW, E_tr %8d uJ: %s" % ((u,) + states[u]) for u in used]


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
        "set title 'autopm power report (%s): debugfs autopm/power total (QEMU, the kernel class models)'\n"
        "set xlabel 'seconds into the window'\nset ylabel 'mW (estimate)'\nset key outside\n"
        "set yrange [0:*]\n"
        "plot for [i=0:3] '%s' index i with linespoints title word('%s', i + 1)\n"
        % (png, scenario, dat, " ".join(POLICIES))
    )
    try:
        subprocess.run(["gnuplot"], input=script, text=True, check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError) as e:
        return None, str(e)
    return png, None


def check(n, ok, text):
    print("%s %d %s" % ("ok" if ok else "not ok", n, text))
    return n


def report(out, parsed, n, states):
    """The table, its checks and its plot of one scenario; the last test number."""
    scenario, tables, totals, devs, samples, assumed = parsed
    counted = powerstates.count(tables, devs, assumed, states, POLICIES)
    lines, tot = table(scenario, counted, devs)
    lines += summary(counted, tot, devs, tables, totals, assumed, states)
    with open(os.path.join(out, "power-%s.txt" % scenario), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join("# " + l for l in lines))
    missing = [p for p in POLICIES if not tables[p] or p not in totals]
    savers = [d for d, c in counted["autopm"].items() if d in counted["stock"] and c[1] < counted["stock"][d][1]]
    n = check(n + 1, not missing and savers, "power report (%s): %d devices, %d save under autopm, each in the"
              " table with its residency%s" % (scenario, len(counted["stock"]), len(savers),
                                               "; no table for " + ", ".join(missing) if missing else ""))
    quiet, differ = powerstates.same_everywhere(counted, devs, POLICIES)
    n = check(n + 1, quiet and not differ, "power report (%s): the %d devices with no link or no driver count the"
              " same under every policy%s" % (scenario, len(quiet), ": not " + ", ".join(differ) if differ else ""))
    added = tot["stock"] - tot["autopm"]
    n = check(n + 1, added <= PLAUSIBLE_MW, "power report (%s): autopm's estimated saving over stock, %.0f mW, is"
              " within the %d mW three changes together saved on a whole T440s (anchors-2026.md 5)"
              % (scenario, added, PLAUSIBLE_MW))
    took = hazards(tables, devs)
    print("# figure: power report (%s): over stock %.0f mW: autopm saves %.0f mW (%s), powertop %.0f mW (%s),"
          " both %.0f mW (%s); stock's LPM already saves %.0f mW; hazards taken: %s" % (
              scenario, tot["stock"], added, pct(added, tot["stock"]), tot["stock"] - tot["powertop"],
              pct(tot["stock"] - tot["powertop"], tot["stock"]), tot["stock"] - tot["both"],
              pct(tot["stock"] - tot["both"], tot["stock"]), powerstates.stock_lpm_saving(counted, states)[1],
              ", ".join("%s %d" % (p, len(took[p])) for p in POLICIES)))
    png, err = plot(out, scenario, samples)
    return check(n + 1, png, "power report (%s): plot %s" % (scenario, png or "not written: " + err))


def main():
    out, taps = sys.argv[1], sys.argv[2:]
    os.makedirs(out, exist_ok=True)
    states = powerstates.load()
    scenarios = {}
    for tap in taps:
        parsed = parse(tap)
        if parsed[0] in scenarios:
            for have, more in zip(scenarios[parsed[0]][1:5], parsed[1:5]):
                have.update((p, more[p]) for p in POLICIES if more.get(p))
        else:
            scenarios[parsed[0]] = parsed
    n = 0
    for parsed in scenarios.values():
        n = report(out, parsed, n, states)
    print("1..%d" % n)


if __name__ == "__main__":
    main()
