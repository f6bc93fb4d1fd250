#!/usr/bin/env python3
"""The parts of a series: a line "# part N: TITLE" in the series file opens
part N, which runs to the next such line; its cover letter is
PATCHDIR/partN-cover-letter.mbox (not .patch: it is no patch of the
series), in git format-patch's form, with To: and Cc: headers saying to
whom the part goes.

  parts.py write TREE PATCHDIR   refresh each part's cover letter from the
                                 tree's commits (export.sh calls it): the
                                 count in its subject, the "Size:" paragraph,
                                 shortlog and diffstat; subject, headers and
                                 text are kept
  parts.py check PATCHDIR NAME   TAP: each part has its cover letter, and the
                                 letter lists the part's patches and sizes
                                 as they are (a letter left stale fails)
"""
import os
import re
import subprocess
import sys
import tempfile


def parts(patchdir):
    """[(number, title, [patch files])] in series order."""
    out = []
    with open(os.path.join(patchdir, "series")) as f:
        for line in f:
            line = line.strip()
            m = re.match(r"#\s*part (\d+): (.*)", line)
            if m:
                out.append((int(m.group(1)), m.group(2), []))
            elif line and not line.startswith("#"):
                if not out:
                    sys.exit("parts: %s/series: a patch before the first '# part N:' line" % patchdir)
                out[-1][2].append(line)
    return out


def size_paragraph(patchdir, files):
    """What the part adds, counted from its patches' added lines."""
    code = core = test = doc = 0
    for name in files:
        path = None
        with open(os.path.join(patchdir, name), errors="replace") as f:
            for line in f:
                if line.startswith("+++ "):
                    path = re.sub(r"^b/", "", line[4:].strip())
                elif path and line.startswith("+"):
                    if path.startswith("Documentation/") or path == "MAINTAINERS":
                        doc += 1
                    elif path.endswith("_test.c"):
                        test += 1
                    else:
                        code += 1
                        if path.startswith(("drivers/base/power/", "include/linux/autopm")):
                            core += 1
    return ("Size: this part adds %d lines of non-test code (%d of them in\n"
            "drivers/base/power and include/linux/autopm.h, comments included),\n"
            "%d lines of KUnit tests and %d of documentation.\n" % (code, core, test, doc))


def subject(text):
    """(prefix, subject) of a cover letter: ("RFC PATCH", "PM: ...")."""
    m = re.search(r"^Subject: \[((?:RFC )?PATCH(?: v\d+)?) [0-9]+/[0-9]+\] (.*)$", text, re.M)
    if not m:
        sys.exit("parts: no '[PATCH 0/N] subject' line in a part's cover letter")
    return m.groups()


def split_letter(text):
    """(headers, text before the shortlog) of a cover letter."""
    head, body = text.split("\n\n", 1)
    return head, re.split(r"^autopm developers \(\d+\):$", body, maxsplit=1, flags=re.M)[0]


def write(tree, patchdir):
    series = [l.strip() for l in open(os.path.join(patchdir, "series"))
              if l.strip() and not l.startswith("#")]
    commits = subprocess.run(["git", "-C", tree, "rev-list", "--reverse", "base..HEAD"],
                             capture_output=True, text=True, check=True).stdout.split()
    if len(commits) != len(series):
        sys.exit("parts: %d commits above base, %d patches in the series" % (len(commits), len(series)))
    first = 0
    for number, title, files in parts(patchdir):
        path = os.path.join(patchdir, "part%d-cover-letter.mbox" % number)
        if not os.path.exists(path):
            sys.exit("parts: %s is missing: write its subject, To:, Cc: and text first" % path)
        old = open(path).read()
        head, blurb = split_letter(old)
        mail = re.findall(r"^(?:To|Cc): .*(?:\n[ \t].*)*", head, re.M)
        blurb = re.sub(r"^Size: .*?\n\n", "", blurb, flags=re.M | re.S).rstrip("\n") + "\n\n"
        blurb += size_paragraph(patchdir, files) + "\n"
        lo, hi = commits[first], commits[first + len(files) - 1]
        first += len(files)
        prefix, title_line = subject(old)
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(["git", "-C", tree, "-c", "user.name=autopm developers",
                            "-c", "user.email=autopm@example.org", "format-patch", "-q",
                            "--subject-prefix=" + prefix,
                            "--zero-commit", "--cover-letter", "-o", tmp, "%s~1..%s" % (lo, hi)],
                           check=True)
            new = open(os.path.join(tmp, sorted(os.listdir(tmp))[0])).read()
        new = new.replace("*** SUBJECT HERE ***", title_line)
        new = new.replace("*** BLURB HERE ***\n\n", blurb)
        nhead, rest = new.split("\n\n", 1)
        new = "\n".join([nhead] + mail) + "\n\n" + rest
        open(path, "w").write(new)


def check(patchdir, name):
    found = parts(patchdir)
    n = 0
    failed = False
    print("# parts of %s: %s" % (name, ", ".join("%d (%d patches)" % (p, len(f)) for p, _, f in found)))
    for number, title, files in found:
        n += 1
        path = os.path.join(patchdir, "part%d-cover-letter.mbox" % number)
        what = "part %d of %s (%s): cover letter" % (number, name, title)
        if not os.path.exists(path):
            print("not ok %d %s: %s missing" % (n, what, os.path.basename(path)))
            failed = True
            continue
        text = open(path).read()
        head, blurb = split_letter(text)
        subjects = []
        for f in files:
            s = re.search(r"^Subject: \[PATCH[^\]]*\] (.*(?:\n .*)*)", open(os.path.join(patchdir, f)).read(), re.M)
            subjects.append(" ".join(s.group(1).split()))
        shortlog = re.search(r"^autopm developers \((\d+)\):\n((?:  .*\n|\n)*)", text, re.M)
        listed = [] if not shortlog else re.findall(r"^  (\S.*(?:\n    .*)*)", shortlog.group(2), re.M)
        listed = [" ".join(s.split()) for s in listed]
        why = []
        if not re.search(r"^Subject: \[(RFC )?PATCH(?: v\d+)? 0*0/%d\] " % len(files), head, re.M):
            why.append("its subject does not count %d patches" % len(files))
        if not re.search(r"^To: ", head, re.M):
            why.append("no To: header")
        if sorted(listed) != sorted(subjects):
            why.append("its shortlog is not the part's patches")
        if size_paragraph(patchdir, files) not in blurb:
            why.append("its Size: paragraph is stale")
        if why:
            failed = True
            print("not ok %d %s: %s (run make export)" % (n, what, "; ".join(why)))
        else:
            print("ok %d %s" % (n, what))
            print("#   " + size_paragraph(patchdir, files).replace("\n", " ").strip())
    if not found:
        print("not ok 1 parts of %s: no '# part N:' line in the series" % name)
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "write":
        write(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == "check":
        sys.exit(check(sys.argv[2], sys.argv[3]))
    else:
        sys.exit(__doc__)
