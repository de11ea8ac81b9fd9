/**
 * Analytics and device data in Chromium at 360×800 (docs/journeys/feedback-and-analytics.md 'Analytics and device info'):
 * - `collectAnalytics(page)`: every POST /burying-point/v2/burying-point body the page (its browser
 *   context: beacons sent while a page closes included) sends; reusable by any scenario;
 * - page views named by route patterns, the sign-in counted, nothing personal in any event;
 * - the location explanation: nothing read before Allow, Not now silent and remembered in the tab,
 *   Allow sends the position once;
 * - `analyticsScanScenario`: registered LAST, it reads every event the sandbox received during the
 *   whole run (/sandbox/api/analytics) and scans them for personal data.
 */
import type { Browser, Page } from 'playwright-core';
import type { BuryingPoint } from '../../contract/analytics';
import { paths } from '../../machines/shared/paths';
import { routes } from '../../src/app/routes';
import { NOT_FOUND_PAGE } from '../../src/lib/analytics';
import { PERSONAS } from '../../server/src/seed';
import { assert, newBorrowerPhone, newPhone, scenario, screenshot, type Sandbox } from './harness';

export interface AnalyticsContext {
  sandbox: Sandbox;
  browser: Browser;
  signIn: (page: Page, phone10: string) => Promise<void>;
  noErrors: (errors: string[]) => void;
}

const BURYING_POINT = '/api1/burying-point/v2/burying-point';

/**
 * Every analytics event the page's browser context sends from now on, as it leaves the browser (read
 * by intercepting the request and letting it through). A beacon sent while a page unloads (a full
 * navigation, a close) is not seen by the browser's automation: make the app send its queue first
 * with `hidePage`, or read the sandbox's copy (`sandboxEvents`).
 */
export async function collectAnalytics(page: Page): Promise<BuryingPoint[]> {
  const events: BuryingPoint[] = [];
  await page.context().route(`**${BURYING_POINT}`, async (route) => {
    const body = route.request().postData();
    if (route.request().method() === 'POST' && body) {
      try {
        const event = JSON.parse(body) as BuryingPoint | null;
        if (event && typeof event === 'object') events.push(event);
      } catch {
        events.push({ projectName: '?', pageName: '?', behavior: `unreadable body: ${body.slice(0, 80)}`, eventTime: 0 });
      }
    }
    await route.continue();
  });
  return events;
}

/** The events the sandbox received after the one numbered `afterId` (0: all), oldest first. */
export async function sandboxEvents(sandbox: Sandbox, afterId = 0): Promise<{ id: number; signedIn: boolean; event: BuryingPoint }[]> {
  const res = await fetch(`${sandbox.url}/sandbox/api/analytics?afterId=${afterId}`);
  assert(res.ok, `GET /sandbox/api/analytics (${res.status})`);
  return ((await res.json()) as { events: { id: number; signedIn: boolean; event: BuryingPoint }[] }).events;
}

/** Makes the app send what it queued: the page is hidden, as when the borrower switches apps. */
export async function hidePage(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Personal values seen during the run (phones typed, tokens stored, identity numbers): scenarios add
 * theirs with `rememberPersonal`, and the final scan looks for every one of them.
 */
const personal = new Set<string>([
  ...PERSONAS.flatMap((p) => [p.phone10, `91${p.phone10}`]),
  'ABCPE1234F',
  '290000000018',
  '290000000056',
  '290000000060',
]);
export function rememberPersonal(...values: (string | null | undefined)[]): void {
  for (const v of values) if (v && v.length >= 4) personal.add(v);
}
const PERSONA_NAMES = PERSONAS.map((p) => p.name);

/**
 * What in one event looks personal, judged independently of the app's sanitiser: the values seen,
 * the personas' names, and the shapes (9+ digits, +91, a PAN, an e-mail, a token-like string, a query).
 * The event time (epoch ms) is the one long number allowed.
 */
export function personalIn(event: BuryingPoint): string[] {
  const { eventTime: _time, ...rest } = event as BuryingPoint & Record<string, unknown>;
  const text = JSON.stringify(rest);
  const squashed = text.replace(/[\s-]/g, '');
  const found: string[] = [];
  for (const value of personal) if (squashed.toLowerCase().includes(value.replace(/[\s-]/g, '').toLowerCase())) found.push(`a value seen in the run (${value.slice(0, 4)}…)`);
  for (const name of PERSONA_NAMES) if (new RegExp(`\\b${name}\\b`, 'i').test(text)) found.push(`a name (${name})`);
  if (/\d(?:[\s.\-/]?\d){8,}/.test(text)) found.push('9 or more digits');
  if (/\+\s?91/.test(text)) found.push('+91');
  if (/[A-Z]{5}\d{4}[A-Z]/i.test(text)) found.push('a PAN');
  if (/[^\s@"]+@[^\s@"]+\.[a-z]{2,}/i.test(text)) found.push('an e-mail');
  if ((text.match(/[A-Za-z0-9_\-+=./]{16,}/g) ?? []).some((w) => /\d/.test(w))) found.push('a token-like string');
  if (/[?&](token|orderId|phone)=/i.test(text)) found.push('a query string');
  return found;
}

const PATTERNS = new Set([...routes.map((r) => r.path), NOT_FOUND_PAGE]);

function assertClean(events: readonly BuryingPoint[], where: string) {
  const bad = events.map((e) => ({ e, found: personalIn(e) })).filter((x) => x.found.length > 0);
  assert(bad.length === 0, `${where}: events with personal data:\n${bad.map((b) => `${b.found.join(', ')} in ${JSON.stringify(b.e).slice(0, 200)}`).join('\n')}`);
  const unnamed = events.filter((e) => !PATTERNS.has(e.pageName));
  assert(unnamed.length === 0, `${where}: page names that are not route patterns: ${unnamed.map((e) => e.pageName).join(', ')}`);
}

async function sandboxDevice(sandbox: Sandbox, method: 'GET' | 'POST', phone10: string, body?: object) {
  const res =
    method === 'GET'
      ? await fetch(`${sandbox.url}/sandbox/api/device?phone=91${phone10}`)
      : await fetch(`${sandbox.url}/sandbox/api/device`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert(res.ok, `sandbox device ${method} (${res.status})`);
  return (await res.json()) as { gps: number; locations: { latitude: number; longitude: number; address: string }[] };
}

export function analyticsScenarios({ sandbox, browser, signIn, noErrors }: AnalyticsContext) {
  scenario('analytics: page views by route pattern, the sign-in counted, sent by beacon when hidden, nothing personal', async () => {
    const since = (await sandboxEvents(sandbox)).at(-1)?.id ?? 0;
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    const events = await collectAnalytics(page);
    const phone10 = newBorrowerPhone();
    rememberPersonal(phone10, `91${phone10}`);
    await page.goto('/login');
    await signIn(page, phone10);
    rememberPersonal(await page.evaluate(() => localStorage.getItem('bw.token')));
    await page.waitForURL((u) => u.pathname === '/');
    await hidePage(page);
    await until(() => events.some((e) => e.pageName === '/' && e.behavior === 'page_view'), 'the home page view');
    // A query with an id and a phone: the page view is the pattern alone.
    await page.goto(`/personal/help?ref=${phone10}&orderId=12345`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await hidePage(page);
    await until(() => events.some((e) => e.pageName === paths.help.pattern), 'the help page view');
    await page.goto('/product/1');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await hidePage(page);
    await until(() => events.some((e) => e.pageName === paths.product.pattern), 'the product page view');
    const views = events.filter((e) => e.behavior === 'page_view').map((e) => e.pageName);
    for (const expected of ['/login', '/', '/personal/help', paths.product.pattern]) assert(views.includes(expected), `a page view of ${expected} (got ${views.join(', ')})`);
    assert(events.some((e) => e.behavior === 'sign_in' && e.pageName === '/login'), 'the sign-in is counted on /login');
    assert(events.every((e) => e.projectName === 'borrower-h5' && typeof e.eventTime === 'number'), 'project borrower-h5, epoch-ms times');
    assertClean(events, 'this borrower');
    // The sandbox received the same (and nothing carried a token: every event anonymous). A beacon the
    // page has just sent may still be on its way: wait for the sandbox to have every one.
    const got = (received: Awaited<ReturnType<typeof sandboxEvents>>, e: (typeof events)[number]) =>
      received.some((r) => JSON.stringify(r.event) === JSON.stringify(e) || (r.event.eventTime === e.eventTime && r.event.behavior === e.behavior));
    let received = await sandboxEvents(sandbox, since);
    await until(async () => {
      received = await sandboxEvents(sandbox, since);
      return events.every((e) => got(received, e));
    }, 'the sandbox to receive every event').catch(() => {});
    for (const e of events) assert(got(received, e), `the sandbox received ${e.behavior} on ${e.pageName}`);
    assert(received.every((r) => !r.signedIn), 'anonymous events');
    assertClean(received.map((r) => r.event), 'this borrower, at the sandbox');
    noErrors(errors);
    await context.close();
  });

  scenario('analytics: the location explanation — nothing read before Allow; Not now silent and remembered; Allow sends it once', async () => {
    const phone10 = newBorrowerPhone();
    rememberPersonal(phone10, `91${phone10}`);
    await sandboxDevice(sandbox, 'POST', phone10, { phone: `91${phone10}`, gps: 1 });
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    // The browser would give the position at once: only the app's own question stands before it.
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 12.9716, longitude: 77.5946 });
    await page.addInitScript(() => {
      const real = navigator.geolocation.getCurrentPosition.bind(navigator.geolocation);
      (window as unknown as { positionReads: number }).positionReads = 0;
      navigator.geolocation.getCurrentPosition = (...args: Parameters<Geolocation['getCurrentPosition']>) => {
        (window as unknown as { positionReads: number }).positionReads++;
        real(...args);
      };
    });
    const reads = () => page.evaluate(() => (window as unknown as { positionReads: number }).positionReads);
    await page.goto('/login');
    await signIn(page, phone10);
    const dialog = page.getByRole('dialog', { name: 'Use your location once?' });
    await dialog.waitFor();
    assert((await dialog.innerText()).includes("To check your application, we'd like to use your location once. We don't track you."), 'the plain explanation');
    await screenshot(page, '70-location-consent');
    assert((await reads()) === 0, 'no position read before Allow');
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForTimeout(500);
    assert(!(await dialog.isVisible()), 'Not now is remembered in the tab: not asked again after a reload');
    assert((await reads()) === 0 && (await page.locator('[role="status"], .toast').filter({ hasText: /location/i }).count()) === 0, 'nothing read, nothing said');
    assert((await sandboxDevice(sandbox, 'GET', phone10)).locations.length === 0, 'nothing sent');

    // Another tab: a new session of the tab, asked again; Allow reads the position once and sends it.
    const tab = await context.newPage();
    await tab.goto('/');
    const again = tab.getByRole('dialog', { name: 'Use your location once?' });
    await again.waitFor();
    await again.getByRole('button', { name: 'Allow' }).click();
    await again.waitFor({ state: 'detached' });
    await until(async () => (await sandboxDevice(sandbox, 'GET', phone10)).locations.length > 0, 'the location at the sandbox');
    const device = await sandboxDevice(sandbox, 'GET', phone10);
    assert(device.locations.length === 1, `sent once (got ${device.locations.length})`);
    assert(Math.abs(device.locations[0]!.latitude - 12.9716) < 1e-6 && Math.abs(device.locations[0]!.longitude - 77.5946) < 1e-6 && device.locations[0]!.address === '', 'the position as the browser gave it, no address');
    assert(device.gps === 0, 'the sandbox wants no more');
    await screenshot(tab, '71-home-after-location');
    noErrors(errors);
    await context.close();
  });
}

/**
 * The whole run's events, as the sandbox received them: register LAST in run.ts, so every scenario's
 * events (beacons of closed pages included) are scanned.
 */
export function analyticsScanScenario({ sandbox }: Pick<AnalyticsContext, 'sandbox'>) {
  scenario('analytics: every event the sandbox received during the run is free of personal data', async () => {
    await new Promise((r) => setTimeout(r, 500)); // the last beacons of closed pages
    const events = await sandboxEvents(sandbox);
    assert(events.length > 0, 'the run sent events');
    assert(events.every((e) => !e.signedIn), 'every event anonymous (no token sent)');
    assertClean(
      events.map((e) => e.event),
      `the run's ${events.length} events`,
    );
    console.log(`    (scanned ${events.length} events, ${new Set(events.map((e) => e.event.pageName)).size} pages)`);
  });
}
