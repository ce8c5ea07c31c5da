import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** Fails the test on any console error or uncaught page error. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a visitor signs in through the development form and sees the welcome banner', async ({ page }, info) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'AI-Powered Health Report Analysis' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('landing-desktop.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Sign In with Google' }).first().click();
  await expect(page).toHaveTitle('Sign in');
  await page.getByLabel('Email').fill('e2e.asha@example.in');
  await page.getByLabel('First name').fill('Asha');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Asha' })).toBeVisible();
  await expect(page.getByLabel('Reports Uploaded')).toHaveText('0');
  await expect(page.getByText('FREE')).toBeVisible();
  await page.screenshot({ path: info.outputPath('dashboard-desktop.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: info.outputPath('dashboard-phone.png'), fullPage: true });

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'AI-Powered Health Report Analysis' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('landing-phone.png'), fullPage: true });

  // The 401s of a visitor's own user check are expected; anything else is a defect.
  expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
});
