/**
 * End to end in Chromium against the real sandbox server, at 360×800.
 * Run after `npm run build` (npm test does). Screenshots go to .e2e/screens/.
 */
import type { Page } from 'playwright-core';
import { advanceClock, appRunning, assert, latestCode, launchBrowser, newBorrowerPhone, newPhone, runAll, scenario, screenshot, signInOn, startSandbox, type StorageState } from './harness';
import { securityScenarios } from './security';
import { styleScenarios } from './styles';
import { tabScenarios } from './tabs';
import { applicationScenarios } from './application';
import { orderScenarios } from './orders';
import { moneyScenarios } from './money';
import { extensionScenarios } from './extension';
import { paymentScenarios } from './payments';
import { documentScenarios } from './documents';
import { specOnlyScenarios } from './spec-only';
import { closureScenarios } from './closure';
import { downloadScenarios } from './download';
import { lenderScenarios } from './lender';
import { ratingScenarios } from './rating';
import { feedbackScenarios } from './feedback';
import { bridgeScenarios } from './bridge';
import { analyticsScanScenario, analyticsScenarios } from './analytics';
import { pwaScenarios } from './pwa';
import { firstPaintScenarios } from './first-paint';
import { atlasScenarios } from './atlas';
import { rulesScenarios } from './rules';
import { hindiJourneyScenario, hindiScenarios } from './hindi';
import { verificationScenarios } from './verification';
import { phoneScenarios } from './phones';
import { sessionScenarios } from './session';
import { tapScenarios } from './taps';
import { devicesScenarios } from './devices';
import { privacyScenarios } from './privacy';
import { reminderScenarios } from './reminders';
import { complaintsScenarios } from './complaints';
import { kfsScenarios } from './kfs';
import { roundTripScenarios } from './round-trips';

const PERSONA = { asha: '9000000001', ravi: '9000000002', meera: '9000000003', kiran: '9000000004' } as const;

const sandbox = await startSandbox();
const browser = await launchBrowser();

/** Signs in through the login screen exactly as a borrower does, reading the code from the sandbox outbox. */
const signIn = (page: Page, phone10: string): Promise<void> => signInOn(page, sandbox.url, phone10);

/**
 * A phone signed in as `phone10`. The first time through the login screen; later scenarios reuse
 * that browser storage (the sandbox, like a real lender, allows one code per phone per 60 s).
 */
const signedIn = new Map<string, StorageState>();
async function freshSignedIn(phone10: string, path = '/') {
  const stored = signedIn.get(phone10);
  if (stored) {
    const phone = await newPhone(browser, sandbox.url, stored);
    await phone.page.goto(path);
    return phone;
  }
  const phone = await newPhone(browser, sandbox.url);
  await phone.page.goto(path);
  await phone.page.waitForURL(/\/login/);
  await signIn(phone.page, phone10);
  signedIn.set(phone10, await phone.context.storageState());
  return phone;
}

function noErrors(errors: string[]) {
  assert(errors.length === 0, `the page reported errors:\n${errors.join('\n')}`);
}

/** Every visible control has an accessible name (a label, text or aria-label). */
async function everyControlLabelled(page: Page) {
  const unlabelled = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, summary')]
      .filter((el) => el.offsetParent !== null || el.tagName === 'SUMMARY')
      .filter((el) => {
        const input = el as HTMLInputElement;
        const name =
          el.getAttribute('aria-label') ||
          (el.getAttribute('aria-labelledby') && document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent) ||
          (input.labels && [...input.labels].map((l) => l.textContent).join(' ')) ||
          el.textContent;
        return !name || !name.trim();
      })
      .map((el) => el.outerHTML.slice(0, 120)),
  );
  assert(unlabelled.length === 0, `controls without a name:\n${unlabelled.join('\n')}`);
}

scenario('signed out: a protected page redirects to /login?redirect=', async () => {
  const { page, context, errors } = await newPhone(browser, sandbox.url);
  await page.goto('/personal/help');
  await page.waitForURL('**/login?redirect=%2Fpersonal%2Fhelp');
  await page.getByRole('heading', { level: 1 }).waitFor();
  assert((await page.title()).startsWith('Sign in'), `title is "${await page.title()}"`);
  await everyControlLabelled(page);
  await screenshot(page, '01-login');
  // The spec's message when the agreement is not ticked.
  await page.getByLabel('Mobile number').fill('98765 43210');
  await page.getByRole('button', { name: /send code/i }).click();
  await page.getByText('Please agree with Loan Guarantee Argreement.').waitFor();
  await screenshot(page, '02-login-agreement-message');
  // The agreement text opens.
  await page.getByRole('button', { name: /Loan Guarantee Agreement/ }).click();
  await page.getByRole('dialog').waitFor();
  await screenshot(page, '03-login-agreement');
  noErrors(errors);
  await context.close();
});

scenario('sign in (code from the sandbox outbox) returns to the redirect target; Help accordion', async () => {
  const { page, context, errors } = await freshSignedIn(PERSONA.asha, '/personal/help');
  await page.waitForURL('**/personal/help');
  const items = page.locator('details');
  await items.first().waitFor();
  assert((await items.count()) >= 3, 'the FAQ has items');
  await screenshot(page, '04-help');
  assert(await items.nth(0).evaluate((d) => (d as HTMLDetailsElement).open), 'the first item starts open');
  assert(!(await items.nth(1).evaluate((d) => (d as HTMLDetailsElement).open)), 'the second starts closed');
  await items.nth(1).locator('summary').click();
  assert(await items.nth(1).evaluate((d) => (d as HTMLDetailsElement).open), 'a click opens an item');
  await items.nth(0).locator('summary').click();
  assert(!(await items.nth(0).evaluate((d) => (d as HTMLDetailsElement).open)), 'a click closes an item');
  // Server text is rendered as text: the FAQ that contains "<b>" shows it literally.
  const html = await page.locator('.faq').innerHTML();
  assert(!/<b>/.test(html) && /&lt;b&gt;/.test(html), 'server text is escaped, not rendered as HTML');
  await screenshot(page, '04b-help-toggled');
  noErrors(errors);
  await context.close();
});

scenario('home, single-product layout: apply goes to verification; product detail', async () => {
  const { page, context, errors } = await freshSignedIn(PERSONA.asha);
  await page.waitForURL((u) => u.pathname === '/');
  await page.getByRole('heading', { name: 'Your loan offer' }).waitFor();
  assert((await page.title()).startsWith('Home'), 'title is Home');
  const amount = await page.locator('.hero-amount').textContent();
  assert(/^₹\d{1,2}(,\d{2})*,\d{3}$/.test(amount ?? ''), `max amount in en-IN rupees, got ${amount}`);
  await everyControlLabelled(page);
  await screenshot(page, '05-home-single');
  await page.getByRole('link', { name: 'Product details' }).click();
  await page.waitForURL(/\/product\/[^/]+$/);
  await page.getByRole('heading', { name: 'Product Eligibility' }).waitFor();
  await page.getByRole('heading', { name: 'Requirement' }).waitFor();
  assert(/% \/ day/.test((await page.locator('.product-facts').textContent()) ?? ''), 'interest per day');
  await screenshot(page, '06-product-detail');
  const pid = new URL(page.url()).pathname.split('/')[2];
  await page.getByRole('link', { name: 'APPLY NOW' }).click();
  await page.waitForURL((u) => u.pathname === '/auth/identity' && u.searchParams.get('pid') === pid);
  await page.goBack();
  await page.goBack();
  await page.getByRole('button', { name: 'Apply now' }).click();
  // The hub sends Asha (not verified) on to her first step, replacing itself.
  await page.waitForURL((u) => u.pathname === '/auth/identity' && u.searchParams.get('pid') === pid && u.searchParams.get('step') === '1');
  await page.getByText('Step 1 / 5').waitFor();
  await screenshot(page, '07-verification-first-step');
  noErrors(errors);
  await context.close();
});

/** The same device as `freshSignedIn`'s, opened on `path` with Hindi chosen (signed in there first). */
async function hindiSignedIn(phone10: string, path: string) {
  if (!signedIn.has(phone10)) await (await freshSignedIn(phone10)).context.close();
  const phone = await newPhone(browser, sandbox.url, signedIn.get(phone10));
  await phone.context.addInitScript(() => localStorage.setItem('bw.lang', 'hi'));
  await phone.page.goto(path);
  return phone;
}

/** Loan History's notice of a blocked application: its heading, its text, and the offer link (or none). */
async function blockedNotice(page: Page, heading: string) {
  const notice = page.getByRole('status', { name: heading });
  await notice.waitFor();
  await page.getByRole('listitem').first().waitFor();
  const text = (await notice.innerText()).replace(/\s+/g, ' ');
  return { notice, text, offer: notice.getByRole('link') };
}

scenario('home, single layout with an open order: apply goes to Loan History, which says why and offers to schedule', async () => {
  const { page, context, errors } = await freshSignedIn(PERSONA.kiran);
  await page.getByRole('button', { name: 'Apply now' }).click();
  await page.waitForURL((u) => u.pathname === '/orders' && u.searchParams.get('blocked') === '1');
  const { text, offer } = await blockedNotice(page, 'You already have an open loan');
  assert(text.includes('A new application for Rupee Rise can only be made once that loan is settled.'), `the notice says why: ${text}`);
  assert((await offer.getAttribute('href')) === '/product/1/schedule' && (await offer.innerText()) === 'Schedule next application', 'the schedule offer');
  // First on the page, above the list.
  const [noticeTop, listTop] = await Promise.all([page.getByRole('status', { name: 'You already have an open loan' }).boundingBox(), page.getByRole('list').first().boundingBox()]);
  assert(noticeTop && listTop && noticeTop.y < listTop.y, 'the notice is above the list');
  await everyControlLabelled(page);
  await screenshot(page, '13-home-open-order-loan-history');
  // A reload keeps the reason; Back returns home.
  await page.reload();
  await blockedNotice(page, 'You already have an open loan');
  await page.goBack();
  await page.waitForURL((u) => u.pathname === '/');
  noErrors(errors);
  await context.close();

  const hi = await hindiSignedIn(PERSONA.kiran, '/');
  await hi.page.getByRole('button', { name: 'अभी आवेदन करें' }).click();
  await hi.page.waitForURL((u) => u.pathname === '/orders' && u.searchParams.get('blocked') === '1');
  const hindi = await blockedNotice(hi.page, 'आपका एक लोन अभी चालू है');
  assert(hindi.text.includes('वह लोन चुकने के बाद ही Rupee Rise के लिए नया आवेदन किया जा सकता है।'), `the notice in Hindi: ${hindi.text}`);
  assert((await hindi.offer.innerText()) === 'अगला आवेदन शेड्यूल करें', 'the offer in Hindi');
  await screenshot(hi.page, '13-hi-home-open-order-loan-history');
  noErrors(hi.errors);
  await hi.context.close();
});

scenario("precheck 2: a product's confirmation with an open order goes to Loan History, which says why; its offer opens the schedule page", async () => {
  const { page, context, errors } = await freshSignedIn(PERSONA.meera, '/product/1/detail');
  // The confirmation is replaced: Back from Loan History does not run the precheck again.
  await page.waitForURL((u) => u.pathname === '/orders' && u.searchParams.get('blocked') === '1', { timeout: 10_000 });
  const { text, offer } = await blockedNotice(page, 'You already have an open loan');
  assert(text.includes('A new application for Rupee Rise can only be made'), `the notice names the product: ${text}`);
  assert(text.includes('You can schedule it now, and we will send it for you then.'), `the offer is explained: ${text}`);
  assert((await page.getByRole('listitem').count()) >= 4, "Meera's orders are listed below the notice");
  await everyControlLabelled(page);
  await screenshot(page, '14-precheck-open-order-loan-history');
  await page.screenshot({ path: '.e2e/screens/14b-precheck-open-order-loan-history-full.png', fullPage: true });
  await offer.click();
  await page.waitForURL((u) => u.pathname === '/product/1/schedule');
  await page.getByRole('heading', { name: 'Schedule an application' }).waitFor();
  await page.getByRole('button', { name: 'Schedule application' }).waitFor();
  await screenshot(page, '14c-precheck-schedule-page');
  await page.goBack();
  await page.waitForURL((u) => u.pathname === '/orders' && u.searchParams.get('blocked') === '1');
  await blockedNotice(page, 'You already have an open loan');

  // A partner's product (Saathi Credit, productType 0) cannot be scheduled: the reason, no offer.
  await page.goto('/product/4/detail');
  await page.waitForURL((u) => u.pathname === '/orders' && u.searchParams.get('blocked') === '4', { timeout: 10_000 });
  const partner = await blockedNotice(page, 'You already have an open loan');
  assert(partner.text.includes('A new application for Saathi Credit can only be made once that loan is settled.') && !/schedule/i.test(partner.text), `partner notice: ${partner.text}`);
  assert((await partner.offer.count()) === 0, 'no schedule offer for a partner product');
  await screenshot(page, '14d-precheck-partner-loan-history');
  noErrors(errors);
  await context.close();

  const hi = await hindiSignedIn(PERSONA.meera, '/product/1/detail');
  await hi.page.waitForURL((u) => u.pathname === '/orders' && u.searchParams.get('blocked') === '1', { timeout: 10_000 });
  const hindi = await blockedNotice(hi.page, 'आपका एक लोन अभी चालू है');
  assert(hindi.text.includes('आप इसे अभी शेड्यूल कर सकते हैं'), `the offer in Hindi: ${hindi.text}`);
  await screenshot(hi.page, '14-hi-precheck-open-order-loan-history');
  await hindi.offer.click();
  await hi.page.waitForURL((u) => u.pathname === '/product/1/schedule');
  await hi.page.getByRole('heading', { name: 'आवेदन शेड्यूल करें' }).waitFor();
  await hi.page.goto('/product/4/detail');
  await hi.page.waitForURL((u) => u.pathname === '/orders' && u.searchParams.get('blocked') === '4', { timeout: 10_000 });
  const hindiPartner = await blockedNotice(hi.page, 'आपका एक लोन अभी चालू है');
  assert(hindiPartner.text.includes('Saathi Credit के लिए नया आवेदन') && (await hindiPartner.offer.count()) === 0, `partner notice in Hindi: ${hindiPartner.text}`);
  await screenshot(hi.page, '14d-hi-precheck-partner-loan-history');
  noErrors(hi.errors);
  await hi.context.close();
});

scenario('home, multi-product layout with in-progress orders', async () => {
  const { page, context, errors } = await freshSignedIn(PERSONA.meera);
  await page.getByRole('heading', { name: 'Loan products' }).waitFor();
  await page.getByRole('heading', { name: 'In progress' }).waitFor();
  assert((await page.locator('.product-card').count()) >= 2, 'several product cards');
  assert((await page.getByText('Unavailable').count()) >= 1, 'a product with an open order cannot be applied for');
  await everyControlLabelled(page);
  await screenshot(page, '08-home-multi');
  await page.screenshot({ path: '.e2e/screens/08b-home-multi-full.png', fullPage: true });
  // In-progress items route by state.
  const first = page.locator('.inprogress-item').first().getByRole('button');
  await first.click();
  await page.waitForURL(/\/orders(\/[^/]+\/(audit|confirm|detail))?$/);
  noErrors(errors);
  await context.close();
});

scenario('home, multi layout without orders: apply goes through /auth/index (Ravi is verified: on to confirmation)', async () => {
  const { page, context, errors } = await freshSignedIn(PERSONA.ravi);
  await page.getByRole('heading', { name: 'Loan products' }).waitFor();
  const apply = page.getByRole('button', { name: /^Apply for / });
  assert((await apply.count()) >= 1, 'there is an applicable product');
  // External partner products (productType 0) leave the app: intercept so no network is needed.
  await page.route('https://example.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Partner</title>partner' }));
  const names = await apply.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  let reachedAuth = false;
  for (let i = 0; i < names.length && !reachedAuth; i++) {
    await page.getByRole('button', { name: names[i] }).click();
    await page.waitForURL((u) => u.pathname !== '/' && u.pathname !== '/auth/index');
    reachedAuth = /^\/product\/[^/]+\/detail$/.test(new URL(page.url()).pathname);
    if (!reachedAuth) {
      await page.goto('/');
      await page.getByRole('heading', { name: 'Loan products' }).waitFor();
    }
  }
  assert(reachedAuth, 'a non-partner product goes to the hub, which sends a verified borrower to /product/{pid}/detail');
  noErrors(errors);
  await context.close();
});

scenario('account, about us, quit', async () => {
  // A borrower of its own: Quit ends the session on the lender, and the personas' stored sessions serve other scenarios.
  const { page, context, errors } = await newPhone(browser, sandbox.url);
  const phone10 = newBorrowerPhone();
  await page.goto('/');
  await page.waitForURL(/\/login/);
  await signIn(page, phone10);
  await page.getByRole('link', { name: 'Account' }).click();
  await page.waitForURL('**/personal');
  await page.getByText(`+91 ${phone10.slice(0, 5)} ${phone10.slice(5)}`).waitFor();
  await everyControlLabelled(page);
  await screenshot(page, '09-account');
  await page.getByRole('link', { name: 'About us' }).click();
  await page.waitForURL('**/personal/aboutus');
  await page.locator('.prose h2').waitFor();
  await screenshot(page, '10-about');
  await page.getByRole('link', { name: 'Back' }).click();
  await page.waitForURL('**/personal');
  // Quit asks first (the e2e of the question itself, keyboard included, is in session.ts).
  await page.getByRole('button', { name: 'Quit' }).click();
  await page.getByRole('dialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL('**/login');
  // No session data is left (token, phone, app mode, drafts); the device's preferences stay.
  const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('bw.')));
  const sessionData = stored.filter((k) => !k.startsWith('bw.pref.'));
  assert(sessionData.length === 0, `Quit clears the session's data, left: ${sessionData.join(', ')}`);
  assert(stored.includes('bw.pref.appName'), `the app's name last known stays (${stored.join(', ')})`);
  await page.goto('/personal');
  await page.waitForURL('**/login?redirect=%2Fpersonal');
  noErrors(errors);
  await context.close();
});

scenario('open redirects are refused after sign-in', async () => {
  for (const evil of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
    const { page, context } = await newPhone(browser, sandbox.url);
    await page.goto(`/login?redirect=${encodeURIComponent(evil)}`);
    await signIn(page, newBorrowerPhone());
    await page.waitForURL((u) => u.pathname === '/');
    assert(new URL(page.url()).host === new URL(sandbox.url).host, `stayed on the app for ${evil}`);
    await context.close();
  }
});

scenario('an expired session (-4) goes to /login?redirect= and comes back after sign-in', async () => {
  const { page, context, errors } = await freshSignedIn(PERSONA.asha);
  await page.clock.install();
  await page.evaluate(() => localStorage.setItem('bw.token', 'not-a-valid-token'));
  await page.goto('/product/1');
  await page.waitForURL('**/login?redirect=%2Fproduct%2F1');
  await page.getByText('Your session has expired. Please sign in again.').waitFor();
  // The first sign-in's resend countdown still runs (kept as a deadline): a minute passes for both sides.
  await page.clock.runFor('01:01');
  await advanceClock(sandbox.url, 61);
  // A fresh load of the same /login?redirect= a minute later. Without it this scenario failed now and then in
  // full runs only (Send code never showed after the fake minute); not understood yet: see the closing note.
  await page.reload();
  await appRunning(page);
  await signIn(page, PERSONA.asha);
  await page.waitForURL('**/product/1');
  noErrors(errors);
  await context.close();
});

scenario('keyboard only: sign in and reach Help without a pointer', async () => {
  const { page, context, errors } = await newPhone(browser, sandbox.url);
  await page.goto('/login');
  await appRunning(page); // the app's keyboard behaviour (focus moves once the code is sent), not the static screen's
  await page.getByLabel('Mobile number').waitFor();
  const phone10 = newBorrowerPhone();
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') || document.activeElement?.textContent?.trim() || (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent || '');
  /** Tabs until the focused control's name matches, failing after 15 presses. */
  const tabTo = async (name: RegExp) => {
    const seen: string[] = [];
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      const f = await focused();
      seen.push(f);
      if (name.test(f)) return;
    }
    throw new Error(`Tab never reached ${name}; focus went through: ${seen.join(' | ')}`);
  };
  await tabTo(/Mobile number/);
  await page.keyboard.type(phone10);
  await tabTo(/I have read and agree/);
  await page.keyboard.press('Space');
  await page.keyboard.press('Shift+Tab');
  for (let i = 0; i < 6 && !/send code/i.test(await focused()); i++) await page.keyboard.press('Shift+Tab');
  assert(/send code/i.test(await focused()), 'Send code is reachable with Shift+Tab');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: /resend in \d+/i }).waitFor();
  const code = await latestCode(sandbox.url, phone10);
  // Focus moved to the code field once the code was sent.
  await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent === 'Verification code');
  await page.keyboard.type(code);
  await tabTo(/^Log in$/);
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname === '/');
  await page.getByRole('heading', { name: 'Your loan offer' }).waitFor();
  await tabTo(/^Account$/);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/personal');
  await page.getByRole('heading', { name: 'Account' }).waitFor();
  assert((await focused()) === 'Account' && (await page.evaluate(() => document.activeElement?.tagName)) === 'H1', 'the new page heading has focus');
  await tabTo(/^Help Center$/);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/personal/help');
  await page.locator('details').first().waitFor();
  // Into the FAQ: the first question (a <summary>) is focusable and Enter toggles it.
  await tabTo(/\?$/);
  const first = page.locator('details').first();
  const before = await first.evaluate((d) => (d as HTMLDetailsElement).open);
  await page.keyboard.press('Enter');
  assert((await first.evaluate((d) => (d as HTMLDetailsElement).open)) !== before, 'Enter toggles a FAQ item');
  noErrors(errors);
  await context.close();
});

scenario('the sandbox outbox page shows the codes it would have sent', async () => {
  const { page, context, errors } = await newPhone(browser, sandbox.url);
  await page.goto('/sandbox');
  await page.getByRole('heading', { name: /outbox/i }).first().waitFor();
  assert(/Your code is \d{4}|\b\d{4}\b/.test((await page.textContent('body')) ?? ''), 'a code is listed');
  await screenshot(page, '12-sandbox-outbox');
  noErrors(errors);
  await context.close();
});

scenario('the resend countdown and the typed phone survive a reload', async () => {
  const { page, context, errors } = await newPhone(browser, sandbox.url);
  await page.goto('/login');
  const typed = newBorrowerPhone();
  await page.getByLabel('Mobile number').fill(typed);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /send code/i }).click();
  await page.getByRole('button', { name: /resend in \d+/i }).waitFor();
  await page.reload();
  await page.getByRole('button', { name: /resend in \d+/i }).waitFor();
  assert((await page.getByLabel('Mobile number').inputValue()).replace(/\D/g, '').endsWith(typed), 'the typed phone is kept');
  await screenshot(page, '11-login-countdown');
  noErrors(errors);
  await context.close();
});

verificationScenarios({ sandbox, browser, signIn, noErrors, everyControlLabelled });
applicationScenarios({ sandbox, browser, signIn, noErrors, everyControlLabelled });
phoneScenarios({ sandbox, browser, signIn, noErrors });
styleScenarios({ signedIn: (path) => freshSignedIn(PERSONA.meera, path), noErrors });
securityScenarios({ sandbox, browser, signedIn: (path) => freshSignedIn(PERSONA.meera, path), noErrors });
tabScenarios({ sandbox, browser, signIn, noErrors });
orderScenarios({ sandbox, browser, signIn, signedIn: freshSignedIn, noErrors });
paymentScenarios({ sandbox, browser, signIn, noErrors, everyControlLabelled });
documentScenarios({ sandbox, browser, signIn, noErrors, everyControlLabelled });
specOnlyScenarios({ sandbox, browser, signIn, noErrors, everyControlLabelled });
moneyScenarios({ sandbox, browser, signIn, signedIn: freshSignedIn, noErrors, everyControlLabelled });
downloadScenarios({ sandbox, browser, noErrors, everyControlLabelled });
lenderScenarios({ sandbox, browser, signIn, noErrors });
ratingScenarios({ sandbox, browser, noErrors });
feedbackScenarios({ sandbox, signedIn: freshSignedIn, noErrors });
bridgeScenarios({ sandbox, browser, noErrors });
analyticsScenarios({ sandbox, browser, signIn, noErrors });
pwaScenarios({ sandbox, browser, signedIn: freshSignedIn, noErrors });
firstPaintScenarios({ sandbox, browser, noErrors });
atlasScenarios({ sandbox, browser, noErrors, everyControlLabelled });
rulesScenarios({ sandbox, browser, noErrors, everyControlLabelled });
hindiScenarios({ sandbox, browser, signIn, noErrors });
hindiJourneyScenario({ sandbox, browser, signIn, noErrors });
sessionScenarios({ sandbox, browser, noErrors });
tapScenarios({ sandbox, browser, noErrors, signedIn: freshSignedIn });
devicesScenarios({ sandbox, browser, noErrors });
privacyScenarios({ sandbox, browser, noErrors });

scenario('sign-in keeps working across a server restart (data survives)', async () => {
  const { page, context, errors } = await freshSignedIn(PERSONA.ravi);
  await page.getByRole('heading', { name: 'Loan products' }).waitFor();
  // The country is asked once a page load, a few seconds in (src/app/Telemetry.tsx COUNTRY_AFTER_MS): a fresh
  // load, its answer, then the logos, so the restart cuts no request short (it did when the sign-in was quick).
  const country = page.waitForResponse((r) => r.url().includes('/api1/system/get-country'), { timeout: 15_000 });
  await page.reload();
  await country;
  await page.getByRole('heading', { name: 'Loan products' }).waitFor();
  await page.waitForLoadState('networkidle');
  await sandbox.restart();
  await page.goto('/personal/aboutus');
  await page.locator('.prose h2').waitFor();
  assert(new URL(page.url()).pathname === '/personal/aboutus', 'still signed in after the restart');
  noErrors(errors);
  await context.close();
});

// Last: these move the sandbox clock by a day and change the personas' orders.
reminderScenarios({ sandbox, browser, noErrors });
extensionScenarios({ sandbox, signedIn: freshSignedIn, noErrors });
complaintsScenarios({ sandbox, browser, noErrors });
kfsScenarios({ sandbox, browser, signIn, noErrors });
// Pre-closure moves the clock past the cooling-off period (3 days): after the scenarios that read the personas' days.
closureScenarios({ sandbox, browser, signIn, noErrors, everyControlLabelled });
// A new borrower of its own on a throttled network: the round trips of sign in → apply → the order.
roundTripScenarios({ sandbox, browser, noErrors });
// The very last: every analytics event the sandbox received during the run, scanned for personal data.
analyticsScanScenario({ sandbox });

const failed = await runAll();
await browser.close();
await sandbox.stop();
process.exit(failed ? 1 : 0);
