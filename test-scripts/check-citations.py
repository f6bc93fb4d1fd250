#!/usr/bin/env python3
"""Check how the repository's documents cite the series' patches.

The documents serve both series, whose numbers differ (6.1 has a patch
6.12 does not need), and a re-roll renumbers them: they cite a patch by
its subject in double quotes, whole or cut short with an ellipsis
("scsi: sd, sr: mark a disk dead..."). A bare "patch N" fails, and so does
a quoted subject that no patch of either series has.

Usage: check-citations.py PATCHES DOC...   (TAP on standard output)
PATCHES holds one directory per series, each with its `series` file.
"""
import glob
import os
import re
import sys

NUMBER = re.compile(r'\b[Pp]atch(?:es)? [0-9]+')
# A quoted patch subject: a subsystem prefix, a colon, the summary.
SUBJECT = re.compile(r'"((?:PM|ata|scsi|USB|PCI|ALSA)\b[^":]*: [^"]+)"')


def series_subjects(patches):
    """Every subject of every series under PATCHES, from the patch files."""
    subjects = set()
    for series in glob.glob(os.path.join(patches, '*', 'series')):
        d = os.path.dirname(series)
        for name in open(series).read().splitlines():
            if not name.strip() or name.startswith('#'):
                continue
            text = open(os.path.join(d, name)).read()
            m = re.search(r'^Subject: \[PATCH[^\]]*\] (.*(?:\n .*)*)', text, re.M)
            if m:
                subjects.add(' '.join(m.group(1).split()))
    return subjects


def known(cited, subjects):
    cited = ' '.join(cited.split())
    for cut in ('\u2026', '...'):
        if cited.endswith(cut):
            stem = cited[:-len(cut)].rstrip()
            return any(s.startswith(stem) for s in subjects)
    return cited in subjects


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    subjects = series_subjects(sys.argv[1])
    if not subjects:
        sys.exit(f'check-citations: no series under {sys.argv[1]}')
    n = 0
    for doc in sys.argv[2:]:
        try:
            text = open(doc).read()
        except OSError as e:
            sys.exit(f'check-citations: cannot read {doc}: {e.strerror}')
        bad = []
        for lineno, line in enumerate(text.splitlines(), 1):
            bad += [f'{lineno}: "{m.group(0)}" (cite the subject)'
                    for m in NUMBER.finditer(line)]
        for m in SUBJECT.finditer(text):
            if not known(m.group(1), subjects):
                lineno = text.count('\n', 0, m.start()) + 1
                bad.append(f'{lineno}: "{m.group(1)}" is no patch of either series')
        n += 1
        if bad:
            print(f'not ok {n} {doc} cites patches it does not name')
            for b in bad:
                print(f'# {doc}:{b}')
        else:
            print(f'ok {n} {doc} cites every patch by a subject of the series')
    print(f'1..{n}')


if __name__ == '__main__':
    main()
