#!/usr/bin/env python3
"""The two series against each other, as TAP: a change that reaches one
series only fails here.

For each patch, matched by subject, both series change the same files; a
file the series adds has the same content in both (git's blob ID of its
last version); and on the default machine both kernels decide the same for
every device, with the same reason (tables/on.txt and tables/observe.txt
of each). What may differ, and why, is in patches/differences.

Usage: cross-series.py PATCHES BUILD   (patches/, build/)
"""
import re
import sys
from pathlib import Path

A, B = "6.1", "6.12"
TABLES = ("on", "observe")


def patches(series_dir):
    """{subject: {path: last blob ID}} in series order."""
    out = {}
    for name in (series_dir / "series").read_text().splitlines():
        if not name.strip() or name.startswith("#"):
            continue
        text = (series_dir / name).read_text()
        head = text.split("\n\n", 1)[0]
        subject = re.search(r"^Subject: \[PATCH[^\]]*\] (.*(?:\n .*)*)", head, re.M)
        subject = " ".join(subject.group(1).split())
        files = {}
        for path, blob in re.findall(r"^diff --git a/\S+ b/(\S+)\n(?:.*\n)*?index \w+\.\.(\w+)",
                                     text, re.M):
            files[path] = blob
        out[subject] = files
    return out


def allowed(path):
    """The allow-list: {(kind, series, what)}."""
    allow = set()
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        kind, rest = line.split(None, 1)
        if kind in ("device", "content"):
            allow.add((kind, "", rest.split(None, 1)[1].strip()))
        elif kind == "patch":
            series, subject = rest.split(None, 1)
            allow.add(("patch", series, subject.strip()))
        else:
            series, path_, subject = rest.split(None, 2)
            allow.add((kind, series, path_ + " " + subject.strip()))
    return allow


def decisions(table):
    """{device path: "verdict reason"} from a devtable.sh table."""
    rows = {}
    for line in table.read_text().splitlines()[1:]:
        f = line.split()
        if len(f) >= 10:
            rows[f[0]] = f[8] + " " + f[9]
    return rows


def check_patches(series, allow, result):
    """Each patch in both series, changing the same files."""
    for s, other in ((A, B), (B, A)):
        for subject in series[s]:
            if subject not in series[other]:
                result(("patch", s, subject) in allow, f"{s} only, allowed: {subject}")
    for subject in series[A]:
        if subject not in series[B]:
            continue
        fa, fb = series[A][subject], series[B][subject]
        odd = [f"{s}:{p}" for s, mine, theirs in ((A, fa, fb), (B, fb, fa))
               for p in mine if p not in theirs and ("file", s, p + " " + subject) not in allow]
        result(not odd, f"same files in both series: {subject}", " ".join(odd))


def added(patch_root):
    """Paths that a patch of either series creates."""
    paths = set()
    for s in (A, B):
        for f in (patch_root / s).glob("0*.patch"):
            paths.update(re.findall(r"^diff --git a/\S+ b/(\S+)\nnew file mode", f.read_text(), re.M))
    return paths



def check_added(series, created, allow, result):
    """The files the series add: the same last version in both."""
    last_blob = {s: {} for s in (A, B)}
    for s in (A, B):
        for files in series[s].values():
            last_blob[s].update(files)
    differ = [p for p in sorted(created) if p in last_blob[A] and p in last_blob[B]
              and last_blob[A][p] != last_blob[B][p] and ("content", "", p) not in allow]
    result(not differ, f"the {len(created)} files the series add are the same in both",
           " ".join(differ))


def check_tables(build, allow, result):
    """Both kernels: the same verdict and reason for every device."""
    for name in TABLES:
        ta, tb = build / A / "tables" / f"{name}.txt", build / B / "tables" / f"{name}.txt"
        if not (ta.exists() and tb.exists()):
            result(False, f"device decisions agree ({name})", "a table is missing")
            continue
        da, db = decisions(ta), decisions(tb)
        odd = [f"{d}: {da.get(d)} / {db.get(d)}" for d in sorted(set(da) | set(db))
               if da.get(d) != db.get(d) and ("device", "", d) not in allow]
        result(bool(da) and not odd, f"device decisions agree ({name}, {len(da)} devices)",
               "; ".join(odd))


def main():
    patch_root, build = Path(sys.argv[1]), Path(sys.argv[2])
    allow = allowed(patch_root / "differences")
    series = {s: patches(patch_root / s) for s in (A, B)}
    results = []

    def result(ok, what, why=""):
        results.append(("ok" if ok else "not ok", what, why))

    check_patches(series, allow, result)
    check_added(series, added(patch_root), allow, result)
    check_tables(build, allow, result)
    print(f"1..{len(results)}")
    for n, (status, what, why) in enumerate(results, 1):
        print(f"{status} {n} cross: {what}" + (f" ({why})" if why and status != "ok" else ""))


if __name__ == "__main__":
    main()
