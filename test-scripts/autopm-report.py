# SPDX-License-Identifier: GPL-2.0
# autopm's per-device latency report from a perf.data with the autopm:* and
# rpm:* events: perf script -s autopm-report.py -i perf.data
#
# Per device: transitions, idle periods, log2 histograms (p50/p99/max) of the
# callback times and demand waits, and the resume callback times against the
# rpm_resume -> rpm_return_int pairs around them (compare_pairs());
# AUTOPM_REPORT_TAP=1 prints that as TAP lines too.
import os
from collections import defaultdict

# What a pair may add to its callback: the lock, the status changes, the
# events perf records (70 to 100 us a resume under TCG).
SLACK_NS = 200000

devices = defaultdict(lambda: defaultdict(list))
stacks = defaultdict(list)      # pid -> [open rpm_* call frame]
pairs = defaultdict(list)       # device -> [(callback ns, pair ns, nested)]


def ns(secs, nsecs):
    return secs * 1000000000 + nsecs


def count(dev, what, value):
    devices[dev][what].append(value)


def autopm__autopm_suspend(event_name, context, cpu, secs, nsecs, pid, comm,
                           callchain, name, latency_ns, ret, demand, wait_ns,
                           sample):
    count(name, 'suspend' if ret == 0 else 'suspend failed', latency_ns)


def autopm__autopm_resume(event_name, context, cpu, secs, nsecs, pid, comm,
                          callchain, name, latency_ns, ret, demand, wait_ns,
                          sample):
    if ret:
        count(name, 'resume failed', latency_ns)
        return
    count(name, 'resume', latency_ns)
    if demand:
        count(name, 'demand wait', wait_ns)
    for frame in reversed(stacks[pid]):
        if frame['device'] == name:
            if frame['call'] == 'resume':
                frame['callback'] = latency_ns
                frame['callback_end'] = ns(secs, nsecs)
            break


# autopm_idle's end (enum autopm_idle_end) and outcome (autopm_idle_outcome).
IDLE_END_MARK = 2
OUTCOMES = {1: 'idle, wrong', 2: 'idle, missed'}


def autopm__autopm_idle(event_name, context, cpu, secs, nsecs, pid, comm,
                        callchain, name, length_ns, suspended, delay_ms,
                        demand, end, *rest):
    count(name, 'idle period', length_ns)
    # rest: (outcome, sample) from the decision-code patch (19; 6.12: 18) on, (sample) before it.
    if len(rest) > 1 and rest[0] in OUTCOMES:
        count(name, OUTCOMES[rest[0]], length_ns)
    if suspended:
        count(name, 'idle, suspended', length_ns)
    if end == IDLE_END_MARK:
        count(name, 'idle, busy mark', length_ns)


def rpm_entry(call, pid, name, time):
    stacks[pid].append({'device': name, 'call': call, 'start': time,
                        'callback': None, 'nested': []})


def rpm_call(call):
    """The handler of the rpm_<call> event: an rpm_* call opens a frame."""
    def handler(event_name, context, cpu, secs, nsecs, pid, comm, callchain,
                name, *rest):
        rpm_entry(call, pid, name, ns(secs, nsecs))
    return handler


rpm__rpm_resume = rpm_call('resume')
rpm__rpm_suspend = rpm_call('suspend')
rpm__rpm_idle = rpm_call('idle')


def rpm__rpm_return_int(event_name, context, cpu, secs, nsecs, pid, comm,
                        callchain, name, ip, ret, sample):
    frames = stacks[pid]
    if not frames or frames[-1]['device'] != name:
        return
    frame = frames.pop()
    end = ns(secs, nsecs)
    if frame['callback'] is not None:
        pairs[name].append(pair_without_nested(frame, end))
    # The call that holds this one: a child's resume holds its parent's,
    # the parent's reference dropped, and the idle check queued after it.
    if frames:
        frames[-1]['nested'].append((frame['start'], end, name,
                                     frame['call']))


def pair_without_nested(frame, end):
    """(callback ns, pair ns, resumes held) for a resume's rpm pair.

    The calls the pair holds before or after the callback (the parent's
    resume, its reference dropped, the idle check) are not counted; those
    the callback makes itself (blk_post_runtime_resume() asks for an
    autosuspend) are part of it."""
    cb_end = frame['callback_end']
    cb_start = cb_end - frame['callback']
    outside = [(s, e, d, c) for s, e, d, c in frame['nested']
               if e <= cb_start or s >= cb_end]
    held = [d for s, e, d, c in outside if c == 'resume' and e - s > SLACK_NS]
    pair = end - frame['start'] - sum(e - s for s, e, _, _ in outside)
    return frame['callback'], pair, held


def trace_unhandled(event_name, context, fields, sample):
    pass


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))]


def us(ns):
    return '%.1f' % (ns / 1000.0)


def histogram(title, values):
    print('    %s: n=%d p50=%s us p99=%s us max=%s us' % (title, len(values),
          us(percentile(values, 50)), us(percentile(values, 99)), us(max(values))))
    buckets = defaultdict(int)
    for v in values:
        buckets[max(0, (v >> 10).bit_length())] += 1
    for b in sorted(buckets):
        low = 0 if b == 0 else 1 << (b - 1)
        print('      %9d .. %-9d us %5d %s' % (low * 1.024, (1 << b) * 1.024,
                                            buckets[b], '#' * min(50, buckets[b])))


def compare_pairs(name):
    """One line on the callback times against the rpm pairs; True if fine.

    The pairs are counted without the runtime PM calls they hold (a
    parent's resume, its reference dropped, the idle check queued after the
    resume); the line names the resumes. Every callback must fit in its
    pair, and the closest pair must be within 10% (or SLACK_NS) of its
    callback: both measure the same resume."""
    got = pairs.get(name)
    if not got:
        return None, 'no rpm_resume pair holds a resume'
    callback = sum(c for c, _, _ in got)
    paired = sum(p for _, p, _ in got)
    nested = sorted({d for _, _, n in got for d in n})
    closest = min(got, key=lambda g: g[1] - g[0])
    inside = all(c <= p + 1000 for c, p, _ in got)
    near = closest[1] - closest[0] <= max(closest[0] // 10, SLACK_NS)
    text = '%d resumes: callbacks %s us, rpm pairs %s us (x%.2f)' % (
        len(got), us(callback), us(paired), paired / max(callback, 1))
    if nested:
        text += ' without the resumes of ' + ', '.join(nested) + \
            ' they hold'
    if not inside:
        return False, text + ': a callback took longer than its rpm pair'
    if paired <= callback * 1.1:
        return near, text + ': within 10%'
    text += '; the pairs hold more: waits for a transition in progress on ' \
        'another task, the lock, the tracing; the closest pair is %s us ' \
        'longer than its callback' % us(closest[1] - closest[0])
    return near, text


def trace_end():
    tap = os.environ.get('AUTOPM_REPORT_TAP') == '1'
    n = 0
    print('autopm latency report (times in us)')
    for name in sorted(devices):
        d = devices[name]
        d['failed'] = d['suspend failed'] + d['resume failed']
        print(('%s: %d suspends, %d resumes (%d on demand), %d failed, %d idle '
               'periods (%d with a suspend, %d ended by busy marks, %d wrong, '
               '%d missed)') % ((name,) + tuple(len(d[k]) for k in (
                   'suspend', 'resume', 'demand wait', 'failed', 'idle period',
                   'idle, suspended', 'idle, busy mark', 'idle, wrong',
                   'idle, missed'))))
        for what, title in (('suspend', 'suspend callback'),
                            ('resume', 'resume callback'),
                            ('demand wait', 'demand wait')):
            if d[what]:
                histogram(title, d[what])
        fine, text = compare_pairs(name)
        print('    callback vs rpm pairs: ' + text)
        if tap and fine is not None:
            n += 1
            print('%s %d latency report: %s: %s' %
                  ('ok' if fine else 'not ok', n, name, text))
