#!/usr/bin/env python3
"""Scores the OCR path on scans of layouts we otherwise only see as text PDFs.

Each labdata report that is a text PDF is printed and scanned in software: its pages rendered
with `pdftoppm` (grey, --dpi, 200 by default), turned by 0.7 degrees, blurred a little, its
contrast lowered and noise added, then saved as a JPEG-in-PDF (as office scanners do). Its
ground truth is the same, so `bench/accuracy.py` scores the scan of every layout exactly as it
scores the photos. This is a check of how the reader generalises to scans, not a fixture: the
held-out scans differ in every way this does not imitate.

    python3 bench/scans.py --bin target/release/healthtracker [--dpi 200] [--keep DIR]

Needs poppler-utils (pdftoppm) and Pillow (`pip install pillow`).
"""
import argparse
import glob
import json
import os
import random
import subprocess
import sys
import tempfile

from PIL import Image, ImageChops, ImageFilter

from accuracy import fmt, reports

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_BYTES = 10 * 1024 * 1024


def scan(pdf, out, dpi, seed):
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-png", pdf, os.path.join(tmp, "p")], check=True)
        rng = random.Random(seed)
        pages = []
        for path in sorted(glob.glob(os.path.join(tmp, "p*.png"))):
            page = Image.open(path).convert("L")
            page = page.rotate(rng.choice([-0.7, 0.7]), expand=True, fillcolor=255, resample=Image.BICUBIC)
            page = page.filter(ImageFilter.GaussianBlur(0.6))
            # Grey paper and toner: 255 -> 237, 0 -> 20.
            page = page.point(lambda v: int(v * 0.85 + 20))
            noise = Image.effect_noise(page.size, 6).point(lambda v: v - 128 if v > 128 else 0)
            page = ImageChops.subtract(page, noise)
            pages.append(page)
    for quality in (80, 65, 50, 35):
        pages[0].save(out, save_all=True, append_images=pages[1:], resolution=dpi, quality=quality)
        if os.path.getsize(out) <= MAX_BYTES:
            return True
    return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.environ.get("HT_BIN") or os.path.join(ROOT, "target/release/healthtracker"))
    ap.add_argument("--labdata", default=os.path.join(os.path.dirname(ROOT), "shared/labdata/reports"))
    ap.add_argument("--dpi", type=int, default=200)
    ap.add_argument("--keep", default=None, help="write the scans here and keep them")
    ap.add_argument("--show-misses", default=None)
    args = ap.parse_args()

    out_dir = args.keep or tempfile.mkdtemp(prefix="ht-scans-")
    made = 0
    for rid, gt, doc in reports(args.labdata):
        if fmt(doc) != "text-pdf":
            continue
        os.makedirs(os.path.join(out_dir, rid), exist_ok=True)
        if not scan(doc, os.path.join(out_dir, rid, "scan.pdf"), args.dpi, seed=rid):
            print(f"{rid}: the scan is over 10 MB at any JPEG quality, left out", file=sys.stderr)
            continue
        gt["file"] = "scan.pdf"
        json.dump(gt, open(os.path.join(out_dir, rid, "ground_truth.json"), "w"))
        made += 1
    print(f"{made} text PDFs scanned at {args.dpi} dpi into {out_dir}", file=sys.stderr)
    cmd = [sys.executable, os.path.join(ROOT, "bench/accuracy.py"), "--bin", args.bin, "--labdata", out_dir]
    if args.show_misses:
        cmd += ["--show-misses", args.show_misses]
    code = subprocess.run(cmd).returncode
    if not args.keep:
        subprocess.run(["rm", "-rf", out_dir])
    sys.exit(code)


if __name__ == "__main__":
    main()
