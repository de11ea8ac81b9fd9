/**
 * Complaints on Help in Chromium at 360×800: the grievance officer and the RBI route named; a
 * complaint raised (a reload keeps what was typed; a double tap sends one request with an
 * Idempotency-Key) with its ticket number and reply date; a reply from the QA console shown as text;
 * 30 days on the lender's clock bring the RBI Ombudsman route onto the ticket. In Hindi too.
 * It moves the sandbox clock 30 days and back, so it runs among the last.
 *
 * Registered in run.ts: complaintsScenarios({ sandbox, browser, noErrors });
 */
import type { Browser, Page } from 'playwright-core';
import { complaints as hi } from '../../i18n/hi/complaints';
import { advanceClock, assert, newBorrowerPhone, newPhone, scenario, screenshot, signInOn, type Sandbox } from './harness';

export interface ComplaintsContext {
  sandbox: Sandbox;
  browser: Browser;
  noErrors: (errors: string[]) => void;
}

const THIRTY_DAYS = 30 * 86400;

const section = (page: Page, name = 'Complaints') => page.getByRole('region', { name, exact: true });

export function complaintsScenarios({ sandbox, browser, noErrors }: ComplaintsContext): void {
  scenario('complaints: raise one on Help, a QA reply shown as text, the RBI route after 30 days on the lender clock; Hindi', async () => {
    const phone10 = newBorrowerPhone();
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    await page.goto('/personal/help');
    await page.waitForURL(/\/login/);
    await signInOn(page, sandbox.url, phone10);
    await page.waitForURL('**/personal/help');
    const block = section(page);
    await block.getByRole('button', { name: 'Raise a complaint' }).waitFor();
    await block.getByText('You have not raised any complaints.').waitFor();
    const officer = page.getByRole('region', { name: 'Grievance officer' });
    await officer.waitFor();
    const rbi = page.getByRole('region', { name: 'Not resolved in 30 days?' });
    assert((await rbi.getByRole('link', { name: 'Complaint Management System (cms.rbi.org.in)' }).getAttribute('href')) === 'https://cms.rbi.org.in', 'the CMS link');
    assert((await rbi.getByRole('link', { name: 'Call 14448' }).getAttribute('href')) === 'tel:14448', 'the RBI number');
    await block.scrollIntoViewIfNeeded();
    await screenshot(page, 'C1-help-complaints');
    await officer.scrollIntoViewIfNeeded();
    await screenshot(page, 'C1b-help-officer-rbi');

    await block.getByRole('button', { name: 'Raise a complaint' }).click();
    const form = page.getByRole('form', { name: 'Raise a complaint' });
    await form.getByLabel('What is it about?').selectOption({ label: 'Fees and charges' });
    const words = 'I was charged a fee I did not agree to, please refund it.';
    await form.getByLabel('Your complaint').fill(words);
    // A reload keeps what was typed.
    await page.reload();
    await form.waitFor();
    assert((await form.getByLabel('Your complaint').inputValue()) === words, 'the draft survives a reload');
    assert((await form.getByLabel('What is it about?').inputValue()) === 'charges', 'the topic survives a reload');
    await form.getByText(`${words.length} / 300`).waitFor();
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'C2-complaint-form');

    const keys: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api1/user/v1/complaints')) keys.push(r.headers()['idempotency-key'] ?? '');
    });
    await form.getByRole('button', { name: 'Send complaint' }).dblclick();
    const status = block.getByText(/^Complaint GRV-\d{8}-\d{5} is raised\. The lender will reply by \d{1,2} \w{3} \d{4}\.$/);
    await status.waitFor();
    const ticketNo = /GRV-\d{8}-\d{5}/.exec(await status.innerText())?.[0] ?? '';
    await page.waitForLoadState('networkidle');
    assert(keys.length === 1 && keys[0]!.length >= 8, `one POST with an Idempotency-Key (${JSON.stringify(keys)})`);
    const card = block.getByRole('listitem').filter({ hasText: ticketNo });
    await card.getByText('Waiting for a reply').waitFor();
    await screenshot(page, 'C3-complaint-raised');

    // The lender replies from the QA console; the borrower sees it, as text.
    const reply = 'We are checking the fee <b>with</b> our team.';
    const qa = await fetch(`${sandbox.url}/sandbox/api/complaints/reply`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ticketNo, text: reply }) });
    assert(qa.ok, `the QA reply is taken (${qa.status})`);
    await page.reload();
    await card.getByText(reply).waitFor();
    await card.getByText('Replied').waitFor();
    assert(!(await card.innerHTML()).includes('<b>with</b>'), 'the reply is rendered as text');
    assert((await card.getByText(/RBI Ombudsman/).count()) === 0, 'no RBI route on a fresh ticket');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'C4-complaint-reply');

    // 30 days on the lender's clock without a resolution: the ticket gives the RBI route. The session
    // has expired meanwhile (30 days): the borrower signs in again (on a fresh tab: this one still
    // counts down to its last code), back to Help.
    noErrors(errors);
    await context.close();
    await advanceClock(sandbox.url, THIRTY_DAYS);
    const later = await newPhone(browser, sandbox.url);
    try {
      const page = later.page;
      await page.goto('/personal/help');
      await page.waitForURL(/\/login/);
      await signInOn(page, sandbox.url, phone10);
      await page.waitForURL('**/personal/help');
      const card = section(page).getByRole('listitem').filter({ hasText: ticketNo });
      await card.getByText(/No resolution in 30 days: you can take this complaint to the RBI Ombudsman/).waitFor();
      await card.getByRole('link', { name: 'Call 14448' }).waitFor();
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'C5-complaint-escalated');

      // In Hindi.
      await page.goto('/personal');
      await page.getByRole('button', { name: 'हिन्दी' }).click();
      await page.goto('/personal/help');
      const hiBlock = section(page, hi.heading);
      const hiCard = hiBlock.getByRole('listitem').filter({ hasText: ticketNo });
      await hiCard.getByText(hi.escalate).waitFor();
      await hiCard.getByText(hi.status_replied).waitFor();
      await hiCard.scrollIntoViewIfNeeded();
      await screenshot(page, 'C6-complaint-escalated-hindi');
      await hiBlock.getByRole('button', { name: hi.raise }).click();
      const hiForm = page.getByRole('form', { name: hi.raise });
      await hiForm.getByLabel(hi.label).fill('मेरा भुगतान नहीं दिखा, कृपया देखें।');
      await hiForm.getByRole('button', { name: hi.send }).click();
      await hiForm.getByText(hi.noCategory).waitFor();
      await hiForm.scrollIntoViewIfNeeded();
      await screenshot(page, 'C7-complaint-form-hindi');
      await page.getByRole('region', { name: hi.officer }).scrollIntoViewIfNeeded();
      await screenshot(page, 'C8-help-officer-hindi');
      await page.goto('/personal');
      await page.getByRole('button', { name: 'English' }).click();
    } finally {
      // Back, so the scenarios after this one find the clock (and their sessions) as they left them.
      await advanceClock(sandbox.url, -THIRTY_DAYS);
    }
    noErrors(later.errors);
    await later.context.close();
  });
}
