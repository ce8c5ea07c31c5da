# Health Tracker Pro. `just` lists the recipes; every recipe works without just too (see README).

# List the recipes.
default:
    @just --list

# Set up what is missing, build, and serve http://localhost:8080 on embedded defaults.
run:
    bash .ci/dev run

# Set up what is missing and run every check and test.
test:
    bash .ci/dev test

# Clippy with warnings denied, rustfmt check, ESLint and TypeScript.
lint:
    cargo fmt --all -- --check
    cargo clippy --workspace --all-targets -- -D warnings
    cd frontend && npm run lint && npm run typecheck

# Format Rust code.
fmt:
    cargo fmt --all

# The Playwright browser test against a freshly built server.
e2e:
    cd frontend && npm run build
    cargo build -p healthtracker -p ht-ocr --bins
    cd frontend && npx playwright test

# Frontend dev server with hot reload (proxying /api to a running `healthtracker serve`).
dev-frontend:
    cd frontend && npm run dev

# Gzipped size of the JavaScript the first page load fetches.
bundle-size:
    cd frontend && npm run build && npm run size

# Apply database migrations (DATABASE_URL or the embedded SQLite file).
migrate:
    cargo run -p healthtracker -- migrate
