/**
 * The flow atlas in Chromium (`npm run flows` wrote flows/; the sandbox serves it at /flows): the
 * index grouped by journey, reached from the sandbox page; the application machine stepped through
 * one of QA's paths, the highlighted states checked at every step against the same machine run
 * here; Back, Reset and a shared link; a state's details; the KYC machine; the page opened from
 * disk; no request leaves the page's own origin. Screenshots of the index, the application and the
 * KYC machines at 360×800 and at 1280×860.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { activeLeaves, createStepper } from '../../atlas/app/stepper';
import { MACHINE_JOURNEY } from '../../atlas/catalogue';
import type { AtlasMachine } from '../../atlas/model';
import { applicationMachine } from '../../machines/application/application.machine';
import { cases as applicationCases, inputs as applicationInputs } from '../../machines/application/application.cases';
import { stateLabel } from '../../model-testing/labels';
import { assert, newPhone, scenario, screenshot, type Sandbox } from './harness';

export interface AtlasContext {
  sandbox: Sandbox;
  browser: Browser;
  noErrors: (errors: string[]) => void;
  everyControlLabelled: (page: Page) => Promise<void>;
}

const FLOWS = join(import.meta.dirname, '../../flows');

/** The ids of the highlighted leaf states (a leaf: no state box inside it is drawn for it). */
async function highlightedLeaves(page: Page, data: Pick<AtlasMachine, 'states'>): Promise<string[]> {
  const active = await page.locator('g.st[data-active="true"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-state') ?? ''));
  const leaves = new Set(data.states.filter((s) => s.kind === 'atomic' || s.kind === 'final').map((s) => s.id));
  return active.filter((id) => leaves.has(id)).sort();
}

/**
 * No text of the diagram is drawn below 11 px on screen (its font size times the diagram's scale),
 * and a diagram wider than its frame scrolls inside it rather than shrinking.
 */
async function readable(page: Page, where: string): Promise<void> {
  const { smallest, scrolls, wider } = await page.locator('svg.diagram').evaluate((svg) => {
    const scale = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
    const sizes = [...svg.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
    const frame = svg.parentElement!;
    return { smallest: Math.min(...sizes), scrolls: getComputedStyle(frame).overflowX === 'auto', wider: svg.getBoundingClientRect().width > frame.clientWidth };
  });
  assert(smallest >= 10.99, `${where}: the smallest text is drawn at ${smallest.toFixed(2)} px, under 11 px`);
  assert(scrolls || !wider, `${where}: a diagram wider than its frame scrolls in it`);
}

/** Requests to anything but the sandbox's own origin are refused and recorded. */
async function offline(page: Page, origin: string): Promise<string[]> {
  const outside: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('file:')) return route.continue();
    outside.push(url);
    return route.abort();
  });
  return outside;
}

export function atlasScenarios({ sandbox, browser, noErrors, everyControlLabelled }: AtlasContext): void {
  scenario('flow atlas: the index groups every machine by journey, linked from the sandbox page', async () => {
    assert(existsSync(join(FLOWS, 'index.html')), 'flows/index.html exists: run `npm run flows` before the end-to-end tests');
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    const outside = await offline(page, sandbox.url);
    await page.goto('/sandbox');
    await page.getByRole('link', { name: 'Flow atlas' }).click();
    await page.waitForURL(/\/flows\/$/);
    await page.getByRole('heading', { name: 'Flow atlas', level: 1 }).waitFor();
    for (const journey of ['Sign-in', 'Verification', 'Application', 'Orders', 'Extension', 'Scheduling', 'Native shell and open pages']) {
      await page.getByRole('heading', { name: journey, level: 2 }).waitFor();
    }
    // Every machine of the catalogue (tests/tools/atlas.test.ts checks it is every machine under machines/).
    const cards = await page.locator('li.card').count();
    const machines = Object.keys(MACHINE_JOURNEY).length;
    assert(cards === machines, `${machines} machines on the index (${cards})`);
    const login = page.locator('li.card[data-machine="login"]');
    const text = (await login.innerText()).replace(/\s+/g, ' ');
    assert(/Sign in with a \+91 mobile number/.test(text) && /16\/16 transitions covered/.test(text) && text.includes('/login'), `login's card: ${text}`);
    assert((await page.locator('.badge-bad').count()) === 0, 'no machine has an uncovered transition');
    await everyControlLabelled(page);
    await screenshot(page, '70-atlas-index');
    await page.setViewportSize({ width: 1280, height: 860 });
    await screenshot(page, '70-atlas-index-desktop');
    assert(outside.length === 0, `the atlas asked for nothing outside its origin: ${outside.join(', ')}`);
    noErrors(errors);
    await context.close();
  });

  scenario('flow atlas: the application machine stepped through a QA path, highlighted state by state; Back, Reset, a shared link', async () => {
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    const outside = await offline(page, sandbox.url);
    await page.goto('/flows/#/m/application');
    await page.locator('svg.diagram').waitFor();
    const data = (await page.evaluate(() => window.__atlasData?.application)) as AtlasMachine | undefined;
    assert(data !== undefined, 'the page loaded the application data');
    // The longest of QA's paths, replayed here on the same machine with the same cases.
    const path = [...data.paths].sort((a, b) => b.steps.length - a.steps.length)[0]!;
    const stepper = createStepper(applicationMachine, applicationCases as readonly EventObject[]);
    const inputs = applicationInputs as Record<string, unknown>;
    const { steps } = stepper.replay(inputs[path.input], path.steps);
    assert(steps.length === path.steps.length + 1, `path #${path.id} replays here`);

    await page.getByRole('tab', { name: 'QA paths' }).click();
    await page.getByRole('button', { name: `#${path.id}`, exact: true }).click();
    await page.getByRole('region', { name: `Path ${path.id}` }).waitFor();
    for (const [i, step] of steps.entries()) {
      if (i > 0) await page.getByRole('button', { name: 'Next step' }).click();
      const expected = activeLeaves(step.snapshot as AnyMachineSnapshot).sort();
      await page.waitForFunction((n) => document.querySelector('.player p')?.textContent?.startsWith(`Step ${n} `), i);
      const shown = await highlightedLeaves(page, data);
      assert(JSON.stringify(shown) === JSON.stringify(expected), `step ${i} of path #${path.id}: highlighted ${shown.join(', ')}, expected ${expected.join(', ')}`);
      if (i > 0 && step.edges.length) {
        const taken = (await page.locator('g.ed-taken').count()) + (await page.locator('text.st-line-taken').count());
        assert(taken > 0, `step ${i}: the transition just taken is highlighted`);
      }
      if (i === 3) await screenshot(page, '71-atlas-application-stepping');
    }
    await page.getByText(`done, in ${path.final}`).waitFor();
    await page.setViewportSize({ width: 1280, height: 860 });
    await screenshot(page, '71-atlas-application-desktop');

    // Back (the page's button, then the browser's) and forward again: each is a step.
    const before = steps[steps.length - 2]!;
    await page.getByRole('tab', { name: 'Step through' }).click();
    await page.getByRole('button', { name: '← Back' }).click();
    await page.getByTestId('current-state').filter({ hasText: stateLabel(before.snapshot) }).waitFor();
    // A shared link opens the machine in the same state.
    const link = page.url();
    const other = await newPhone(browser, sandbox.url);
    await other.page.goto(link);
    await other.page.getByTestId('current-state').filter({ hasText: stateLabel(before.snapshot) }).waitFor();
    const shared = await highlightedLeaves(other.page, data);
    assert(JSON.stringify(shared) === JSON.stringify(activeLeaves(before.snapshot as AnyMachineSnapshot).sort()), `the shared link shows ${shared.join(', ')}`);
    noErrors(other.errors);
    await other.context.close();
    // Reset: the start again.
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByTestId('current-state').filter({ hasText: stateLabel(steps[0]!.snapshot) }).waitFor();
    // An event the state accepts is a button: answer the precheck as done.
    await page.getByRole('button', { name: /^precheck done · orderStatus: 1,/ }).click();
    await page.getByTestId('current-state').filter({ hasText: 'passed + loading' }).waitFor();
    // The browser's Back is a step back too; Forward takes it again.
    await page.goBack();
    await page.getByTestId('current-state').filter({ hasText: stateLabel(steps[0]!.snapshot) }).waitFor();
    await page.goForward();
    await page.getByTestId('current-state').filter({ hasText: 'passed + loading' }).waitFor();

    // A state clicked: its description, tags and what the borrower sees.
    await page.locator('g.st[data-state="application.failed"]').click();
    const details = page.getByTestId('state-details');
    await details.getByText('What the borrower sees').waitFor();
    const failed = data.states.find((s) => s.id === 'application.failed')!;
    await details.getByText(failed.sees!).waitFor();
    await details.getByText(failed.description!).first().waitFor();
    assert(/#?failed/.test(await details.innerText()), 'the tags are shown');
    await everyControlLabelled(page);
    assert(outside.length === 0, `the atlas asked for nothing outside its origin: ${outside.join(', ')}`);
    noErrors(errors);
    await context.close();
  });

  scenario('flow atlas: the KYC machine, a state selected by keyboard, and the page opened from disk', async () => {
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    await page.goto('/flows/#/m/kyc');
    await page.locator('svg.diagram').waitFor();
    assert((await page.locator('.uncovered').count()) === 0, 'no transition of kyc is drawn red');
    await screenshot(page, '72-atlas-kyc');
    // People read sentences; QA find the code name on hover.
    const consent = page.locator('g.ed', { hasText: 'The borrower taps I agree before the card images' }).first();
    assert(((await consent.locator('title').textContent()) ?? '').includes('Code: consent.given'), 'an edge shows its code name on hover');
    await page.getByRole('button', { name: 'Fit' }).click();
    await readable(page, 'kyc at Fit, 360×800');
    const loading = page.locator('g.st[data-state="kyc.loading"]');
    await loading.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('state-details').getByText('Calls made here').waitFor();
    await page.getByTestId('state-details').getByText(/GET \/auth\/kyc-auth-config/).first().waitFor();
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.getByRole('button', { name: 'Fit' }).click();
    await readable(page, 'kyc at Fit, 1280×860');
    await screenshot(page, '72-atlas-kyc-desktop');
    noErrors(errors);
    await context.close();

    // From disk: classic scripts only, so the atlas needs no server either.
    const disk = await newPhone(browser, sandbox.url);
    await disk.page.goto(`${pathToFileURL(join(FLOWS, 'index.html')).href}#/m/login`);
    await disk.page.locator('g.st[data-state="login.form.codeRequest.idle"][data-active="true"]').waitFor();
    noErrors(disk.errors);
    await disk.context.close();
  });
}
