/**
 * End to end: the verification journey. A new borrower taps APPLY NOW and goes through
 * every step the sandbox asks for, once per KYC variant, to the loan confirmation route.
 * A finished step's page goes on instead of offering the step again; the KYC numbers stay in the
 * tab (sessionStorage), never in localStorage; a problem is said once, at its field, in view.
 * Registered by run.ts, which owns the sandbox, the browser and sign-in.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { verhoeffCheckDigit } from '../../machines/shared/identity';
import { advanceClock, assert, newBorrowerPhone, newPhone, panFor, scenario, screenshot, type Sandbox } from './harness';
import { documentPhoto, hugePhoto, notAnImage } from './images';
import { applyForLoan } from './application';

export interface VerificationContext {
  sandbox: Sandbox;
  browser: Browser;
  signIn: (page: Page, phone10: string) => Promise<void>;
  noErrors: (errors: string[]) => void;
  everyControlLabelled: (page: Page) => Promise<void>;
}

const TEN_MB = 10 * 1024 * 1024;
const PID = '1';

/** Sets a borrower's verification setup through the sandbox's documented QA control. */
type StepFlags = Record<'basic' | 'work' | 'kycAadhaarAndPan' | 'kycFaceAndHold' | 'contact', 0 | 1>;
async function setupBorrower(sandboxUrl: string, phone10: string, setup: { kycVariant: 'upload' | 'otp'; stepOrder?: string[]; flags?: StepFlags }) {
  const res = await fetch(`${sandboxUrl}/sandbox/api/verification`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: `91${phone10}`, stepOrder: ['identity', 'face', 'basic', 'work', 'contacts'], ...setup }),
  });
  assert(res.ok, `sandbox verification setup failed: ${res.status} ${await res.text()}`);
}

/** The newest Aadhaar OTP the sandbox "sent" to a phone. */
export async function latestAadhaarOtp(sandboxUrl: string, phone10: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${sandboxUrl}/sandbox/api/outbox?phone=91${phone10}`);
    const body = (await res.json()) as { messages: { text: string; code?: string | null }[] };
    const otp = body.messages.find((m) => /Aadhaar/i.test(m.text))?.code;
    if (otp) return otp;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no Aadhaar OTP in the outbox for ${phone10}`);
}

/** A valid Aadhaar number (Verhoeff check digit) that is not one of the sandbox's "not linked" numbers. */
function aadhaarFor(phone10: string): string {
  const base = `3${phone10}`;
  return `${base}${verhoeffCheckDigit(base)}`;
}

async function onStep(page: Page, path: string, step: number, total: number) {
  await page.waitForURL((u) => u.pathname === path && u.searchParams.get('step') === String(step) && u.searchParams.get('as') === String(total), {
    timeout: 20_000,
  });
  await page.getByText(`Step ${step} / ${total}`).waitFor();
  // The identity step's upload variant asks for consent before the card images (tests/e2e/privacy.ts
  // looks at it): agreed here, so the scenarios below go on to the form as the borrower would.
  if (path === '/auth/identity') {
    const agree = page.getByRole('button', { name: 'I agree' });
    await agree.or(page.getByRole('button', { name: 'Submit' })).first().waitFor();
    if (await agree.isVisible()) await agree.click();
    await page.getByRole('button', { name: 'Submit' }).waitFor();
  }
}

const fileInput = (page: Page, group: string): Locator => page.getByRole('group', { name: group }).locator('input[type=file]');

async function uploadPhoto(page: Page, group: string, buffer: Buffer, name: string, mimeType = 'image/png') {
  await fileInput(page, group).setInputFiles({ name, mimeType, buffer });
  await page.getByRole('group', { name: group }).getByText('Uploaded', { exact: true }).waitFor({ timeout: 30_000 });
}

/** Face step: consent first, a non-image refused, then a photo; the result page links on to KYC. */
async function faceStep(page: Page, step: number, total: number, shots: string) {
  await onStep(page, '/auth/face', step, total);
  assert((await page.locator('input[type=file]').count()) === 0, 'no camera/file input before consent');
  await screenshot(page, `${shots}-face-consent`);
  await page.getByRole('button', { name: 'I agree' }).click();
  const input = fileInput(page, 'Your face photo');
  assert((await input.getAttribute('capture')) === 'user', 'the front camera is asked for');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Please Upload Face Recognition ', { exact: true }).first().waitFor();
  await uploadPhoto(page, 'Your face photo', documentPhoto(7), 'selfie.png');
  await screenshot(page, `${shots}-face-photo`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((u) => u.pathname === '/auth/callback');
  await page.getByRole('heading', { name: 'Face recognition successful' }).waitFor();
  await screenshot(page, `${shots}-face-result`);
  await page.getByRole('link', { name: 'Continue' }).click();
}

/** Picks the first real option of a labelled dropdown (or the one named). */
async function choose(page: Page, label: string, option?: string) {
  const select = page.getByLabel(label, { exact: true });
  await select.waitFor();
  if (option) await select.selectOption({ label: option });
  else await select.selectOption({ index: 1 });
}

async function basicStep(page: Page, step: number, total: number, shots: string) {
  await onStep(page, '/auth/basic', step, total);
  const submit = page.getByRole('button', { name: /submit|next|continue/i });
  assert(await submit.isDisabled(), 'basic: the button is inactive until every field is filled');
  await choose(page, 'Education', 'Graduate');
  await choose(page, 'Marital status', 'Married');
  await choose(page, 'Residence type', 'Rented');
  await choose(page, 'State', 'Karnataka');
  await page.getByLabel('District', { exact: true }).locator('option', { hasText: 'Bengaluru Urban' }).waitFor({ state: 'attached' });
  await choose(page, 'District', 'Bengaluru Urban');
  await page.getByLabel('Address', { exact: true }).fill('12 MG Road, Ashok Nagar');
  await page.getByLabel('PIN code', { exact: true }).pressSequentially('56a0001x9');
  const pin = await page.getByLabel('PIN code', { exact: true }).inputValue();
  assert(pin === '560001', `PIN: digits only, at most 6 (got ${pin})`);
  await page.getByLabel('Email', { exact: true }).fill('borrower@example.com');
  await screenshot(page, `${shots}-basic`);
  assert(await submit.isEnabled(), 'basic: the button is active once every field is filled');
  await submit.click();
}

async function workStep(page: Page, step: number, total: number, shots: string) {
  await onStep(page, '/auth/work', step, total);
  await choose(page, 'Employment type', 'Unemployed / student');
  assert((await page.getByLabel('Company / business name', { exact: true }).count()) === 0, 'workState 3 hides the hideable fields');
  await choose(page, 'Employment type', 'Salaried');
  await page.getByLabel('Company / business name', { exact: true }).fill('Infosys Limited');
  await page.getByLabel('Monthly income (₹)', { exact: true }).fill('45000');
  // A reload in the middle of the form keeps what was typed.
  await page.reload();
  await onStep(page, '/auth/work', step, total);
  assert((await page.getByLabel('Company / business name', { exact: true }).inputValue()) === 'Infosys Limited', 'company kept over a reload');
  assert((await page.getByLabel('Monthly income (₹)', { exact: true }).inputValue()) === '45000', 'income kept over a reload');
  assert((await page.getByLabel('Employment type', { exact: true }).inputValue()) !== '', 'employment type kept over a reload');
  // Unfilled required fields are flagged.
  const submit = page.getByRole('button', { name: /submit|next|continue/i });
  await submit.click();
  await page.locator('[aria-invalid="true"]').first().waitFor();
  await screenshot(page, `${shots}-work-flagged`);
  for (const select of await page.locator('select').all()) {
    if ((await select.inputValue()) === '') await select.selectOption({ index: 1 });
  }
  for (const input of await page.locator('input[type=text], input:not([type])').all()) {
    if ((await input.inputValue()) === '') await input.fill((await input.getAttribute('inputmode')) === 'numeric' ? '5' : 'Bengaluru');
  }
  await screenshot(page, `${shots}-work`);
  await submit.click();
}

async function contactsStep(page: Page, step: number, total: number, shots: string) {
  await onStep(page, '/auth/contacts', step, total);
  const names = page.getByLabel('Name', { exact: true });
  const mobiles = page.getByLabel('Mobile number', { exact: true });
  const relations = page.getByLabel('Relationship', { exact: true });
  await relations.first().waitFor();
  const people = [
    ["r. k'das", '9876501234'],
    ['priya', '9876501235'],
    ['amit.s', '9876501236'],
  ] as const;
  for (let i = 0; i < 3; i++) {
    await relations.nth(i).selectOption({ index: i + 1 });
    await names.nth(i).fill((people[i] as readonly string[])[0] as string);
    await mobiles.nth(i).pressSequentially(`+${(people[i] as readonly string[])[1]}99`);
  }
  assert((await mobiles.nth(0).inputValue()) === '9876501234', 'mobile: digits only, at most 10');
  await names.nth(1).fill('');
  await names.nth(1).pressSequentially('Priya 2');
  assert(/^[a-z'. ]*$/.test(await names.nth(1).inputValue()), 'name: only lowercase letters, apostrophe and period');
  await names.nth(1).fill('priya');
  await screenshot(page, `${shots}-contacts`);
  await page.getByRole('button', { name: /submit|next|continue/i }).click();
}

/** Identity done: face, basic, work and contacts (the sandbox's default order), then the confirmation route. */
async function afterIdentity(page: Page, shots: string) {
  await faceStep(page, 2, 5, shots);
  await basicStep(page, 3, 5, shots);
  await workStep(page, 4, 5, shots);
  await contactsStep(page, 5, 5, shots);
  await page.waitForURL((u) => u.pathname === `/product/${PID}/detail`, { timeout: 20_000 });
  await page.getByRole('heading', { level: 1, name: 'Loan confirmation' }).waitFor();
  await screenshot(page, `${shots}-done`);
}

/**
 * `control`'s field (label, input, message) is on screen, below the sticky header and above the
 * sticky Submit bar `bar`, and nothing is toasted: the problem is said once, where it is.
 */
async function shownOnceInView(page: Page, control: Locator, bar: Locator, message: string, shot: string) {
  await page.waitForTimeout(100); // the scroll settles
  const frame = page.locator('.field, .image-upload').filter({ has: control }).last();
  const [box, barBox, headerBox] = await Promise.all([frame.boundingBox(), bar.boundingBox(), page.locator('.screen-header').boundingBox()]);
  assert(box && barBox && headerBox, `${shot}: the field, the Submit bar and the header are laid out`);
  assert(box.y >= headerBox.y + headerBox.height && box.y + box.height <= barBox.y, `${shot}: the field (${box.y}–${box.y + box.height}) sits between the header (…${headerBox.y + headerBox.height}) and the Submit bar (${barBox.y}…)`);
  assert((await page.getByText(message.trim(), { exact: true }).count()) === 1, `${shot}: '${message}' is shown once`);
  assert((await frame.getByText(message.trim(), { exact: true }).count()) === 1, `${shot}: at its field`);
  assert((await page.locator('.toast').count()) === 0, `${shot}: no toast repeats it`);
  assert(await control.evaluate((el) => el === document.activeElement), `${shot}: the field has focus`);
  await screenshot(page, shot);
}

/** Every localStorage value of the page's origin, none of which may hold an identity number. */
async function localStorageValues(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).map((k) => `${k}=${localStorage.getItem(k)}`));
}

export function verificationScenarios({ sandbox, browser, signIn, noErrors, everyControlLabelled }: VerificationContext) {
  /** A new borrower, signed in from the product page, taps APPLY NOW. */
  async function newBorrowerAtApply(variant: 'upload' | 'otp') {
    const phone10 = newBorrowerPhone();
    await setupBorrower(sandbox.url, phone10, { kycVariant: variant });
    const phone = await newPhone(browser, sandbox.url);
    await phone.page.goto(`/product/${PID}`);
    await phone.page.waitForURL(/\/login/);
    await signIn(phone.page, phone10);
    await phone.page.waitForURL(`**/product/${PID}`);
    await phone.page.getByRole('link', { name: 'APPLY NOW' }).click();
    return { ...phone, phone10 };
  }

  scenario('verification: what was typed survives an expired session (sign in again, back on the step, fields filled)', async () => {
    const phone10 = newBorrowerPhone();
    await setupBorrower(sandbox.url, phone10, { kycVariant: 'upload', stepOrder: ['basic', 'work', 'contacts', 'identity', 'face'] });
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    await page.goto(`/auth/index?pid=${PID}`);
    await page.waitForURL(/\/login/);
    await signIn(page, phone10);
    await onStep(page, '/auth/basic', 1, 5);
    await page.clock.install();
    await choose(page, 'Education', 'Graduate');
    await page.getByLabel('Address', { exact: true }).fill('7 Park Street');
    // The session ends on the server side while the borrower is away; coming back, the step's first call gets -4.
    await page.evaluate(() => localStorage.setItem('bw.token', 'expired-token'));
    await page.reload();
    await page.waitForURL((u) => u.pathname === '/login' && (u.searchParams.get('redirect') ?? '').startsWith('/auth/basic'));
    await page.getByText('Your session has expired. Please sign in again.').waitFor();
    await screenshot(page, '40-expired-login');
    await page.clock.runFor('01:01');
    await advanceClock(sandbox.url, 61);
    await signIn(page, phone10);
    await onStep(page, '/auth/basic', 1, 5);
    assert((await page.getByLabel('Address', { exact: true }).inputValue()) === '7 Park Street', 'the address is back');
    assert((await page.getByLabel('Education', { exact: true }).locator('option:checked').textContent()) === 'Graduate', 'the education is back');
    await screenshot(page, '41-expired-back-on-step');
    noErrors(errors);
    await context.close();
  });

  scenario('verification, upload KYC: APPLY NOW through every step to /product/{pid}/detail, then a bank account through the IFSC finder, the KFS and one order for a double tap', async () => {
    const { page, context, errors, phone10 } = await newBorrowerAtApply('upload');
    const shots = '20-upload';
    await onStep(page, '/auth/identity', 1, 5);
    await everyControlLabelled(page);
    await screenshot(page, `${shots}-kyc-empty`);

    // Submit with nothing: the spec's first message.
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please Upload Aadhaar front').first().waitFor();

    // A PDF posing as a photo is refused.
    await fileInput(page, 'Aadhaar front').setInputFiles({ name: 'aadhaar.png', mimeType: 'application/pdf', buffer: notAnImage() });
    await page.getByRole('group', { name: 'Aadhaar front' }).getByRole('alert').first().waitFor();
    await screenshot(page, `${shots}-kyc-not-an-image`);

    // A camera photo over 10 MB is compressed under the limit, then uploaded; OCR fills name and number.
    const huge = hugePhoto();
    assert(huge.length > TEN_MB, 'the test photo is over 10 MB');
    const uploads: number[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api1/authen/upload')) uploads.push(r.postDataBuffer()?.length ?? 0);
    });
    await uploadPhoto(page, 'Aadhaar front', huge, 'camera-photo.png');
    assert(uploads.length >= 1 && (uploads[0] as number) < TEN_MB, `the photo was sent compressed (${uploads[0]} bytes)`);
    const name = page.getByLabel('Name as on Aadhaar', { exact: true });
    const number = page.getByLabel('Aadhaar number', { exact: true });
    for (let i = 0; i < 50 && !(await number.inputValue()); i++) await page.waitForTimeout(100);
    assert((await name.inputValue()) !== '', 'OCR filled the name');
    assert((await number.inputValue()).replace(/\D/g, '').length === 12, 'OCR filled the Aadhaar number');
    await uploadPhoto(page, 'Aadhaar back', documentPhoto(2), 'aadhaar-back.png');
    await uploadPhoto(page, 'PAN card', documentPhoto(3), 'pan.png');
    // The sandbox's OCR reads no PAN off an Aadhaar front (server/README.md): the borrower types it.
    await page.getByLabel('PAN', { exact: true }).fill(panFor(phone10).toLowerCase());
    await screenshot(page, `${shots}-kyc-filled`);
    await page.getByRole('button', { name: 'Submit' }).click();

    await afterIdentity(page, shots);
    // On to the first loan: a bank account through the IFSC finder, the KFS, one order (tests/e2e/application.ts).
    await applyForLoan(page, { shots: '61-loan', everyControlLabelled });
    noErrors(errors);
    await context.close();
  });

  scenario('verification, Aadhaar OTP KYC: checks, OTP from the outbox, masked; every step to /product/{pid}/detail', async () => {
    const { page, context, errors, phone10 } = await newBorrowerAtApply('otp');
    const shots = '30-otp';
    await onStep(page, '/auth/identity', 1, 5);
    await everyControlLabelled(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please Input IDcard No.').first().waitFor();
    await screenshot(page, `${shots}-kyc-empty`);

    const number = page.getByLabel('Aadhaar number', { exact: true });
    const aadhaar = aadhaarFor(phone10);
    // A wrong check digit is caught before anything is sent.
    const wrong = `${aadhaar.slice(0, 11)}${(Number(aadhaar[11]) + 1) % 10}`;
    await number.fill(wrong);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByText('This Aadhaar number is not valid. Please check it.').first().waitFor();
    await number.fill(aadhaar);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter the OTP' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /Resend in \d+s/ }).waitFor();
    const otp = await latestAadhaarOtp(sandbox.url, phone10);
    await dialog.getByLabel('OTP', { exact: true }).pressSequentially(`${otp}9x`);
    assert((await dialog.getByLabel('OTP', { exact: true }).inputValue()) === otp, 'OTP: digits only, at most 6');
    await screenshot(page, `${shots}-kyc-otp`);
    await dialog.getByRole('button', { name: 'Verify OTP' }).click();
    await page.getByText('Verified').first().waitFor();
    assert((await number.inputValue()).includes(`XXXX XXXX ${aadhaar.slice(-4)}`), `masked to the last 4 digits, got ${await number.inputValue()}`);
    assert(await number.evaluate((el) => (el as HTMLInputElement).readOnly), 'the verified number is read-only');

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please Input Pan Id. ').first().waitFor();
    const pan = page.getByLabel('PAN', { exact: true });
    const ownPan = panFor(phone10);
    await pan.fill(ownPan.slice(0, 9).toLowerCase());
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('PAN must be 10 characters like ABCPE1234F.').first().waitFor();
    await pan.fill(ownPan.toLowerCase());
    assert((await pan.inputValue()) === ownPan, 'PAN upper-cased');
    await screenshot(page, `${shots}-kyc-verified`);
    await page.getByRole('button', { name: 'Submit' }).click();

    await afterIdentity(page, shots);
    noErrors(errors);
    await context.close();
  });

  scenario('verification: a finished step is not offered again (/auth/{kyc,face,basic,work} go on to /product/{pid}/detail)', async () => {
    const phone10 = newBorrowerPhone();
    await setupBorrower(sandbox.url, phone10, {
      kycVariant: 'upload',
      flags: { basic: 1, work: 1, kycAadhaarAndPan: 1, kycFaceAndHold: 1, contact: 1 },
    });
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /living-check|living-hold|base-info|work-info|kyc-info|authen\/upload/.test(r.url())) sent.push(r.url());
    });
    await page.goto(`/auth/face?pid=${PID}`);
    await page.waitForURL(/\/login/);
    await signIn(page, phone10);
    for (const key of ['face', 'kyc', 'identity', 'basic', 'work']) {
      if (key !== 'face') await page.goto(`/auth/${key}?pid=${PID}&step=1&as=5`);
      await page.waitForURL((u) => u.pathname === `/product/${PID}/detail`, { timeout: 20_000 });
      await page.getByRole('heading', { level: 1, name: 'Loan confirmation' }).waitFor();
    }
    assert((await page.getByRole('button', { name: 'I agree' }).count()) === 0, 'no consent asked');
    assert(sent.length === 0, `nothing was sent again: ${sent.join(', ')}`);
    await screenshot(page, '50-done-step-goes-on');
    noErrors(errors);
    await context.close();
  });

  /**
   * Another backend that follows the spec's contract but sends `living-config` as an object: the face
   * step reads it as "no living-hold", never as an error. Played by intercepting the one call.
   */
  async function withObjectLivingConfig(page: Page): Promise<{ calls: string[] }> {
    const calls: string[] = [];
    await page.route('**/api1/auth/v1/living-check-config', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 0, msg: 'success', data: { 'living-config': { type: 'h5' } } }) }),
    );
    page.on('request', (r) => {
      if (/\/api1\/auth\/(v1\/living-check-config|v1\/kyc-info\/living-hold|v3\/living-check)/.test(r.url())) calls.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    return { calls };
  }

  scenario('verification, living-config as an object (another backend): a finished face step goes on to the hub and the next step; an open one shows the face step, no error, no living-hold', async () => {
    // Face done: /auth/face goes on through the hub to the next step, before the config is asked for.
    const done = newBorrowerPhone();
    await setupBorrower(sandbox.url, done, { kycVariant: 'upload', flags: { kycAadhaarAndPan: 1, kycFaceAndHold: 1, basic: 0, work: 0, contact: 0 } });
    const first = await newPhone(browser, sandbox.url);
    const finished = await withObjectLivingConfig(first.page);
    await first.page.goto(`/auth/face?pid=${PID}&step=2&as=5`);
    await first.page.waitForURL(/\/login/);
    await signIn(first.page, done);
    await onStep(first.page, '/auth/basic', 3, 5);
    assert((await first.page.getByText(/cannot read/).count()) === 0, 'no "cannot read" error on the way');
    assert(finished.calls.length === 0, `the face step asked for nothing of its own: ${finished.calls.join(', ')}`);
    await screenshot(first.page, '52-object-living-config-done-goes-on');
    noErrors(first.errors);
    await first.context.close();

    // Face still to do: the face step shows, without an error; after the photo, the result page, with no living-hold.
    const open = newBorrowerPhone();
    await setupBorrower(sandbox.url, open, { kycVariant: 'upload', flags: { kycAadhaarAndPan: 1, kycFaceAndHold: 0, basic: 0, work: 0, contact: 0 } });
    const second = await newPhone(browser, sandbox.url);
    const pending = await withObjectLivingConfig(second.page);
    await second.page.goto(`/auth/index?pid=${PID}`);
    await second.page.waitForURL(/\/login/);
    await signIn(second.page, open);
    await onStep(second.page, '/auth/face', 2, 5);
    await second.page.getByRole('button', { name: 'I agree' }).waitFor();
    assert((await second.page.getByText(/cannot read/).count()) === 0, 'no "cannot read" error');
    assert((await second.page.getByRole('button', { name: 'Try again' }).count()) === 0, 'no load failure');
    await everyControlLabelled(second.page);
    await screenshot(second.page, '53-object-living-config-face-consent');
    await second.page.getByRole('button', { name: 'I agree' }).click();
    await uploadPhoto(second.page, 'Your face photo', documentPhoto(7), 'selfie.png');
    await screenshot(second.page, '54-object-living-config-face-photo');
    await second.page.getByRole('button', { name: 'Continue' }).click();
    await second.page.waitForURL((u) => u.pathname === '/auth/callback');
    await second.page.getByRole('heading', { name: 'Face recognition successful' }).waitFor();
    await screenshot(second.page, '55-object-living-config-face-result');
    assert(
      JSON.stringify(pending.calls) === JSON.stringify(['GET /api1/auth/v1/living-check-config', 'POST /api1/auth/v3/living-check']),
      `the config, then the living check, and no living-hold: ${pending.calls.join(', ')}`,
    );
    // The journey goes on: the result page's Continue, the hub, the next step.
    await second.page.getByRole('link', { name: 'Continue' }).click();
    await onStep(second.page, '/auth/basic', 3, 5);
    noErrors(second.errors);
    await second.context.close();
  });

  scenario('verification: KYC numbers stay in the tab, grouped; problems said once at the field, in view; the e-mail field', async () => {
    const phone10 = newBorrowerPhone();
    await setupBorrower(sandbox.url, phone10, { kycVariant: 'upload', stepOrder: ['identity', 'basic'] });
    const { page, context, errors } = await newPhone(browser, sandbox.url);
    await page.goto(`/auth/index?pid=${PID}`);
    await page.waitForURL(/\/login/);
    await signIn(page, phone10);
    await onStep(page, '/auth/identity', 1, 2);
    const shots = '51-kyc';
    const submit = page.getByRole('button', { name: 'Submit' });
    const bar = page.locator('.kyc-actions');
    const number = page.getByLabel('Aadhaar number', { exact: true });
    const pan = page.getByLabel('PAN', { exact: true });

    await uploadPhoto(page, 'Aadhaar front', documentPhoto(4), 'aadhaar-front.png');
    for (let i = 0; i < 50 && !(await number.inputValue()); i++) await page.waitForTimeout(100);
    // Typed over, digit by digit: grouped 4-4-4 as on the card, 12 digits kept.
    const aadhaar = aadhaarFor(phone10);
    const wrong = `${aadhaar.slice(0, 11)}${(Number(aadhaar[11]) + 1) % 10}`;
    await number.fill('');
    await number.pressSequentially(wrong);
    const grouped = (n: string) => `${n.slice(0, 4)} ${n.slice(4, 8)} ${n.slice(8)}`;
    assert((await number.inputValue()) === grouped(wrong), `grouped while typed, got ${await number.inputValue()}`);
    assert((await number.getAttribute('inputmode')) === 'numeric', 'the number keypad');
    // Typing and deleting in the middle keeps the caret where it was, though the groups move.
    const caret = () => number.evaluate((el) => (el as HTMLInputElement).selectionStart);
    await number.evaluate((el) => (el as HTMLInputElement).setSelectionRange(6, 6));
    await page.keyboard.press('Backspace');
    const shorter = `${wrong.slice(0, 4)}${wrong.slice(5)}`;
    assert((await number.inputValue()) === grouped(shorter) && (await caret()) === 4, `deleted in the middle, caret in place (${await caret()})`);
    await page.keyboard.type(wrong[4] as string);
    assert((await number.inputValue()) === grouped(wrong) && (await caret()) === 6, `a digit typed in the middle, caret after it (${await caret()})`);
    // A bad number, with the page scrolled to the bottom: brought back into view, said once.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await submit.click();
    await shownOnceInView(page, number, bar, 'This Aadhaar number is not valid. Please check it.', `${shots}-bad-aadhaar`);
    await number.fill(aadhaar);
    await uploadPhoto(page, 'Aadhaar back', documentPhoto(5), 'aadhaar-back.png');
    await uploadPhoto(page, 'PAN card', documentPhoto(6), 'pan.png');
    const ownPan = panFor(phone10);
    await pan.fill(ownPan.slice(0, 9).toLowerCase());
    await page.evaluate(() => window.scrollTo(0, 0));
    await submit.click();
    await shownOnceInView(page, pan, bar, 'PAN must be 10 characters like ABCPE1234F.', `${shots}-bad-pan`);
    await pan.fill(ownPan.toLowerCase());

    // A reload keeps the numbers in this tab; localStorage never holds them.
    await page.reload();
    await onStep(page, '/auth/identity', 1, 2);
    await page.getByRole('group', { name: 'PAN card' }).getByText('Uploaded', { exact: true }).waitFor();
    assert((await number.inputValue()) === grouped(aadhaar), `the Aadhaar number is kept over a reload, got ${await number.inputValue()}`);
    assert((await pan.inputValue()) === ownPan, 'the PAN is kept over a reload');
    const stored = await localStorageValues(page);
    const leaks = stored.filter((v) => v.includes(aadhaar) || v.includes(wrong) || v.includes(ownPan) || v.includes(grouped(aadhaar)));
    assert(leaks.length === 0, `localStorage holds an identity number: ${leaks.join(' | ')}`);
    assert(
      await page.evaluate((n) => Object.keys(sessionStorage).some((k) => (sessionStorage.getItem(k) ?? '').includes(n)), aadhaar),
      'the number is in this tab’s sessionStorage',
    );
    await screenshot(page, `${shots}-reloaded`);

    // Another tab of the same browser: the uploads are known, the numbers are not.
    const other = await context.newPage();
    await other.goto(page.url());
    await onStep(other, '/auth/identity', 1, 2);
    await other.getByRole('group', { name: 'PAN card' }).getByText('Uploaded', { exact: true }).waitFor();
    assert((await other.getByLabel('Aadhaar number', { exact: true }).inputValue()) === '', 'a new tab does not see the Aadhaar number');
    assert((await other.getByLabel('PAN', { exact: true }).inputValue()) === '', 'a new tab does not see the PAN');
    await screenshot(other, `${shots}-new-tab`);
    await other.close();

    await submit.click();

    // Basic info: the e-mail field gets the e-mail keyboard and a format check before sending.
    await onStep(page, '/auth/basic', 2, 2);
    const email = page.getByLabel('Email', { exact: true });
    await email.waitFor();
    assert((await email.getAttribute('type')) === 'email', 'type=email');
    assert((await email.getAttribute('inputmode')) === 'email', 'inputmode=email');
    assert((await email.getAttribute('autocomplete')) === 'email', 'autocomplete=email');
    await choose(page, 'Education', 'Graduate');
    await choose(page, 'Marital status', 'Married');
    await choose(page, 'Residence type', 'Rented');
    await choose(page, 'State', 'Karnataka');
    await page.getByLabel('District', { exact: true }).locator('option', { hasText: 'Bengaluru Urban' }).waitFor({ state: 'attached' });
    await choose(page, 'District', 'Bengaluru Urban');
    await page.getByLabel('Address', { exact: true }).fill('12 MG Road, Ashok Nagar');
    await page.getByLabel('PIN code', { exact: true }).fill('560001');
    await email.fill('borrower@example');
    const formSubmit = page.getByRole('button', { name: 'Submit' });
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/auth/v1/base-info')) sent.push(r.url());
    });
    await page.evaluate(() => window.scrollTo(0, 0));
    await formSubmit.click();
    await shownOnceInView(page, email, page.locator('.form-actions'), 'Please enter a valid e-mail address, like name@example.com.', '52-basic-bad-email');
    assert(sent.length === 0, 'nothing is sent with a malformed e-mail');
    await email.fill('borrower@example.com');
    await formSubmit.click();
    await page.waitForURL((u) => u.pathname === `/product/${PID}/detail`, { timeout: 20_000 });
    noErrors(errors);
    await context.close();
  });
}
