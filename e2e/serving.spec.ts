import { expect, test, type Page } from '@playwright/test';
import { fixtureAccounts, loginWithForm } from './support/login';

// The console under the production Content-Security-Policy, enforced (no
// inline script, no 'unsafe-eval', no framing): the login page, the device
// list with its live socket, the notifications widget and a form page that
// validates a submission run without a single policy violation.

interface Violation {
  directive: string;
  blocked: string;
  source: string;
  line: number;
  sample: string;
}

async function watchViolations(page: Page): Promise<Violation[]> {
  const violations: Violation[] = [];
  await page.exposeFunction('reportViolation', (v: Violation) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation: (v: unknown) => void }).reportViolation({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: event.sourceFile,
        line: event.lineNumber,
        sample: event.sample,
      });
    });
  });
  return violations;
}

test('the console runs under its Content-Security-Policy without violations', async ({ page }) => {
  const violations = await watchViolations(page);
  const response = await page.goto('/account/login');
  const headers = response!.headers();
  expect(headers['content-security-policy-report-only']).toBeUndefined();
  const csp = headers['content-security-policy'];
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-eval');
  await loginWithForm(page, fixtureAccounts.admin);
  await page.waitForURL((url) => !url.pathname.startsWith('/account/login'));
  await page.goto('/management/devices');
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await page.getByRole('button', { name: 'Notifications' }).click();
  await page.keyboard.press('Escape');
  await page.goto('/forms/new-tag');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
