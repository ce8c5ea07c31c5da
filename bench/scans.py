#!/usr/bin/env python3
"""Scores the OCR path on scans and phone photos of layouts we otherwise only see as text PDFs.

Each labdata report that is a text PDF is printed and scanned in software: its pages rendered
with `pdftoppm` (grey, --dpi, 200 by default), turned by 0.7 degrees, blurred a little, its
contrast lowered and noise added, then saved as a JPEG-in-PDF (as office scanners do). Its
ground truth is the same, so `bench/accuracy.py` scores the scan of every layout exactly as it
scores the photos. This is a check of how the reader generalises to scans, not a fixture: the
held-out scans differ in every way this does not imitate.

With --photo each page is instead photographed in software, as a phone held over a desk
would: seen at a slant (its corners moved by up to 3% of the page), lit unevenly (a quarter
darker on one side), on a dark desk at the edges, warm-tinted, blurred, about 950 pixels wide
(what the labdata photos have, near 110 dpi: a photo a messaging app has made smaller) and
saved as a JPEG. Each page is its own report, scored against the ground truth rows of that
page. `--photo-width 2400-3000` takes them as a phone's camera does (12 megapixels, the page
filling most of the frame): the page is rendered finer for it, at an eighth of the widest width
in dpi (375 dpi for 3000 px).

    python3 bench/scans.py --bin target/release/healthtracker [--dpi 200] [--photo] [--photo-width 880-1000] [--keep DIR]

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

from accuracy import flags_unverified, fmt, norm_name, reports, unscored_pages, value_key

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


def pages_of_tests(pdf, gt, binary):
    """The page each ground-truth test is printed on. The ground truth's page numbers are
    approximate in some reports (counted by form feeds), so where the text layer's reading
    finds the test with its value, its page is taken from there."""
    proc = subprocess.run([binary, "analyze", "--json", pdf], capture_output=True, text=True)
    found = {}
    if proc.returncode == 0:
        for r in json.loads(proc.stdout)["results"]:
            found.setdefault((norm_name(r["name"]), value_key(r["value"], r["valueText"])), r["page"])
    return [found.get((norm_name(t["name"]), value_key(t["value"], t["value_text"])), t.get("page")) for t in gt["tests"]]


def photograph(pdf, out_dir, rid, gt, seed, binary, widths=(880, 1000)):
    """One JPEG photo per page of `pdf` with the ground truth of that page, `widths` (least,
    most) pixels wide; how many were made."""
    rng = random.Random(seed)
    made = 0
    skipped = unscored_pages(gt)
    pages = pages_of_tests(pdf, gt, binary)
    with tempfile.TemporaryDirectory() as tmp:
        dpi = str(max(200, widths[1] // 8))
        subprocess.run(["pdftoppm", "-r", dpi, "-gray", "-png", pdf, os.path.join(tmp, "p")], check=True)
        for number, path in enumerate(sorted(glob.glob(os.path.join(tmp, "p*.png"))), start=1):
            tests = [t for t, page in zip(gt["tests"], pages) if page == number]
            if not tests or number in skipped:
                continue
            page = Image.open(path).convert("L")
            w, h = page.size
            # The page on a dark desk, seen at a slant: each corner of the photo maps to a
            # point a little inside or outside the page.
            margin = int(0.04 * w)
            desk = Image.new("L", (w + 2 * margin, h + 2 * margin), 70)
            desk.paste(page, (margin, margin))
            W, H = desk.size
            j = lambda: rng.uniform(-0.03, 0.03) * w
            quad = (j(), j(), j(), H + j(), W + j(), H + j(), W + j(), j())
            photo = desk.transform((W, H), Image.QUAD, quad, resample=Image.BICUBIC, fillcolor=70)
            # Uneven light: a quarter darker on one side, fading across the page.
            left = rng.random() < 0.5
            ramp = Image.linear_gradient("L").rotate(90 if left else -90).resize((W, H))
            light = ramp.point(lambda v: int(255 * (0.75 + 0.25 * v / 255)))
            photo = ImageChops.multiply(photo, light)
            # As much blur on the page at any size: a pixel at 200 dpi.
            photo = photo.filter(ImageFilter.GaussianBlur(int(dpi) / 200))
            width = rng.randint(*widths)
            photo = photo.resize((width, int(H * width / W)), Image.LANCZOS)
            noise = Image.effect_noise(photo.size, 8).point(lambda v: v - 128 if v > 128 else 0)
            photo = ImageChops.subtract(photo, noise)
            # Warm indoor light.
            rgb = Image.merge("RGB", (photo, photo.point(lambda v: int(v * 0.96)), photo.point(lambda v: int(v * 0.85))))
            name = f"{rid}-p{number}"
            os.makedirs(os.path.join(out_dir, name), exist_ok=True)
            rgb.save(os.path.join(out_dir, name, "photo.jpg"), quality=75)
            # One page: no pages left untranscribed, but flags still derived where the ground
            # truth says so.
            derive = "derive abnormality by comparing value to range" if flags_unverified(gt) else ""
            page_gt = dict(gt, file="photo.jpg", tests=tests, verification=derive)
            json.dump(page_gt, open(os.path.join(out_dir, name, "ground_truth.json"), "w"))
            made += 1
    return made


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.environ.get("HT_BIN") or os.path.join(ROOT, "target/release/healthtracker"))
    ap.add_argument("--labdata", default=os.path.join(os.path.dirname(ROOT), "shared/labdata/reports"))
    ap.add_argument("--dpi", type=int, default=200)
    ap.add_argument("--photo", action="store_true", help="phone photos of each page instead of scans")
    ap.add_argument("--photo-width", default="880-1000", metavar="MIN-MAX",
                    help="how many pixels wide the photos are (a phone camera's: 2400-3000)")
    ap.add_argument("--keep", default=None, help="write the scans here and keep them")
    ap.add_argument("--show-misses", default=None)
    args = ap.parse_args()

    low, _, high = args.photo_width.partition("-")
    widths = (int(low), int(high or low))
    out_dir = args.keep or tempfile.mkdtemp(prefix="ht-scans-")
    made = 0
    for rid, gt, doc in reports(args.labdata):
        if fmt(doc) != "text-pdf":
            continue
        if args.photo:
            made += photograph(doc, out_dir, rid, gt, seed=rid, binary=args.bin, widths=widths)
            continue
        os.makedirs(os.path.join(out_dir, rid), exist_ok=True)
        if not scan(doc, os.path.join(out_dir, rid, "scan.pdf"), args.dpi, seed=rid):
            print(f"{rid}: the scan is over 10 MB at any JPEG quality, left out", file=sys.stderr)
            continue
        gt["file"] = "scan.pdf"
        json.dump(gt, open(os.path.join(out_dir, rid, "ground_truth.json"), "w"))
        made += 1
    what = "pages photographed" if args.photo else f"text PDFs scanned at {args.dpi} dpi"
    print(f"{made} {what} into {out_dir}", file=sys.stderr)
    cmd = [sys.executable, os.path.join(ROOT, "bench/accuracy.py"), "--bin", args.bin, "--labdata", out_dir]
    if args.show_misses:
        cmd += ["--show-misses", args.show_misses]
    code = subprocess.run(cmd).returncode
    if not args.keep:
        subprocess.run(["rm", "-rf", out_dir])
    sys.exit(code)


if __name__ == "__main__":
    main()
