#!/usr/bin/env python3
"""Check Documentation/perf.md's table of autopm's events against the trace
header of a tree with the series: the same events, each with the fields
its record has (an event defined on a class has the class's), in order.

Usage: check-trace-doc.py TRACE_HEADER DOC    (TAP on standard output)
"""
import re
import sys

FIELD = re.compile(r'__(?:string|field|array|dynamic_array)\(\s*([^,()]+)'
                   r'(?:,\s*([^,()]+))?')


def fields_of(entry):
    """The field names of a TP_STRUCT__entry() body, in order."""
    names = []
    for m in FIELD.finditer(entry):
        kind = m.group(0).split('(')[0]
        # __string(name, src); __field(type, name); __array(type, name, n)
        names.append(m.group(1) if kind == '__string' else m.group(2))
    return [n.strip() for n in names]


def header_events(text):
    """{event: [fields]} from TRACE_EVENT, DECLARE_EVENT_CLASS and
    DEFINE_EVENT(_PRINT) in a trace header."""
    classes, events = {}, {}
    # Each definition runs to the next one (or the end of the file).
    defs = re.split(r'\n(?=(?:TRACE_EVENT|DECLARE_EVENT_CLASS|DEFINE_EVENT'
                    r'(?:_PRINT)?)\()', text)
    for d in defs:
        m = re.match(r'(TRACE_EVENT|DECLARE_EVENT_CLASS|DEFINE_EVENT(?:_PRINT)?)'
                     r'\(\s*(\w+)\s*,\s*(\w+)?', d)
        if not m:
            continue
        kind, first, second = m.groups()
        entry = re.search(r'TP_STRUCT__entry\((.*?)\n\s*\),', d, re.S)
        if kind == 'TRACE_EVENT':
            events[first] = fields_of(entry.group(1)) if entry else None
        elif kind == 'DECLARE_EVENT_CLASS':
            classes[first] = fields_of(entry.group(1)) if entry else None
        else:
            events[second] = classes.get(first)
    return events


def doc_events(text):
    """{event: [fields]} from the rows "| `autopm:EVENT` | `f`, `g` | ... |"."""
    rows = {}
    for m in re.finditer(r'^\| `autopm:(\w+)` \| ([^|]*) \|', text, re.M):
        rows[m.group(1)] = re.findall(r'`(\w+)`', m.group(2))
    return rows


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    try:
        header = open(sys.argv[1]).read()
        doc = open(sys.argv[2]).read()
    except OSError as e:
        sys.exit(f'check-trace-doc: cannot read {e.filename}: {e.strerror}')
    events, rows = header_events(header), doc_events(doc)
    if not events:
        sys.exit(f'check-trace-doc: no events in {sys.argv[1]}')
    n = 0
    for name in sorted(set(events) | set(rows)):
        n += 1
        want, got = events.get(name), rows.get(name)
        if want is None:
            print(f'not ok {n} perf.md lists autopm:{name}, which the header does not define')
        elif got is None:
            print(f'not ok {n} perf.md has no row for autopm:{name} ({", ".join(want)})')
        elif got != want:
            print(f'not ok {n} perf.md gives autopm:{name} the fields {", ".join(got)};'
                  f' the header has {", ".join(want)}')
        else:
            print(f'ok {n} perf.md: autopm:{name} with its {len(want)} fields')
    print(f'1..{n}')


if __name__ == '__main__':
    main()
