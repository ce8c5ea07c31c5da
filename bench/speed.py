#!/usr/bin/env python3
"""Times `healthtracker analyze --json` against `pdftotext -layout` (text PDFs) and
`tesseract FILE - --psm 4` (images) on labdata, median of N rounds each (a round times each
side once, one after the other), and prints the ratios.

With --scans DIR (a folder `bench/scans.py --keep DIR` made) it times instead each scanned
PDF there: `tesseract PAGE - --psm 4` on every page image `pdfimages` takes out of it, summed,
against `analyze` on the PDF, which reads those same pages; or, in a folder of phone photos
(`bench/scans.py --photo --keep DIR`), `tesseract` against `analyze` on each photo.

For images it also prints how many of the report's values (from ground_truth.json) appear in
plain Tesseract's text (`read`): on several phone photos it reads none, so its time is that of
a pass that found nothing, and the ratio says how much more a reading that finds them costs.

    python3 bench/speed.py [--bin PATH] [--runs 5] [--scans DIR]
Build the release binary first (`cargo build --release -p healthtracker`).
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_time(cmd):
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - t


def median_times(*jobs, runs):
    """The median time of each job (a list of commands, timed as their sum) over `runs` rounds.
    A round runs every job once, one after the other, so that what slows the machine for a
    while (another tenant of the host) falls on both sides of a ratio alike: timed job by job,
    the same page's `tesseract` varied from 0.8 s to 1.5 s between one job's runs and the next's."""
    times = [[] for _ in jobs]
    for _ in range(runs):
        for job, spent in zip(jobs, times):
            spent.append(sum(run_time(cmd) for cmd in job))
    return [statistics.median(t) for t in times]


def values_read(cmd, gt_path):
    """`found/total`: the ground truth's values that `cmd` printed (numbers as whole numbers in its
    text, words such as Negative anywhere in it)."""
    if not os.path.exists(gt_path):
        return "-"
    with open(gt_path, encoding="utf-8") as f:
        tests = json.load(f).get("tests", [])
    text = subprocess.run(cmd, capture_output=True, text=True, check=False).stdout.lower().replace(",", ".")
    numbers = set(re.findall(r"[0-9]*\.?[0-9]+", text))

    def printed(test):
        shown = str(test.get("value_text") or test.get("value")).lower().replace(",", ".").lstrip("<> ")
        return shown in numbers if re.fullmatch(r"[0-9.]+", shown) else shown in text

    return f"{sum(1 for t in tests if printed(t))}/{len(tests)}"


def scans(folder, binary, runs):
    """Times each scanned PDF or photo of `folder` (see the module's notes) and prints the ratios."""
    print(f"{'scan':<40} {'pages':>5} {'tesseract':>10} {'ours':>10} {'ratio':>6}")
    ratios = {"scanned PDF": [], "photo": []}
    for rid in sorted(os.listdir(folder)):
        pdf, photo = (os.path.join(folder, rid, name) for name in ("scan.pdf", "photo.jpg"))
        if os.path.exists(pdf):
            kind = "scanned PDF"
            with tempfile.TemporaryDirectory() as tmp:
                subprocess.run(["pdfimages", "-all", pdf, os.path.join(tmp, "p")], check=True)
                pages = sorted(os.listdir(tmp))
                tesseract = [["tesseract", os.path.join(tmp, p), "-", "--psm", "4"] for p in pages]
                b, o = median_times(tesseract, [[binary, "analyze", "--json", pdf]], runs=runs)
        elif os.path.exists(photo):
            kind, pages = "photo", [photo]
            tesseract = [["tesseract", photo, "-", "--psm", "4"]]
            b, o = median_times(tesseract, [[binary, "analyze", "--json", photo]], runs=runs)
        else:
            continue
        ratios[kind].append(o / b)
        print(f"{rid:<40} {len(pages):>5} {b * 1000:9.1f}ms {o * 1000:9.1f}ms {o / b:6.2f}")
    for kind, found in ratios.items():
        if found:
            print(f"{kind}: median ratio {statistics.median(found):.2f}, worst {max(found):.2f} (goal: <= 1.2)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, "target/release/healthtracker"))
    ap.add_argument("--labdata", default=os.path.join(os.path.dirname(ROOT), "shared/labdata/reports"))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--scans", metavar="DIR", help="time the scanned PDFs bench/scans.py kept in DIR instead")
    args = ap.parse_args()
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
    if args.scans:
        scans(args.scans, args.bin, args.runs)
        return 0
    print(f"{'file':<58} {'baseline':>10} {'ours':>10} {'ratio':>6} {'sauvola':>10} {'ratio':>6} {'read':>6}")
    ratios = {"text-pdf": [], "image": [], "image vs sauvola": [], "image that tesseract reads (>= half its values)": []}
    for rid in sorted(os.listdir(args.labdata)):
        folder = os.path.join(args.labdata, rid)
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            if name.endswith(".pdf") and os.path.exists(path[:-4] + ".pdftotext.txt"):
                kind, base = "text-pdf", ["pdftotext", "-layout", path, "-"]
            elif name.lower().endswith((".jpg", ".jpeg", ".png")):
                kind, base = "image", ["tesseract", path, "-", "--psm", "4"]
            else:
                continue
            jobs = [[base], [[args.bin, "analyze", "--json", path]]]
            if kind == "image":
                jobs.append([base + ["-c", "thresholding_method=2"]])
            b, o, *sauvola = median_times(*jobs, runs=args.runs)
            ratios[kind].append(o / b)
            line = f"{rid + '/' + name:<58} {b * 1000:9.1f}ms {o * 1000:9.1f}ms {o / b:6.2f}"
            if kind == "image":
                sauvola = sauvola[0]
                ratios["image vs sauvola"].append(o / sauvola)
                line += f" {sauvola * 1000:9.1f}ms {o / sauvola:6.2f}"
                read = values_read(base, os.path.join(folder, "ground_truth.json"))
                line += f" {read:>6}"
                if read != "-" and 2 * int(read.split("/")[0]) >= int(read.split("/")[1]):
                    ratios["image that tesseract reads (>= half its values)"].append(o / b)
            print(line)
    for kind, rs in ratios.items():
        if rs:
            print(f"{kind}: median ratio {statistics.median(rs):.2f}, worst {max(rs):.2f} (goal: text PDF <= 2.0, image <= 1.2)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
