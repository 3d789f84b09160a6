import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, fixtureAccounts, login } from './support/login';

// Charts that tell the truth: bars from zero, time axes ascending, round ticks, values on hover, dashboards drawn.
// They draw what devices recorded: the metrics of a simulated router (105) once it has reported a few times, and
// the data usage of the first device: its seeded days' counters, and today's as its simulated router reports them.

/** A device with its data usage recorded (the seed's reporting devices are the fleet's first). */
const COUNTING = 1;

/** Waits until the device has recorded `count` snapshots (the fleet simulator's router answers the gateway's polls). */
async function reported(page: Page, id: number, count: number): Promise<number> {
  let total = 0;
  await expect
    .poll(
      async () => {
        const reply = await api(page, 'GET', `/devices/${id}/information-history?limit=1`);
        total = ((await reply.json()) as { meta?: { total?: number } }).meta?.total ?? 0;
        return total;
      },
      { timeout: 90_000, intervals: [2000] },
    )
    .toBeGreaterThanOrEqual(count);
  return total;
}

const yTicks = (chart: Locator) => chart.locator('.chart-y-tick text').allTextContents();

async function hoverTime(page: Page, chart: Locator, fraction: number): Promise<number> {
  await chart.scrollIntoViewIfNeeded();
  const box = (await chart.locator('.u-over').boundingBox())!;
  await page.mouse.move(box.x + box.width * fraction, box.y + box.height / 2);
  const time = page.locator('.chart-tooltip time');
  await expect(time).toBeVisible();
  return Date.parse((await time.getAttribute('datetime'))!);
}

test('the month bar chart starts at zero and its lowest bar is visible', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/statistics/months-stats' });
  const chart = page.getByRole('img', { name: 'Months chart' });
  await expect(chart).toBeVisible();
  const ticks = await yTicks(chart);
  expect(ticks[0]).toBe('0');
  const heights = await chart
    .locator('.chart-bar')
    .evaluateAll((bars) => bars.map((bar) => bar.getBoundingClientRect().height));
  expect(heights.length).toBeGreaterThan(0);
  expect(Math.min(...heights)).toBeGreaterThan(0);
  // Bars stand on the zero line: their bottoms share one baseline.
  const bottoms = await chart
    .locator('.chart-bar')
    .evaluateAll((bars) => bars.map((bar) => Math.round(bar.getBoundingClientRect().bottom)));
  expect(new Set(bottoms).size).toBe(1);
  // Months run left to right in time order: the hover of each bar names its month.
  const times: number[] = [];
  for (const bar of await chart.locator('.chart-bar-group').all()) {
    await bar.hover();
    times.push(Date.parse((await page.locator('.chart-tooltip time').getAttribute('datetime'))!));
  }
  expect(times.length).toBeGreaterThan(1);
  expect(times).toEqual([...times].sort((a, b) => a - b));
  await page.screenshot({ path: 'test-results/charts-months.png', fullPage: true });
});

test('data usage ticks take round steps in 1024-based units, and a bar shows its value on hover', async ({ page }) => {
  await login(page, fixtureAccounts.super, { path: `/devices/${COUNTING}/data-usage` });
  const chart = page.getByRole('img', { name: 'Data usage chart' });
  await expect(chart).toBeVisible();
  const ticks = await yTicks(chart);
  // The first step is 1, 2 or 5 × 10^n of a 1024-based unit; the others are whole multiples of it.
  expect(ticks[1]).toMatch(/^(1|2|5|10|20|50|100|200|500) (KB|MB|GB)$/);
  const unit = ticks[1].split(' ')[1];
  const step = parseInt(ticks[1]);
  for (const [i, tick] of ticks.entries()) expect(tick).toBe(`${step * i} ${unit}`);
  await chart.locator('.chart-bar-group').first().hover();
  await expect(page.locator('.chart-tooltip')).toContainText(/SIM 1 received: [\d.]+ (MB|KB)/);
});

test('a metrics time axis ascends left to right, values on hover, one unit per chart', async ({ page }) => {
  test.setTimeout(150_000);
  await login(page, fixtureAccounts.super, { path: null });
  const recorded = await reported(page, 105, 3);
  await page.goto('/devices/105/metrics/dynamic');
  const signal = page.getByRole('img', { name: /Signal \(dBm\)/ });
  await expect(signal.locator('canvas')).toBeVisible();
  const left = await hoverTime(page, signal, 0.05);
  await expect(page.locator('.chart-tooltip')).toContainText(/Signal \(dBm\): -\d+ dBm/);
  await expect(page.locator('.chart-tooltip')).not.toContainText('°C');
  const right = await hoverTime(page, signal, 0.95);
  expect(right).toBeGreaterThan(left);
  // Time-proportional: the hour half-way across the axis lies half-way between its ends.
  const middle = await hoverTime(page, signal, 0.5);
  expect(Math.abs(middle - (left + right) / 2)).toBeLessThanOrEqual(2 * 3600_000);
  // The data table keeps every value for screen readers, in the same ascending order.
  await page.getByText('Data table').click();
  // (the router may report again meanwhile: at least as many as were recorded before the page opened).
  await expect(page.locator('table.page-table tbody tr').nth(recorded - 1)).toBeAttached();
});

test('a device dashboard draws its widgets', async ({ page }) => {
  await login(page, fixtureAccounts.super, { path: `/devices/${COUNTING}/dashboards/1` });
  const widgets = page.getByRole('list', { name: 'Widgets' });
  await expect(widgets.locator('> li')).toHaveCount(4);
  await expect(widgets.locator('.widget-value strong').nth(1)).toHaveText(/^-\d+ dBm$/);
  await expect(widgets.getByRole('img', { name: /Signal \(dBm\)/ }).locator('canvas')).toBeVisible();
  // A chart widget is headed by the widget's title, not by its chart page's.
  await expect(widgets.getByRole('heading', { level: 2, name: 'Signal and temperature' })).toBeVisible();
  await page.screenshot({ path: 'test-results/charts-dashboard.png', fullPage: true });
  await page.goto(`/devices/${COUNTING}/dashboards/2`);
  await expect(widgets.locator('> li')).toHaveCount(3);
  await expect(widgets.getByRole('img', { name: 'Data usage chart' }).locator('.chart-bar').first()).toBeVisible();
});

test('chart pages pass axe, light and dark', async ({ page }) => {
  test.setTimeout(150_000);
  await login(page, fixtureAccounts.super, { path: null });
  await reported(page, 105, 2);
  await page.goto('/devices/105/metrics/dynamic');
  await expect(page.locator('.time-chart canvas').first()).toBeVisible();
  const audit = async () => {
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .include('.chart-page')
      .analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  };
  await audit();
  await page.screenshot({ path: 'test-results/charts-metrics-light.png', fullPage: true });
  await page.goto(`/devices/${COUNTING}/data-usage`);
  await expect(page.locator('.chart-bar').first()).toBeVisible();
  await audit();
  await page.context().addCookies([{ name: 'dark_mode', value: 'enable', url: page.url() }]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('.chart-bar').first()).toBeVisible();
  await audit();
  await page.screenshot({ path: 'test-results/charts-data-usage-dark.png', fullPage: true });
  await page.goto('/devices/105/metrics/dynamic');
  await expect(page.locator('.time-chart canvas').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/charts-metrics-dark.png', fullPage: true });
});
