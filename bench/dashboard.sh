#!/usr/bin/env bash
# GET /api/dashboard p50/p99 with 200 concurrent clients and 1,000 reports, on SQLite and
# PostgreSQL, beside the trivial /api/public-config of the same server in the same run.
# Usage: bench/dashboard.sh [CLIENTS] [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
clients=${1:-200}
seconds=${2:-10}
cargo build --release -q -p healthtracker --example dashboard_load
bin=${CARGO_TARGET_DIR:-target}/release/examples/dashboard_load
"$bin" "" "$clients" "$seconds"
pg=${HT_BENCH_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432}
db="ht_bench_$$"
psql "$pg/postgres" -qc "CREATE DATABASE $db" >/dev/null
trap 'psql "$pg/postgres" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null' EXIT
"$bin" "$pg/$db" "$clients" "$seconds"
