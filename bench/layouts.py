#!/usr/bin/env python3
"""Makes text-PDF lab reports in layouts labdata does not have, with their ground truth, to
measure how the row reader generalises (the held-out set is "many lab layouts").

Each report draws its tests, values, flags and the way it prints them at random (seeded): the
order of its columns (range before the unit, a method column, a column of previous results, a
flag column, results in an "in range" or an "out of range" column, a column of remarks), how
a range is written (`a - b`, `a to b`, `(a-b)`, `< b`, `Up to b`, `>= a`, the unit inside it,
a label that only names it, `Ref: a - b`), how a flag is shown (a letter beside the value or
in its own column, `High`/`Low`, `*`, bold), references printed a tier a line under the row
(risk tiers, one line per sex or for adults and children, the label before or after the range,
with or without a colon), columns set left, right or centred, or no table at all (a list, each
result one run of words after its name, its reference in brackets or after `Ref.`; or each
result on a line under its name, `Result: 11.2 g/dL  Reference: 13.0 - 17.0`), a patient
block, section headings, method lines, notes with numbers between rows, page footers with phone numbers, and
tables that are not results. Ways of printing added later are drawn from streams of their own,
so that a seed's earlier layouts stay as they were. The PDF is
written here with the standard Helvetica fonts (no library), the ground truth beside it in
labdata's format, and `pdftotext -layout`'s text as labdata keeps it (which marks it a text PDF).

    python3 bench/layouts.py --out DIR [--reports 40] [--seed 1]
    python3 bench/accuracy.py --labdata DIR
"""
import argparse
import json
import os
import random
import subprocess

# name variants, units, low, high, decimals. A unit may be (unit, factor, decimals) when its
# numbers are the range's times factor (platelets in lakhs/cumm are the thousands over 100).
TESTS = [
    (["Haemoglobin", "Hemoglobin", "HAEMOGLOBIN (Hb)", "Hb"], ["g/dL", "gm/dL"], 13.0, 17.0, 1),
    (["Total RBC Count", "RBC", "Red Blood Cell Count", "R.B.C Count"], ["million/cumm", "x10^6/uL", "mill/cmm"], 4.5, 5.5, 2),
    (["Packed Cell Volume (PCV)", "Hematocrit", "HCT", "Haematocrit"], ["%"], 40.0, 50.0, 1),
    (["MCV", "Mean Corpuscular Volume"], ["fL", "fl"], 83.0, 101.0, 1),
    (["MCH", "Mean Corpuscular Hemoglobin"], ["pg"], 27.0, 32.0, 1),
    (["MCHC"], ["g/dL"], 31.5, 34.5, 1),
    (["RDW-CV", "RDW", "Red Cell Distribution Width"], ["%"], 11.6, 14.0, 1),
    (["Total Leucocyte Count", "WBC", "Total WBC Count", "TLC"], ["/cumm", ("x10^3/uL", 0.001, 2), "cells/cumm"], 4000, 11000, 0),
    (["Neutrophils", "Polymorphs", "Neutrophil %"], ["%"], 40.0, 80.0, 0),
    (["Lymphocytes", "Lymphocyte %"], ["%"], 20.0, 40.0, 0),
    (["Monocytes"], ["%"], 2.0, 10.0, 0),
    (["Eosinophils"], ["%"], 1.0, 6.0, 0),
    (["Basophils"], ["%"], 0.0, 2.0, 0),
    (["Platelet Count", "Platelets", "PLT"], [("lakhs/cumm", 0.01, 2), "x10^3/uL", ("/cumm", 1000, 0)], 150, 410, 0),
    (["ESR", "Erythrocyte Sedimentation Rate"], ["mm/hr", "mm/1st hr"], 0, 15, 0),
    (["Fasting Blood Sugar", "Glucose, Fasting", "Blood Glucose Fasting", "FBS"], ["mg/dL", "mg/dl"], 70, 100, 0),
    (["HbA1c", "Glycated Haemoglobin (HbA1c)", "Hemoglobin A1c"], ["%"], 4.0, 5.6, 1),
    (["Total Cholesterol", "Cholesterol, Total", "CHOLESTEROL"], ["mg/dL"], None, 200, 0),
    (["Triglycerides", "TRIGLYCERIDES"], ["mg/dL"], None, 150, 0),
    (["HDL Cholesterol", "HDL-Cholesterol", "HDL Cholesterol, Direct"], ["mg/dL"], 40, 60, 0),
    (["LDL Cholesterol", "LDL-Cholesterol (Calculated)", "LDL Chol Calc (NIH)"], ["mg/dL"], None, 100, 0),
    (["VLDL Cholesterol", "VLDL"], ["mg/dL"], 5, 40, 0),
    (["Blood Urea", "Urea", "UREA"], ["mg/dL"], 17, 43, 0),
    (["BUN", "Blood Urea Nitrogen"], ["mg/dL"], 6, 24, 0),
    (["Creatinine", "Serum Creatinine", "CREATININE"], ["mg/dL"], 0.7, 1.3, 2),
    (["Uric Acid", "Serum Uric Acid"], ["mg/dL"], 3.5, 7.2, 1),
    (["Sodium", "Sodium (Na+)", "SODIUM"], ["mmol/L", "mEq/L"], 136, 145, 0),
    (["Potassium", "Potassium (K+)"], ["mmol/L", "mEq/L"], 3.5, 5.1, 1),
    (["Chloride"], ["mmol/L", "mEq/L"], 98, 107, 0),
    (["Calcium", "Serum Calcium", "Calcium, Total"], ["mg/dL"], 8.6, 10.3, 1),
    (["Total Bilirubin", "Bilirubin, Total", "BILIRUBIN TOTAL"], ["mg/dL"], 0.3, 1.2, 2),
    (["Direct Bilirubin", "Bilirubin, Direct", "Conjugated Bilirubin"], ["mg/dL"], 0.0, 0.3, 2),
    (["SGOT (AST)", "AST", "Aspartate Aminotransferase (AST/SGOT)"], ["U/L", "IU/L"], None, 40, 0),
    (["SGPT (ALT)", "ALT", "Alanine Aminotransferase (ALT/SGPT)"], ["U/L", "IU/L"], None, 41, 0),
    (["Alkaline Phosphatase", "ALP", "Alkaline Phosphatase (ALP)"], ["U/L", "IU/L"], 40, 129, 0),
    (["GGT", "Gamma GT", "Gamma Glutamyl Transferase (GGT)"], ["U/L"], 8, 61, 0),
    (["Total Protein", "Protein, Total"], ["g/dL", "gm/dL"], 6.4, 8.3, 1),
    (["Albumin", "Serum Albumin"], ["g/dL", "gm/dL"], 3.5, 5.2, 1),
    (["Globulin"], ["g/dL"], 2.0, 3.5, 1),
    (["TSH", "Thyroid Stimulating Hormone (TSH)", "TSH (Ultrasensitive)"], ["uIU/mL", "mIU/L", "µIU/mL"], 0.27, 4.2, 2),
    (["Free T4", "FT4", "Free Thyroxine (FT4)"], ["ng/dL"], 0.93, 1.7, 2),
    (["Free T3", "FT3"], ["pg/mL"], 2.0, 4.4, 2),
    (["Total T3", "T3, Total", "Triiodothyronine (T3)"], ["ng/dL"], 80, 200, 0),
    (["Vitamin D, 25-Hydroxy", "25-OH Vitamin D", "Vitamin D Total"], ["ng/mL"], 30, 100, 1),
    (["Vitamin B12", "Vitamin B12 (Cyanocobalamin)"], ["pg/mL"], 211, 911, 0),
    (["Ferritin", "Serum Ferritin"], ["ng/mL"], 30, 400, 1),
    (["Serum Iron", "Iron", "IRON"], ["ug/dL", "µg/dL"], 65, 175, 0),
    (["TIBC", "Total Iron Binding Capacity"], ["ug/dL", "µg/dL"], 250, 450, 0),
    (["C-Reactive Protein", "CRP", "hs-CRP"], ["mg/L"], None, 5.0, 1),
    (["eGFR"], ["mL/min/1.73m2"], 90, None, 0),
    (["Magnesium"], ["mg/dL"], 1.6, 2.6, 1),
    (["Phosphorus", "Inorganic Phosphorus"], ["mg/dL"], 2.5, 4.5, 1),
    (["Prothrombin Time", "PT"], ["seconds", "sec"], 11.0, 13.5, 1),
    (["INR"], [""], 0.8, 1.2, 2),
    (["Insulin, Fasting", "Fasting Insulin"], ["uIU/mL", "µIU/mL"], 2.6, 24.9, 1),
    (["PSA, Total", "Total PSA"], ["ng/mL"], None, 4.0, 2),
    (["Amylase"], ["U/L"], 28, 100, 0),
    (["Lipase"], ["U/L"], 13, 60, 0),
]

QUALITATIVE = [
    (["Colour", "Color"], ["Pale Yellow", "Yellow", "Straw"], "Pale Yellow"),
    (["Appearance", "Clarity"], ["Clear", "Slightly Turbid"], "Clear"),
    (["Urine Protein", "Protein", "Albumin (Urine)"], ["Negative", "Trace", "Nil"], "Negative"),
    (["Urine Glucose", "Glucose (Urine)", "Sugar"], ["Negative", "Nil", "Absent"], "Negative"),
    (["Ketone Bodies", "Ketones"], ["Negative", "Absent"], "Negative"),
    (["Nitrite"], ["Negative", "Positive"], "Negative"),
    (["HIV I & II Antibody", "HIV 1/2 Antibodies"], ["Non Reactive"], "Non Reactive"),
    (["HBsAg", "Hepatitis B Surface Antigen"], ["Non Reactive", "Negative"], "Non Reactive"),
]

HEADERS = {
    "name": ["Test Name", "TEST", "Investigation", "Test Description", "PARAMETER", "Tests"],
    "value": ["Result", "RESULT", "Observed Value", "Value", "Your Value", "Results"],
    "unit": ["Unit", "Units", "UNITS", "Unit(s)"],
    "range": ["Reference Range", "Biological Ref. Interval", "Normal Range", "REFERENCE INTERVAL", "Ref. Range"],
    "flag": ["Flag", "FLAG", "H/L", "Status"],
    "in": ["In Range", "Within Range", "Normal"],
    "remarks": ["Remarks", "Comments", "Notes"],
    "out": ["Out Of Range", "Outside Range", "Abnormal"],
    "method": ["Method", "Technology", "METHOD"],
    "previous": ["Previous Result", "Last Value", "Prior Result"],
}
METHODS = ["Photometry", "CLIA", "ECLIA", "Calculated", "Impedance", "Enzymatic", "HPLC", "Flow Cytometry"]
NOTES = [
    "Note: Values between 5.7 and 6.4 % indicate an increased risk of diabetes.",
    "Kindly correlate clinically. Sample received at 10:45 AM on 05/11/2026.",
    "Fasting of 10-12 hours is required for lipid profile; 2 samples were tested.",
    "Test performed on Roche Cobas 6000 analyser, calibrated 03/11/2026.",
    "Result rechecked. Reference: ADA Standards of Care 2024, Table 2.2.",
    "Interpretation: a level above 100 ng/mL may be toxic; repeat in 3 months.",
]
SECTIONS = ["HAEMATOLOGY", "Complete Blood Count", "BIOCHEMISTRY", "Lipid Profile", "LIVER FUNCTION TEST",
            "Kidney Function Test", "THYROID PROFILE", "Vitamins", "Iron Studies", "CLINICAL PATHOLOGY"]


def fmt_num(v, decimals):
    return f"{v:.{decimals}f}"


def range_text(low, high, decimals, style):
    lo = None if low is None else fmt_num(low, decimals)
    hi = None if high is None else fmt_num(high, decimals)
    if lo is None:
        return random.choice([f"< {hi}", f"<{hi}", f"Up to {hi}", f"<= {hi}", f"Upto {hi}"])
    if hi is None:
        return random.choice([f"> {lo}", f">{lo}", f">= {lo}"])
    return {"dash": f"{lo} - {hi}", "tight": f"{lo}-{hi}", "to": f"{lo} to {hi}", "paren": f"({lo} - {hi})"}[style]


HELVETICA = {c: w for w, chars in [
    (191, "'"), (222, "ijl"), (260, "|"), (278, " !,./:;I[\\]ft"), (333, "()-`r³"), (334, "{}"), (355, '"'),
    (389, "*"), (469, "^"), (500, "Jcksvxyz"), (556, "#$0123456789?L_abdeghnopqu"), (576, "µ"), (584, "+<=>~"),
    (611, "FTZ"), (667, "&ABEKPSVXY"), (722, "CDHNRUw"), (778, "GOQ"), (833, "Mm"), (889, "%"), (944, "W"), (1015, "@"),
] for c in chars}


class Pdf:
    """A PDF of pages of text lines in Helvetica, written by hand."""

    def __init__(self, width=595):
        self.pages = []
        self.width = width

    def page(self):
        self.pages.append([])

    def text(self, x, y, s, size=9, bold=False):
        self.pages[-1].append((x, y, s, size, bold))

    @staticmethod
    def width(s, size):
        # Helvetica's advance widths (thousandths of an em; its metrics, as Liberation Sans
        # shares them), so that a value set right ends where it is meant to.
        return size * sum(HELVETICA.get(c, 556) for c in s) / 1000

    def save(self, path):
        objs = []

        def add(body):
            objs.append(body)
            return len(objs)

        font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        bold = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
        pages_id = len(objs) + 1 + 2 * len(self.pages)
        kids = []
        for items in self.pages:
            ops = []
            for x, y, s, size, b in items:
                enc = s.encode("cp1252", "replace").replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")
                ops.append(b"BT /F%d %d Tf %.2f %.2f Td (" % (2 if b else 1, size, x, y) + enc + b") Tj ET")
            stream = b"\n".join(ops)
            content = add(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
            kids.append(add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %d 842] /Contents %d 0 R "
                            b"/Resources << /Font << /F1 %d 0 R /F2 %d 0 R >> >> >>" % (pages_id, self.width, content, font, bold)))
        assert add(b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % k for k in kids), len(kids))) == pages_id
        catalog = add(b"<< /Type /Catalog /Pages %d 0 R >>" % pages_id)
        out = bytearray(b"%PDF-1.4\n")
        offsets = []
        for i, body in enumerate(objs, 1):
            offsets.append(len(out))
            out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
        xref = len(out)
        out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
        for o in offsets:
            out += b"%010d 00000 n \n" % o
        out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, catalog, xref)
        with open(path, "wb") as f:
            f.write(out)


def stacked_range(name, low, high, dec, sex, style, rng, form):
    """A range printed over lines, the one that applies to an adult of `sex` among them, or
    None for a test printed on one line: risk tiers, one line per sex or an adult's and a
    child's range."""
    n = lambda v: fmt_num(v, dec)
    lower = name.lower()
    tiers = None
    if "vitamin d" in lower or "25-oh" in lower:
        tiers = [("Deficiency", f"< {n(20)}"), ("Insufficiency", f"{n(20)} - {n(29)}"), ("Sufficiency", range_text(low, high, dec, style)),
                 ("Toxicity", f"> {n(high)}")]
    elif lower.startswith(("total chol", "cholesterol", "triglyc", "ldl")):
        tiers = [(rng.choice(["Desirable", "Optimal", "Normal"]), f"< {n(high)}"), ("Borderline High", f"{n(high)} - {n(high * 1.2 - 1)}"),
                 ("High", f">= {n(high * 1.2)}")]
    elif "a1c" in lower:
        tiers = [("Non-Diabetic", range_text(low, high, dec, style)), ("Pre-Diabetic", f"{n(high + 0.1)} - {n(6.4)}"), ("Diabetic", f">= {n(6.5)}")]
    elif lower in ("egfr",):
        tiers = [("Normal", f">= {n(low)}"), ("Mild Decrease", f"{n(60)} - {n(low - 1)}"), ("Moderate Decrease", f"{n(30)} - {n(59)}")]
    elif low is not None and high is not None and rng.random() < 0.6:
        other = range_text(round(low * 0.9, dec), round(high * 0.9, dec), dec, style)
        mine = range_text(low, high, dec, style)
        if rng.random() < 0.5:
            male, female = (mine, other) if sex[0] == "M" else (other, mine)
            tiers = [(rng.choice(["Male", "Men"]), male), (rng.choice(["Female", "Women"]), female)]
        else:
            child = range_text(round(low * 0.7, dec), round(high * 0.8, dec), dec, style)
            tiers = [(rng.choice(["Adult", "Adults"]), mine), (rng.choice(["Child", "Children"]), child)]
    if tiers is None:
        return None
    if rng.random() < 0.3:
        rng.shuffle(tiers)
    return [form.format(label=label, range=r) for label, r in tiers]


def make_report(rid, rng_seed, out_dir):
    random.seed(rng_seed)
    # The layout of this report.
    columns = random.choice([
        ["name", "value", "unit", "range"],
        ["name", "value", "range", "unit"],
        ["name", "value", "flag", "unit", "range"],
        ["name", "method", "value", "unit", "range"],
        ["name", "value", "unit", "range", "previous"],
        ["name", "value", "previous", "unit", "range"],
        ["name", "range", "value", "unit"],
        ["name", "flag", "value", "unit", "range"],
    ])
    flag_style = random.choice(["letter_after", "letter_before", "word", "star", "bold", "none"] if "flag" not in columns else ["column"])
    range_style = random.choice(["dash", "tight", "to", "paren"])
    unit_in_range = "unit" in columns and random.random() < 0.25
    if "unit" in columns and random.random() < 0.15:
        columns.remove("unit")  # the unit printed inside the range only
        unit_in_range = True
    sex = random.choice(["Male", "Female", "M", "F"])
    age = random.randint(18, 80)
    size = random.choice([8, 9, 10])
    gap = size * random.choice([1.5, 1.7, 2.0])
    method_lines = random.random() < 0.3
    thousands = random.random() < 0.4  # 7,500 for counts of thousands
    sex_split = random.random() < 0.3  # some ranges printed for both sexes
    tiers = random.random() < 0.3  # lipids with their risk tiers
    # The reference on the line under the row, after a label (no reference column).
    below = "range" in columns and "method" in columns and random.random() < 0.5
    if below:
        columns.remove("range")
    right_align_values = random.random() < 0.4
    # Ways of printing added later, drawn from their own stream so that the layouts above stay
    # as they were for a seed: a list's number before each name, a colon or dotted leader after
    # it, the unit in the result's cell (`11.2 g/dL`) or in brackets after the name, long names
    # wrapped onto a second line.
    style = random.Random(rng_seed ^ 0x5EED)
    serials = style.random() < 0.15
    name_end = style.choice(["", "", "", "", " :", " ....... :"])
    value_unit = False
    unit_in_name = False
    if "unit" in columns and "value" in columns and columns.index("unit") == columns.index("value") + 1:
        value_unit = style.random() < 0.15
    if value_unit:
        columns.remove("unit")
    elif "unit" in columns and not unit_in_range and style.random() < 0.1:
        columns.remove("unit")
        unit_in_name = True
    wrap = style.random() < 0.3
    # Ranges printed over several lines in the range column, under the row (tiers of risk,
    # one line per sex or age group), from a stream of their own for the same reason.
    stack_rng = random.Random(rng_seed ^ 0x57AC)
    stacked = "range" in columns and not below and stack_rng.random() < 0.5
    stack_form = stack_rng.choice(["{label} : {range}", "{label}: {range}", "{range} : {label}", "{label} {range}"])
    # Columns centred under centred headers, and notes with numbers in them between the rows,
    # from a stream of their own too.
    look = random.Random(rng_seed ^ 0xCE17)
    centred = look.random() < 0.3
    notes = look.random() < 0.3
    # A label before each reference that says only that it is one (`Ref: 13.0 - 17.0`).
    range_label = look.choice(["", "", "", "", "Ref: ", "Ref. Range: ", "Normal: ", "Range "])
    # The result in one of two columns, as Quest prints it: within the range or out of it.
    in_out = "flag" not in columns and look.random() < 0.15
    if in_out:
        at_value = columns.index("value")
        columns[at_value:at_value + 1] = ["in", "out"]
    # A column of remarks in words at the end (`Rechecked`, `Repeat advised`).
    remarks = look.random() < 0.15
    if remarks:
        columns.append("remarks")
    # No table at all: a list, each result one run of words after its name (`Hemoglobin: 11.2
    # g/dL (Ref: 13.0 - 17.0) L`), as patient portals and small labs print them.
    lister = random.Random(rng_seed ^ 0x1157)
    listed = lister.random() < 0.12
    if listed:
        flag_style = lister.choice(["letter_after", "word", "none", "end"])
        list_sep = lister.choice([":", ":", " -", " =", ""])
        range_label = ""  # (the list's own words name the reference)
        list_ref = lister.choice([" ({r})", " [{r}]", " (Ref: {r})", " (Normal: {r})", ", reference {r}", "  Ref. range {r}"])
    # The unit's column before the result's (`Test  Units  Result  Reference`), or before the
    # reference where that comes first, from a stream of its own.
    orderer = random.Random(rng_seed ^ 0x0DE4)
    unit_first = (not listed and "unit" in columns and "value" in columns and "method" not in columns
                  and orderer.random() < 0.12)
    if unit_first:
        columns.remove("unit")
        first = min(columns.index("value"), columns.index("range") if "range" in columns else len(columns))
        columns.insert(orderer.choice([first, columns.index("value")]), "unit")
    # Or each result on a line of its own under its name, its parts named (`Result: 11.2 g/dL
    # Reference: 13.0 - 17.0`), from a stream of its own too.
    stacker = random.Random(rng_seed ^ 0x5AB0)
    under = not listed and stacker.random() < 0.08
    if under:
        flag_style = stacker.choice(["letter_after", "word", "none"])
        under_words = stacker.choice([("Result:", "Reference:"), ("Value:", "Normal range:"), ("Observed:", "Ref. Interval:")])

    chosen = random.sample(TESTS, random.randint(12, 30))
    qual = random.sample(QUALITATIVE, random.randint(0, 3))
    pdf = Pdf()
    truth = []
    page_no = 0

    widths = {"name": 215, "value": 85, "in": 85, "out": 85, "remarks": 100, "unit": 75, "range": 260 if tiers else 230 if sex_split else 150, "flag": 40, "method": 80,
              "previous": 90}
    xs, x = {}, 40
    for c in columns:
        xs[c] = x
        x += widths[c]
    pdf.width = max(595, int(x) + 20)

    def at(c, text, size):
        """Where `text` starts in column `c`: its left edge, or centred in it."""
        if centred and c != "name":
            return xs[c] + (widths[c] - 15 - Pdf.width(text, size)) / 2
        return xs[c]

    def new_page():
        nonlocal page_no
        page_no += 1
        pdf.page()
        pdf.text(40, 800, random.choice(["CITY DIAGNOSTIC LABORATORY", "Sunrise Pathology Lab", "ACME CLINICAL LABS, INC."]), 14, True)
        pdf.text(40, 786, "12 Park Street, Sector 4, Pune 411001  Ph: +91 98220 12345  www.example-lab.com", 7)
        pdf.text(40, 766, f"Patient Name : Mr. A. Kumar", size)
        sex_text = random.choice([f"Age/Sex : {age} Y / {sex}", f"Age : {age} Years    Sex : {sex}", f"Age/Gender: {age}/{sex[0]}"])
        pdf.text(300, 766, sex_text, size)
        pdf.text(40, 752, f"Sample ID : {random.randint(10**9, 10**10)}", size)
        pdf.text(300, 752, f"Collected : 0{random.randint(1, 9)}/11/2026 08:{random.randint(10, 59)}", size)
        pdf.text(40, 738, f"Referred By : Dr. S. Rao", size)
        y = 712
        if listed or under:
            pdf.text(40, y, "RESULTS", size, True)
            return y - gap * 1.3
        for c in columns:
            header = random.choice(HEADERS[c])
            pdf.text(at(c, header, size), y, header, size, True)
        return y - gap * 1.3

    y = new_page()
    items = [("n", t) for t in chosen] + [("q", t) for t in qual]
    section_every = random.choice([6, 8, 100])
    for i, (kind, t) in enumerate(items):
        if y < 90:
            pdf.text(40, 40, f"Page {page_no} of ?   This is a computer generated report.", 7)
            y = new_page()
        if i % section_every == 0 and i:
            pdf.text(40, y, random.choice(SECTIONS), size + 1, True)
            y -= gap
        if kind == "q":
            names, values, normal = t
            name, value = random.choice(names), random.choice(values)
            cells = {"name": name, "value": value, "range": normal, "method": random.choice(METHODS)}
            # (No flag is printed; a found result against a "not found" reference is flagged
            # by the reader, rightly, so flags of these rows are not scored.)
            truth.append({"name": name, "value_text": value, "value": None, "unit": None, "ref_text": normal,
                          "ref_low": None, "ref_high": None, "page": page_no})
        else:
            names, units, low, high, dec = t
            name, unit = random.choice(names), random.choice(units)
            if isinstance(unit, tuple):
                unit, factor, dec = unit
                low, high = (None if b is None else round(b * factor, dec) for b in (low, high))
            lo_v = low if low is not None else high * 0.3
            hi_v = high if high is not None else low * 1.6
            span = hi_v - lo_v
            v = round(random.uniform(lo_v - 0.35 * span, hi_v + 0.35 * span), dec)
            v = max(v, 0.0 if dec else 1.0)
            # On a bound, `< b` and `Up to b` disagree on whether it is inside: keep off them.
            if v in (low, high):
                v = round(v + 10 ** -dec, dec)
            value = fmt_num(v, dec)
            # A result below what the assay measures (`< 0.5`), now and then for a test whose
            # range has no lower bound.
            below_limit = low is None and random.random() < 0.15
            if below_limit:
                v = round(high * 0.05, max(dec, 1))
                value = f"<{fmt_num(v, max(dec, 1))}"
            if thousands and dec == 0 and v >= 1000:
                value = f"{int(v):,}"
            abnormal = (low is not None and v < low) and "L" or (high is not None and v > high) and "H" or None
            rtext = range_text(low, high, dec, range_style)
            if unit_in_range and unit:
                rtext = f"{rtext} {unit}"
            if sex_split and low is not None and high is not None and unit != "%":
                # The other sex's range a little lower: the report's sex picks one.
                other = range_text(round(low * 0.9, dec), round(high * 0.9, dec), dec, range_style)
                male, female = (rtext, other) if sex[0] == "M" else (other, rtext)
                rtext = random.choice([f"M: {male} F: {female}", f"Male: {male}; Female: {female}"])
            if tiers and low is None and name.lower().startswith(("total chol", "cholesterol", "triglyc")):
                rtext = f"Desirable: < {fmt_num(high, dec)}; Borderline: {fmt_num(high, dec)}-{fmt_num(high * 1.2, dec)}; High: >= {fmt_num(high * 1.2, dec)}"
            cells = {"name": name, "value": value, "unit": unit, "range": rtext, "method": random.choice(METHODS)}
            if stacked:
                lines = stacked_range(name, low, high, dec, sex, range_style, stack_rng, stack_form)
                if lines:
                    cells["range_lines"] = lines
                    rtext = " ; ".join(lines)
                    cells["range"] = lines[0]
            if range_label and "range_lines" not in cells and not sex_split and not (tiers and low is None):
                rtext = cells["range"] = range_label + rtext
            if "previous" in columns:
                cells["previous"] = fmt_num(round(v * random.uniform(0.8, 1.2), dec), dec)
            # The flag as printed, in the ground truth's words (`*H` for a star on a high value).
            shown_flag = None
            bold = abnormal is not None and flag_style == "bold"
            if abnormal and flag_style != "none":
                word = {"H": "High", "L": "Low"}[abnormal]
                shown_flag = {"star": "*" + abnormal, "bold": "bold"}.get(flag_style, abnormal)
                if flag_style == "end":
                    cells["end"] = lister.choice([abnormal, word])
                elif flag_style == "column":
                    cells["flag"] = random.choice([abnormal, word])
                elif flag_style != "bold":
                    cells["value"] = {"letter_after": f"{value} {abnormal}", "letter_before": f"{abnormal} {value}",
                                      "word": f"{value} {word}", "star": f"{value}*"}[flag_style]
            if value_unit and unit:
                cells["value"] = f"{cells['value']} {unit}"
            printed_unit = unit if unit and ("unit" in columns or unit in rtext or value_unit or unit_in_name) else None
            if unit_in_name and unit:
                cells["name"] = f"{name} ({unit})"
            truth.append({"name": name, "value_text": value, "value": v if dec or below_limit else int(v), "unit": printed_unit,
                          "ref_text": rtext, "ref_low": low, "ref_high": high, "page": page_no})
            # (No flag printed anywhere on the report: flags are not scored.)
            if flag_style != "none":
                truth[-1]["flag"] = shown_flag
        if in_out:
            cells["out" if kind == "n" and abnormal else "in"] = cells.pop("value")
        if remarks:
            cells["remarks"] = look.choice(["", "", "", "Verified", "Rechecked", "Repeat advised", "Fasting sample",
                                            "Mildly haemolysed", "Correlate clinically"])
        if listed:
            # The whole row one run of words.
            value_cell = cells.get("value") or cells.get("out") or cells.get("in")
            line = f"{name}{list_sep} {value_cell}"
            if kind == "n" and unit and not value_unit:
                line += f" {unit}"
            reference = rtext if kind == "n" else normal
            # (Tiers are not all normal: a list names them the reference.)
            form = list_ref.replace("Normal:", "Ref:") if ";" in reference else list_ref
            line += form.format(r=reference)
            if cells.get("end"):
                line += f" {cells['end']}"
            pdf.text(xs["name"], y, line, size)
            y -= gap
            continue
        if under:
            # The name, and under it the result with its unit and the reference, each named.
            if y < 110:
                pdf.text(40, 40, f"Page {page_no} of ?   This is a computer generated report.", 7)
                y = new_page()
            value_cell = cells.get("value") or cells.get("out") or cells.get("in")
            pdf.text(xs["name"], y, name, size, True)
            result = f"{under_words[0]} {value_cell}" + (f" {unit}" if kind == "n" and unit and not value_unit else "")
            pdf.text(xs["name"] + 12, y - gap * 0.8, result, size)
            pdf.text(xs["name"] + 200, y - gap * 0.8, f"{under_words[1]} {rtext if kind == 'n' else normal}", size)
            y -= gap * 2
            continue
        serial_no = i + 1
        printed_name = cells["name"]
        rest = None
        words = printed_name.split(" ")
        # (A name too wide for its column is wrapped too, as labs do.)
        too_wide = Pdf.width(f"{serial_no}. {printed_name}{name_end}", size) > widths["name"] - 12
        if (wrap and len(words) >= 3 and len(printed_name) > 22) or (too_wide and len(words) >= 2):
            cut = len(words) // 2
            printed_name, rest = " ".join(words[:cut]), " ".join(words[cut:])
        if serials:
            printed_name = f"{serial_no}. {printed_name}"
        if rest is None:
            printed_name += name_end
        cells["name"] = printed_name
        for c in columns:
            s = cells.get(c, "")
            if not s:
                continue
            xx = at(c, s, size)
            if c in ("value", "previous", "in", "out") and right_align_values and not centred:
                xx = xs[c] + widths[c] - 15 - Pdf.width(s, size)
            pdf.text(xx, y, s, size, bold and c in ("value", "out"))
        for k, line in enumerate(cells.get("range_lines", [])[1:], 1):
            pdf.text(at("range", line, size), y - gap * 0.6 * k, line, size)
        if rest is not None:
            # The rest of a long name on the line below, under its start.
            pdf.text(xs["name"] + (Pdf.width(f"{serial_no}. ", size) if serials else 0), y - gap * 0.6, rest + name_end, size)
        y -= gap * 0.6 * max(len(cells.get("range_lines", [])) - 1, 1 if rest is not None else 0)
        y -= gap
        if below and cells.get("range"):
            pdf.text(xs["name"], y + gap * 0.3, random.choice(["Bio. Ref. Interval :", "Reference Range :"]), size - 1)
            pdf.text(xs["name"] + 110, y + gap * 0.3, cells["range"], size - 1)
            y -= gap * 0.8
        if method_lines and kind == "n" and random.random() < 0.5:
            pdf.text(xs["name"] + 6, y + gap * 0.35, f"Method : {random.choice(METHODS)}", size - 2)
            y -= gap * 0.6
        if notes and look.random() < 0.15:
            pdf.text(xs["name"], y + gap * 0.2, look.choice(NOTES), size - 1)
            y -= gap * 0.8
    y -= gap
    if y > 150 and random.random() < 0.5:
        pdf.text(40, y, "Interpretation :", size, True)
        for line in ["HbA1c (%)        Remarks", "4.0 - 5.6        Non diabetic", "5.7 - 6.4        Prediabetes",
                     ">= 6.5           Diabetes"]:
            y -= gap
            pdf.text(48, y, line, size - 1)
    pdf.text(40, 60, "*** End of Report ***", size)
    pdf.text(40, 40, f"Page {page_no} of {page_no}   Lab helpline 1800-123-4567", 7)

    folder = os.path.join(out_dir, rid)
    os.makedirs(folder, exist_ok=True)
    pdf.save(os.path.join(folder, "report.pdf"))
    text = subprocess.run(["pdftotext", "-layout", os.path.join(folder, "report.pdf"), "-"], capture_output=True, text=True).stdout
    with open(os.path.join(folder, "report.pdftotext.txt"), "w") as f:
        f.write(text)
    gt = {"report_id": rid, "file": "report.pdf", "layout_notes": f"columns {columns}, flags {flag_style}, ranges {range_style}"
          f"{', unit inside the range' if unit_in_range else ''}, sex {sex}"
          f"{', thousands' if thousands else ''}{', sex-split ranges' if sex_split else ''}{', lipid tiers' if tiers else ''}"
          f"{', reference below' if below else ''}{', numbered' if serials else ''}{', names end ' + repr(name_end) if name_end else ''}"
          f"{', unit in the result cell' if value_unit else ''}{', unit after the name' if unit_in_name else ''}"
          f"{', long names wrapped' if wrap else ''}{', columns centred' if centred else ''}{', notes between rows' if notes else ''}{', references after ' + repr(range_label) if range_label else ''}{', results in or out of range' if in_out else ''}{', remarks' if remarks else ''}{', a list' if listed else ''}{', results under their names' if under else ''}", "tests": truth}
    with open(os.path.join(folder, "ground_truth.json"), "w") as f:
        json.dump(gt, f, indent=1, ensure_ascii=False)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--reports", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    for i in range(args.reports):
        make_report(f"layout_{i:03d}", args.seed * 100003 + i, args.out)
    print(f"{args.reports} reports in {args.out}")


if __name__ == "__main__":
    main()
