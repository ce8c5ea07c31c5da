import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

// The real server on embedded defaults (SQLite, dev sign-in) in a throw-away data directory.
const port = process.env.HT_E2E_PORT ?? '18080';
const bin = process.env.HT_BIN ?? resolve(import.meta.dirname, '../target/debug/healthtracker');
const dataDir = mkdtempSync(join(tmpdir(), 'ht-e2e-'));
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  retries: 0,
  workers: 1,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright cannot download its own browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: `${bin} serve`,
    url: `${baseURL}/api/public-config`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      HT_BIND: `127.0.0.1:${port}`,
      HT_PUBLIC_URL: baseURL,
      HT_DATA_DIR: dataDir,
      HT_STATIC_DIR: resolve(import.meta.dirname, 'dist'),
      RUST_LOG: 'warn',
    },
  },
});
