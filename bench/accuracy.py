#!/usr/bin/env python3
"""Scores `healthtracker analyze --json` against every ground_truth.json in ../shared/labdata.

Prints precision, recall and F1 of (test name, value) per report and per format, and, on the
matched rows, how often the unit, the reference range and the flag agree. Rows on pages the
ground truth says were not transcribed are left out of the score (the note column says so).
Where a ground truth says its missing flags were not verified and are to be derived from the
range, a missing flag is so derived.

    python3 bench/accuracy.py [--bin PATH] [--labdata DIR] [--show-misses PATTERN] [--jobs 2]
"""
import argparse
import json
import os
import re
import subprocess
import sys
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def norm_name(s):
    return re.sub(r"[^a-z0-9]", "", (s or "").lower())


def norm_unit(s):
    """A unit as compared: case, spaces, µ and how a power of ten is written (`X 10³ / µL` is
    `x10^3/uL`) do not count."""
    s = re.sub(r"\s+", "", (s or "").lower()).replace("μ", "u").replace("µ", "u")
    return s.replace("^", "").translate(str.maketrans("²³⁶", "236"))


def value_key(value, text):
    if value is not None:
        return f"{float(value):.6g}"
    return re.sub(r"[^a-z0-9]", "", (text or "").lower())


def gt_flag(f):
    """(abnormal?, direction or None) from the verbatim printed flag."""
    if not f:
        return (False, None)
    f = f.lower()
    if f.startswith("h"):
        return (True, "high")
    if f.startswith("l"):
        return (True, "low")
    return (True, None)


def derived_flag(t):
    """The flag a ground truth leaves unverified, worked out as it says to: the value against
    its range (`(abnormal?, direction)`), or None where there is no number or range."""
    v, low, high = t.get("value"), t.get("ref_low"), t.get("ref_high")
    if not isinstance(v, (int, float)) or (low is None and high is None):
        return None
    if low is not None and v < low:
        return (True, "low")
    if high is not None and v > high:
        return (True, "high")
    return (False, None)


def flags_unverified(gt):
    """Whether the ground truth leaves unprinted flags unverified and says to derive them from
    the range (in_hsuit: bold there is synthetic, so pages 2-6 carry no flags)."""
    return "derive abnormality by comparing value to range" in (gt.get("verification") or "")


def fmt(path):
    if path.lower().endswith(".pdf"):
        return "text-pdf" if os.path.exists(re.sub(r"\.pdf$", ".pdftotext.txt", path, flags=re.I)) else "image-pdf"
    return "image"


def reports(labdata):
    """(report id, ground truth, path of its document) for each report under `labdata`."""
    for rid in sorted(os.listdir(labdata)):
        gt_path = os.path.join(labdata, rid, "ground_truth.json")
        if os.path.exists(gt_path):
            gt = json.load(open(gt_path))
            yield rid, gt, os.path.join(labdata, rid, gt["file"])


def unscored_pages(gt):
    """Pages the ground truth says were not transcribed ("pages 2-6 (...) not transcribed"):
    rows read there cannot be checked, so they are not scored."""
    m = re.search(r"pages? (\d+)\s*[-\u2013]\s*(\d+)[^;.]*?not transcribed", gt.get("verification") or "")
    return set(range(int(m.group(1)), int(m.group(2)) + 1)) if m else set()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.environ.get("HT_BIN") or next(
        (p for p in (os.path.join(ROOT, "target/release/healthtracker"), os.path.join(ROOT, "target/debug/healthtracker")) if os.path.exists(p)),
        "healthtracker"))
    ap.add_argument("--labdata", default=os.path.join(os.path.dirname(ROOT), "shared/labdata/reports"))
    ap.add_argument("--show-misses", default=None, metavar="PATTERN",
                    help="print the misses of every report whose name matches this regular expression")
    ap.add_argument("--jobs", type=int, default=1, help="reports read at once")
    args = ap.parse_args()
    show = re.compile(args.show_misses) if args.show_misses else None

    per_format = defaultdict(Counter)
    rows = []
    found = list(reports(args.labdata))
    with ThreadPoolExecutor(max(1, args.jobs)) as pool:
        runs = pool.map(lambda f: subprocess.run([args.bin, "analyze", "--json", f[2]], capture_output=True, text=True), found)
    for (rid, gt, doc), proc in zip(found, runs):
        kind = fmt(doc)
        ours = json.loads(proc.stdout)["results"] if proc.returncode == 0 else []
        skipped = unscored_pages(gt)
        derive = flags_unverified(gt)
        ours = [r for r in ours if r.get("page") not in skipped]
        want = Counter((norm_name(t["name"]), value_key(t["value"], t["value_text"])) for t in gt["tests"])
        got = Counter((norm_name(r["name"]), value_key(r["value"], r["valueText"])) for r in ours)
        tp = sum((want & got).values())
        c = per_format[kind]
        c["tp"] += tp
        c["gt"] += sum(want.values())
        c["ours"] += sum(got.values())
        # Field agreement on matched rows.
        by_key = defaultdict(list)
        for r in ours:
            by_key[(norm_name(r["name"]), value_key(r["value"], r["valueText"]))].append(r)
        disagreements = []
        for t in gt["tests"]:
            candidates = by_key.get((norm_name(t["name"]), value_key(t["value"], t["value_text"])))
            if not candidates:
                continue
            # Two tests can share a name once symbols are dropped ("NRBC %" and "NRBC"): pair
            # each with the row of the same unit, each row used once.
            same_unit = [c for c in candidates if norm_unit(c.get("unit")) == norm_unit(t.get("unit"))]
            r = (same_unit or candidates)[0]
            candidates.remove(r)
            if t.get("unit"):
                c["unit_n"] += 1
                ok = norm_unit(r.get("unit")) == norm_unit(t["unit"]) or norm_unit(t["unit"]) in norm_unit(r.get("unit"))
                c["unit_ok"] += ok
                if not ok:
                    disagreements.append(("unit", t["name"], t["unit"], r.get("unit")))
            if t.get("ref_low") is not None or t.get("ref_high") is not None:
                c["range_n"] += 1
                ok = (r.get("referenceLow"), r.get("referenceHigh")) == (t.get("ref_low"), t.get("ref_high"))
                c["range_ok"] += ok
                if not ok:
                    disagreements.append(("range", t["name"], (t.get("ref_low"), t.get("ref_high")), (r.get("referenceLow"), r.get("referenceHigh"))))
            if t.get("flag") is not None or "flag" in t:
                abn, direction = gt_flag(t.get("flag"))
                if t.get("flag") is None and derive:
                    abn, direction = derived_flag(t) or (abn, direction)
                ours_abn = r.get("flag") is not None
                ok = abn == ours_abn and (direction is None or not ours_abn or r.get("flag") == direction)
                c["flag_n"] += 1
                c["flag_ok"] += ok
                if not ok:
                    disagreements.append(("flag", t["name"], t.get("flag"), r.get("flag")))
        p = tp / max(1, sum(got.values()))
        rcl = tp / max(1, sum(want.values()))
        f1 = 2 * p * rcl / max(1e-9, p + rcl)
        note = "" if proc.returncode == 0 else (
            proc.stderr.strip().splitlines() or [f"exit status {proc.returncode}, nothing on stderr"])[-1][:60]
        if skipped:
            note = f"pages {min(skipped)}-{max(skipped)} not transcribed, not scored"
        rows.append((rid, kind, len(gt["tests"]), len(ours), p, rcl, f1, note))
        if show and show.search(rid):
            print(f"{rid} missed:", sorted((want - got).elements()))
            print(f"{rid} extra: ", sorted((got - want).elements()))
            for d in disagreements:
                print(f"{rid} " + "%-5s %s: printed %r, ours %r" % d)

    print(f"{'report':<34} {'format':<9} {'gt':>4} {'ours':>4} {'P':>6} {'R':>6} {'F1':>6}  note")
    for rid, kind, n_gt, n_ours, p, rcl, f1, note in rows:
        print(f"{rid:<34} {kind:<9} {n_gt:>4} {n_ours:>4} {p:6.3f} {rcl:6.3f} {f1:6.3f}  {note}")
    print()
    print(f"{'format':<9} {'P':>6} {'R':>6} {'F1':>6} {'unit':>6} {'range':>6} {'flag':>6}")
    for kind, c in sorted(per_format.items()):
        p = c["tp"] / max(1, c["ours"])
        rcl = c["tp"] / max(1, c["gt"])
        f1 = 2 * p * rcl / max(1e-9, p + rcl)
        frac = lambda k: c[k + "_ok"] / c[k + "_n"] if c[k + "_n"] else float("nan")
        print(f"{kind:<9} {p:6.3f} {rcl:6.3f} {f1:6.3f} {frac('unit'):6.3f} {frac('range'):6.3f} {frac('flag'):6.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
