import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const repo = resolve(import.meta.dirname, '../..');
// A real lab report from the shared labdata when this machine has it; otherwise the scanned
// report the OCR adapter keeps as its fixture, so the test runs on any clean clone.
const labdata = resolve(process.env.HT_LABDATA ?? resolve(repo, '../shared/labdata'), 'reports/in_hsuit_fullbody_6p/hsuit_11.pdf');
const report = existsSync(labdata) ? labdata : resolve(repo, 'crates/adapters/ocr/tests/fixtures/synthetic_cbc.png');

// A patient in India: the browser asks for en-IN, so the region is IN and nearby doctors can be
// looked up without a location (SPEC §5).
test.use({ locale: 'en-IN' });

test('a new user consents, uploads a report and sees its analysis appear without reloading', async ({ page }, info) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));

  await page.goto('/api/login');
  await page.getByLabel('Email').fill('e2e.upload@example.in');
  await page.getByLabel('First name').fill('Meera');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Meera' })).toBeVisible();

  await page.getByTestId('upload-input').setInputFiles(report);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Grant Consent & Continue' })).toBeDisabled();
  for (const box of await dialog.getByRole('checkbox').all()) await box.check();
  await dialog.getByRole('button', { name: 'Grant Consent & Continue' }).click();
  await expect(page.getByText('Upload successful')).toBeVisible();

  // Processing finishes and the report is selected by the state machine, with no reload.
  await expect(page.getByRole('button', { name: /^Select / }).first()).toBeVisible();
  await expect(page.getByText('completed')).toBeVisible({ timeout: 45_000 });
  const abnormal = page.getByTestId('abnormal-result');
  await expect(abnormal.first()).toBeVisible({ timeout: 10_000 });
  await expect(abnormal.first().getByText(/^(mild|moderate|severe)$/)).toBeVisible();
  await expect(page.getByTestId('recommendation').first()).toBeVisible();
  await expect(page.getByText('Why these specialists?')).toBeVisible();
  await expect(page.getByLabel('Reports Uploaded')).toHaveText('1');

  await page.screenshot({ path: info.outputPath('dashboard-report-desktop.png'), fullPage: true });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: info.outputPath('dashboard-report-phone.png'), fullPage: true });

  // The original file opens from the list.
  const view = await page.request.get(await page.getByRole('link', { name: 'View' }).first().getAttribute('href') ?? '');
  expect(view.status()).toBe(200);
  expect(view.headers()['x-content-type-options']).toBe('nosniff');

  expect(errors).toEqual([]);
});
