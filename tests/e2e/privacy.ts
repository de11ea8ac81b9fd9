/**
 * End to end, the privacy centre and consent, in Chromium at 360×800:
 * - the identity step (upload variant) asks for consent before any Aadhaar image can be picked, and
 *   records it with the lender (English and Hindi screenshots);
 * - the location given on home, then withdrawn in the privacy centre: a new tab neither asks for nor
 *   sends it, and device information withdrawn: no usage event leaves the phone (both watched on the
 *   network); the centre in English and Hindi.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { privacy as hiPrivacy } from '../../i18n/hi/privacy';
import { assert, newBorrowerPhone, newPhone, scenario, screenshot, signInOn, type Sandbox } from './harness';

export interface PrivacyContext {
  sandbox: Sandbox;
  browser: Browser;
  noErrors: (errors: string[]) => void;
}

async function control(sandbox: Sandbox, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${sandbox.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert(res.ok, `${path}: ${res.status} ${await res.text()}`);
}

async function privacyOf(sandbox: Sandbox, phone10: string) {
  const res = await fetch(`${sandbox.url}/sandbox/api/privacy?phone=91${phone10}`);
  return (await res.json()) as { consents: { purpose: string; givenAt: string; withdrawnAt: string }[] };
}

/** Every request the page makes to a path ending so, from now on. */
function watch(page: Page, ending: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith(ending)) seen.push(r);
  });
  return seen;
}

export function privacyScenarios({ sandbox, browser, noErrors }: PrivacyContext): void {
  scenario('privacy: the identity step asks for consent before the Aadhaar image, and records it', async () => {
    const phone10 = newBorrowerPhone();
    await control(sandbox, '/sandbox/api/verification', { phone: `91${phone10}`, kycVariant: 'upload', stepOrder: ['identity', 'face', 'basic', 'work', 'contacts'] });
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    const uploads = watch(page, '/authen/upload');
    await page.goto('/auth/index?pid=1');
    await page.waitForURL(/\/login/);
    await signInOn(page, sandbox.url, phone10);
    await page.waitForURL((u) => u.pathname === '/auth/identity');
    const card = page.getByRole('region', { name: 'Before you send your cards' });
    await card.waitFor();
    assert((await page.locator('input').count()) === 0, 'no image input and no field before the consent');
    await screenshot(page, '90-privacy-kyc-consent');
    const recorded = page.waitForRequest((r) => r.url().endsWith('/api1/user/v1/consents') && r.method() === 'POST');
    await card.getByRole('button', { name: 'I agree' }).click();
    await recorded;
    await page.getByRole('group', { name: 'Aadhaar front' }).locator('input[type=file]').waitFor({ state: 'attached' });
    assert(uploads.length === 0, 'no image was sent');
    let kept = await privacyOf(sandbox, phone10);
    for (let i = 0; i < 20 && kept.consents.length === 0; i++) kept = await new Promise((r) => setTimeout(r, 100)).then(() => privacyOf(sandbox, phone10));
    assert(kept.consents.some((c) => c.purpose === 'identity' && c.givenAt && !c.withdrawnAt), `the lender keeps the consent with its time: ${JSON.stringify(kept)}`);

    // In Hindi, on a reload: asked again (each visit), in the borrower's language.
    await page.evaluate(() => localStorage.setItem('bw.pref.lang', 'hi'));
    await page.reload();
    await page.getByRole('region', { name: hiPrivacy.identityTitle }).waitFor();
    await screenshot(page, '90-privacy-kyc-consent-hi');
    noErrors(errors);
    await context.close();
  });

  scenario('privacy: a consent withdrawn in the privacy centre, and nothing more sent under it (the location, device information)', async () => {
    const phone10 = newBorrowerPhone();
    await control(sandbox, '/sandbox/api/device', { phone: `91${phone10}`, gps: 1 });
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 12.9716, longitude: 77.5946 });
    await page.goto('/login');
    await signInOn(page, sandbox.url, phone10);
    const ask = page.getByRole('dialog', { name: 'Use your location once?' });
    await ask.getByRole('button', { name: 'Allow' }).click();
    await ask.waitFor({ state: 'detached' });

    // Account → Privacy centre: the location given, with its time on the lender's clock.
    await page.goto('/personal');
    await page.getByRole('link', { name: 'Privacy centre' }).click();
    await page.waitForURL('**/personal/privacy');
    const consents = page.getByRole('region', { name: 'Your consents' });
    const location = consents.getByRole('listitem').filter({ hasText: 'Your location' });
    await location.getByText(/^Given /).waitFor();
    await screenshot(page, '91-privacy-centre');

    const withdrawn = page.waitForResponse((r) => r.url().endsWith('/api1/user/v1/consents/withdraw'));
    await location.getByRole('button', { name: 'Withdraw: Your location' }).click();
    assert((await withdrawn).ok(), 'the withdrawal is told to the lender');
    await consents.getByRole('status').filter({ hasText: 'Withdrawn: Your location. Nothing more is sent under it.' }).waitFor();
    await location.getByText(/^Given .* · Withdrawn \d/).waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Device information' }).getByRole('button', { name: 'Withdraw: Device information' }).click();
    await consents.getByRole('status').filter({ hasText: 'Withdrawn: Device information.' }).waitFor();
    await consents.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, '92-privacy-withdrawn');
    await page.getByRole('region', { name: 'Delete my data' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, '93-privacy-deletion');
    const kept = await privacyOf(sandbox, phone10);
    assert(['location', 'device'].every((p) => kept.consents.some((c) => c.purpose === p && c.withdrawnAt)), `the lender keeps both withdrawals: ${JSON.stringify(kept)}`);

    // Ask for deletion: the question, then the request received; QA marks it done in the console; the centre says so.
    await page.getByRole('button', { name: 'Ask for deletion' }).click();
    const question = page.getByRole('dialog', { name: 'Ask for deletion?' });
    await question.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.getByRole('region', { name: 'Delete my data' }).getByText('Your request was received.').waitFor();
    await page.getByRole('region', { name: 'Delete my data' }).getByText(/^Received /).waitFor();
    const qa = await context.newPage();
    await qa.goto(`/sandbox?phone=91${phone10}#privacy`);
    const row = qa.getByRole('table', { name: 'Deletion requests' }).getByRole('row').filter({ hasText: 'received' });
    await row.getByLabel('Reason').fill('Your KYC records are kept for 5 years by law; the rest is deleted.');
    // Enter submits with the form's first button, Done (the console is a wide desktop table).
    await row.getByLabel('Reason').press('Enter');
    await qa.getByRole('status').filter({ hasText: ': done' }).waitFor();
    await qa.locator('#privacy').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(qa, '94-privacy-qa-console');
    await qa.close();
    await page.reload();
    const deletion = page.getByRole('region', { name: 'Delete my data' });
    await deletion.getByText(/^Done /).waitFor();
    await deletion.getByText('Why: Your KYC records are kept for 5 years by law; the rest is deleted.').waitFor();
    await deletion.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, '93-privacy-deletion-done');

    // The lender wants the location again; a new tab (asked afresh, once per tab) neither asks nor sends it,
    // and no usage event leaves the phone, whatever is opened.
    await control(sandbox, '/sandbox/api/device', { phone: `91${phone10}`, gps: 1 });
    const tab = await context.newPage();
    const asked = watch(tab, '/device/v1/needUpload');
    const sentLocation = watch(tab, '/device/v1/upload/device_info');
    const events = watch(tab, '/burying-point/v2/burying-point');
    await tab.goto('/');
    await tab.getByRole('heading', { level: 1 }).first().waitFor();
    await tab.goto('/personal');
    await tab.getByRole('link', { name: 'Privacy centre' }).waitFor();
    await tab.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    await tab.waitForTimeout(1500);
    assert(!(await tab.getByRole('dialog', { name: 'Use your location once?' }).isVisible()), 'the location is not asked for');
    assert(asked.length === 0 && sentLocation.length === 0, `nothing about the location is sent (${asked.length} asks, ${sentLocation.length} sends)`);
    assert(events.length === 0, `no usage event is sent (${events.length})`);

    // The centre in Hindi.
    await tab.evaluate(() => localStorage.setItem('bw.pref.lang', 'hi'));
    await tab.goto('/personal/privacy');
    const hiConsents = tab.getByRole('region', { name: hiPrivacy.consentsHeading });
    await hiConsents.getByText(hiPrivacy.afterLocation).waitFor();
    await hiConsents.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(tab, '92-privacy-withdrawn-hi');
    await tab.evaluate(() => window.scrollTo(0, 0));
    await screenshot(tab, '91-privacy-centre-hi');
    noErrors(errors);
    await context.close();
  });
}
