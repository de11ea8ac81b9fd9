/**
 * The flow atlas's Rules page in Chromium (`npm run flows` wrote flows/): reached from the index,
 * every rule with its source, the application's KFS state linked to its diagram (the state open),
 * the proof's result as the build computed it, and no text under 11 px. Screenshots at 360×800 and
 * at 1280×860.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { AtlasRules } from '../../atlas/model';
import { RULE_IDS, RULES } from '../../machines/shared/rules';
import { assert, newPhone, scenario, screenshot } from './harness';
import type { AtlasContext } from './atlas';

const FLOWS = join(import.meta.dirname, '../../flows');

/** The smallest computed font size of any element that draws text. */
async function smallestText(page: Page): Promise<{ size: number; text: string }> {
  return page.evaluate(() => {
    let smallest = { size: Infinity, text: '' };
    for (const el of document.querySelectorAll<HTMLElement>('main *')) {
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
      if (!own || el.offsetParent === null) continue;
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (size < smallest.size) smallest = { size, text: (el.textContent ?? '').trim().slice(0, 60) };
    }
    return smallest;
  });
}

export function rulesScenarios({ sandbox, browser, noErrors, everyControlLabelled }: AtlasContext): void {
  scenario('flow atlas: the Rules page lists every rule, its source, the states that enforce it and the proof', async () => {
    const data = join(FLOWS, 'atlas/data/rules.js');
    assert(existsSync(data), 'flows/atlas/data/rules.js exists: run `npm run flows` before the end-to-end tests');
    const built = JSON.parse(readFileSync(data, 'utf8').replace(/^window\.__atlasRules=/, '').replace(/;\s*$/, '')) as AtlasRules;
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    await page.goto('/flows/');
    await page.getByRole('heading', { name: 'Flow atlas', level: 1 }).waitFor();
    const link = (await page.locator('.index-rules').innerText()).replace(/\s+/g, ' ');
    assert(link.includes(built.ok ? 'the proof holds' : 'the proof fails'), `the index says the proof's result: ${link}`);
    await screenshot(page, '72-atlas-index-rules');
    await page.getByRole('link', { name: 'Rules', exact: true }).click();
    await page.getByRole('heading', { name: 'Rules', level: 1 }).waitFor();
    assert((await page.title()) === 'Rules · Flow atlas', `title: ${await page.title()}`);
    for (const id of RULE_IDS) await page.getByRole('heading', { name: RULES[id].name, level: 2 }).waitFor();
    assert((await page.locator('li.rule').count()) === RULE_IDS.length, `${RULE_IDS.length} rules`);
    const status = (await page.getByRole('status').innerText()).trim();
    assert(built.ok ? status.startsWith('The proof holds') : status.startsWith('The proof fails'), `the proof's result as built (${built.ok}): ${status}`);
    const penal = (await page.locator('li.rule[data-rule="penal-charge-in-reminders"]').innerText()).replace(/\s+/g, ' ');
    assert(penal.includes('Fair Lending Practice – Penal Charges in Loan Accounts') && penal.includes('para 3(vii)') && /holds/.test(penal), `the penal charge's rule: ${penal}`);
    const smallest = await smallestText(page);
    assert(smallest.size >= 11, `no text under 11 px (${smallest.size}px: "${smallest.text}")`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert(width <= 360, `nothing wider than the phone (${width}px)`);
    await everyControlLabelled(page);
    await screenshot(page, '72-atlas-rules');
    await page.locator('li.rule[data-rule="penal-charge-in-reminders"]').scrollIntoViewIfNeeded();
    await screenshot(page, '72-atlas-rules-penal');
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.locator('h1').scrollIntoViewIfNeeded();
    await screenshot(page, '72-atlas-rules-desktop');
    await page.setViewportSize({ width: 360, height: 800 });

    // The application's KFS state opens its machine's diagram with the state selected.
    const rule = page.locator('li.rule[data-rule="kfs-before-apply"]');
    await rule.getByRole('link', { name: 'application · confirming.submission.editing' }).click();
    await page.waitForURL(/#\/m\/application\?.*state=application\.confirming\.submission\.editing/);
    await page.getByRole('heading', { name: 'application', level: 1 }).waitFor();
    await page.getByText('acknowledges the KFS and taps APPLY NOW').first().waitFor();
    const details = (await page.getByTestId('state-details').innerText()).replace(/\s+/g, ' ');
    assert(details.includes('Enforces: kfs-before-apply'), `the state names the rule it enforces: ${details.slice(0, 200)}`);
    await page.getByTestId('state-details').scrollIntoViewIfNeeded();
    await screenshot(page, '72-atlas-rules-to-state');
    noErrors(errors);
    await context.close();
  });
}
