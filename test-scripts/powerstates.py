# SPDX-License-Identifier: GPL-2.0
"""The power report's model: each device's state, and its figures.

The kernel's debugfs autopm/power counts a device by its class's model.
The report counts it by the state the device is in (power-states.txt): an
ATA port with no link, a linked port whose idle link sleeps by SATA LPM or
does not, a disk whose link is its port's, a root hub that is its host
controller's. The kernel's residency and transitions are kept; only the
figures they are multiplied by change.
"""

import os
import re

SCSI = re.compile(r"^\d+:\d+:\d+:\d+$")
# What powertop --auto-tune writes to each host's link_power_management_policy
# (powertop 2.14 carries med_power_with_dipm and min_power): LPM on.
POWERTOP_LPM = "med_power_with_dipm"


def load():
    """{state: (P_on mW, P_off mW, E_tr uJ, source)}: power-states.txt, or
    the file $POWER_STATES names (a tester's measured figures)."""
    path = os.environ.get("POWER_STATES") or os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                          "power-states.txt")
    states = {}
    with open(path) as f:
        for n, line in enumerate(f, 1):
            if not line.strip() or line.startswith("#"):
                continue
            cols = line.split(None, 4)
            try:
                states[cols[0]] = (int(cols[1]), int(cols[2]), int(cols[3]), cols[4].strip())
            except (IndexError, ValueError):
                raise SystemExit("%s:%d: want 'state P_on P_off E_tr source', got: %s" % (path, n, line.strip()))
    return states


def lpm_on(policy):
    """Does an idle link sleep by itself under this LPM policy?"""
    return policy not in ("max_performance", "keep_firmware_settings", "-", "", None)


def column_lpm(policy, observed, assumed):
    """The LPM policy a column counts a linked port's idle link by.

    On QEMU (an assumption given) the hosts cannot do LPM: stock and autopm
    are counted with the policy Debian's kernel applies to the machine QEMU
    stands for, powertop's columns with what powertop writes. Elsewhere,
    what the host said in that window.
    """
    if not assumed:
        return observed
    return POWERTOP_LPM if policy in ("powertop", "both") else assumed


def state(name, kclass, facts, lpm):
    """The state of a counted device, or None to keep the kernel's figures."""
    if kclass == "pci-d3hot":
        return "pci-function"
    if kclass == "hdd-spindown":
        return "hdd-spindown"
    if kclass == "sata-link":
        if SCSI.match(name):
            return "sata-disk"
        if facts.get("link") == "no":
            return "sata-port-empty"
        return "sata-link-lpm" if lpm_on(lpm) else "sata-link-active"
    if kclass == "usb-device":
        if re.match(r"^usb\d+$", name):
            return "usb-root-hub"
        return "usb-disk" if SCSI.match(name) else "usb-device"
    return None


def mw(cols, figures):
    """Average mW of a kernel table line (device model source active_ms
    suspnd_ms susp% suspends ...) under figures (P_on, P_off, E_tr)."""
    active, suspended, suspends = int(cols[3]), int(cols[4]), int(cols[6])
    if active + suspended == 0:
        return 0.0
    uj = figures[0] * active + figures[1] * suspended + figures[2] * suspends
    return float(uj) / (active + suspended)


def count(tables, devs, assumed, states, policies):
    """{policy: {device: (state, mW, susp%, resumes, window ms)}}."""
    out = {}
    for p in policies:
        out[p] = {}
        for dev, cols in tables[p].items():
            facts = devs[p].get(dev, {})
            lpm = column_lpm(p, facts.get("lpm"), assumed)
            st = state(dev, cols[1], facts, lpm)
            if st and st not in states:
                raise SystemExit("power-states: no figures for the state %s (of %s)" % (st, dev))
            figs = states[st][:3] if st else (int(cols[11]), int(cols[12]), int(cols[13]))
            out[p][dev] = (st or cols[1], mw(cols, figs), int(cols[5]), int(cols[7]),
                           int(cols[3]) + int(cols[4]))
    return out


def same_everywhere(counted, devs, policies):
    """Devices with no link (ATA ports) or no driver (the others), and
    those of them whose figure differs between policies."""
    quiet = [d for d, f in devs["stock"].items()
             if f.get("link") == "no" or (f.get("link") == "-" and f.get("driver") == "-")]
    differ = [d for d in quiet if any(d in counted[p] and abs(counted[p][d][1] - counted["stock"][d][1]) > 0.001
                                      for p in policies)]
    return quiet, differ


def stock_lpm_saving(counted, states):
    """What stock's LPM saves on linked ports against max_performance."""
    on, off = states["sata-link-active"], states["sata-link-lpm"]
    rows = [c for c in counted["stock"].values() if c[0] == "sata-link-lpm"]
    return len(rows), sum((on[0] - off[0]) * (100 - c[2]) / 100.0 for c in rows)
