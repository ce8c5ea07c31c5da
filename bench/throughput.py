#!/usr/bin/env python3
"""End-to-end processing throughput: text-PDF reports per minute through the real server.

Starts `healthtracker serve` (release build) on a fresh SQLite data directory, signs in through
the development form, consents, uploads every text PDF in labdata N times (each copy made
unique by a trailing PDF comment so the duplicate check lets it through), and times how long it
takes until every report has left `processing`.

    python3 bench/throughput.py [--bin PATH] [--copies 5] [--labdata DIR] [--database-url URL]
"""
import argparse, json, os, subprocess, sys, tempfile, time, urllib.request, socket
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p


def curl(*args):
    out = subprocess.run(["curl", "-s", *args], capture_output=True, text=True, check=True).stdout
    return out


def main():
    ap = argparse.ArgumentParser()
    target = os.environ.get("CARGO_TARGET_DIR", str(ROOT / "target"))
    ap.add_argument("--bin", default=f"{target}/release/healthtracker")
    ap.add_argument("--copies", type=int, default=5)
    ap.add_argument("--labdata", default=str(ROOT.parent / "shared" / "labdata"))
    ap.add_argument("--database-url", default=None, help="PostgreSQL instead of the embedded SQLite")
    a = ap.parse_args()

    pdfs = []
    for gt in sorted(Path(a.labdata, "reports").glob("*/ground_truth.json")):
        meta = json.loads(gt.read_text())
        if (meta.get("format") or "").lower().startswith("text pdf"):
            pdfs.extend(sorted(gt.parent.glob("*.pdf")))
    if not pdfs:
        sys.exit("no text PDFs found under " + a.labdata)

    data = tempfile.mkdtemp(prefix="ht-throughput-")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = dict(os.environ, HT_BIND=f"127.0.0.1:{port}", HT_DATA_DIR=data, HT_STATIC_DIR=data,
               OMP_THREAD_LIMIT="1", RUST_LOG="warn")
    if a.database_url:
        env["DATABASE_URL"] = a.database_url
    server = subprocess.Popen([a.bin, "serve"], env=env)
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(base + "/api/public-config"); break
            except Exception:
                time.sleep(0.05)
        jar = os.path.join(data, "jar")
        curl("-c", jar, "-H", f"Origin: {base}", "-d", "email=bench@example.in&firstName=Bench", base + "/api/login")
        consent = json.dumps({"consentType": "explicit",
                              "purposes": ["healthcare_analysis", "personalized_recommendations", "follow_up_reminders"],
                              "dataCategories": ["health_records", "test_results", "personal_information"],
                              "retentionPeriod": "5_years", "acceptTerms": True, "region": "IN"})
        curl("-b", jar, "-H", f"Origin: {base}", "-H", "Content-Type: application/json", "-d", consent,
             base + "/api/compliance/india/consent")
        # Pro, so the Free allowance does not stop the run (embedded SQLite only).
        if not a.database_url:
            import sqlite3
            con = sqlite3.connect(os.path.join(data, "healthtracker.sqlite"))
            con.execute("UPDATE users SET is_pro = 1"); con.commit(); con.close()
        files = []
        for i in range(a.copies):
            for p in pdfs:
                copy = Path(data, f"{i}-{p.name}")
                copy.write_bytes(p.read_bytes() + f"\n%ht-bench-{i}\n".encode())
                files.append(copy)
        ids = []
        start = time.monotonic()
        for f in files:
            out = curl("-b", jar, "-H", f"Origin: {base}", "-F", f"healthReport=@{f}", base + "/api/upload")
            body = json.loads(out)
            if "id" not in body:
                if "limit" in body.get("message", ""):
                    break
                sys.exit(f"upload of {f.name} failed: {body}")
            ids.append(body["id"])
        accepted = time.monotonic() - start
        pending = set(ids)
        failed = 0
        while pending:
            time.sleep(0.05)
            for i in list(pending):
                st = json.loads(curl("-b", jar, f"{base}/api/reports/{i}/status"))["status"]
                if st != "processing":
                    pending.discard(i)
                    failed += st == "failed"
        total = time.monotonic() - start
        print(f"{len(ids)} text-PDF reports ({len(pdfs)} distinct labdata PDFs x {a.copies}) uploaded in {accepted:.1f} s, "
              f"all processed in {total:.1f} s ({failed} failed)")
        print(f"throughput: {len(ids) / total * 60:.0f} reports per minute end to end "
              f"({os.cpu_count()} cores, {env.get('HT_WORKERS', os.cpu_count())} workers)")
    finally:
        server.terminate(); server.wait()


if __name__ == "__main__":
    main()
