/**
 * The borrower's documents, in Chromium at 360×800 against the sandbox: a loan disbursed on the clock
 * has its sanction letter in Account → Documents; a repayment that settles it issues the no-dues
 * certificate (and its SMS), which opens as a page, in English and in Hindi, and prints to PDF alone.
 * Against a lender without the documents calls (answered 404), the page says so and names the
 * grievance officer.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { assert, scenario, screenshot, SCREENS, type Sandbox } from './harness';
import { borrowerWithLoan, pay, printed } from './payments';

export interface DocumentsContext {
  sandbox: Sandbox;
  browser: Browser;
  signIn: (page: Page, phone10: string) => Promise<void>;
  noErrors: (errors: string[]) => void;
  everyControlLabelled: (page: Page) => Promise<void>;
}

/** The page's text, squashed. */
const text = async (page: Page) => (await page.locator('main').innerText()).replace(/\s+/g, ' ');

/** The whole page, below the fold too (a document is longer than a screen). */
async function fullShot(page: Page, name: string) {
  await screenshot(page, name);
  writeFileSync(join(SCREENS, `${name}-full.png`), await page.screenshot({ fullPage: true }));
}

/** Switches the app's language (as the borrower's choice, remembered on the device) and reloads. */
async function useLanguage(page: Page, lang: 'en' | 'hi') {
  await page.evaluate((l) => localStorage.setItem('bw.pref.lang', l), lang);
  await page.reload();
}

export function documentScenarios(ctx: DocumentsContext) {
  const { sandbox, noErrors, everyControlLabelled } = ctx;

  scenario('documents: the sanction letter at disbursal; a repayment settles the loan and its no-dues certificate prints in Hindi', async () => {
    const { page, context, errors, orderId, phone10 } = await borrowerWithLoan(ctx);
    await page.goto('/personal');
    await page.getByRole('link', { name: 'Documents' }).waitFor();
    await screenshot(page, '110-account-documents');
    await page.getByRole('link', { name: 'Documents' }).click();
    await page.waitForURL((u) => u.pathname === '/personal/documents');
    const letterLink = page.getByRole('link', { name: /^Sanction letter/ });
    await letterLink.waitFor();
    assert((await page.getByRole('link', { name: /^No-dues certificate/ }).count()) === 0, 'no certificate before the loan is repaid');
    await everyControlLabelled(page);
    await screenshot(page, '110-documents-list');
    await letterLink.click();
    const letter = page.getByRole('article', { name: 'Sanction letter' });
    await letter.waitFor();
    const letterText = (await letter.innerText()).replace(/\s+/g, ' ');
    for (const words of ['Sandbox Finance Private Limited', 'RBI registration no. N-14.03268', 'Sanctioned amount', 'Amount sent to your account', 'Total to repay', `+91`])
      assert(letterText.includes(words), `the sanction letter has "${words}": ${letterText}`);
    await fullShot(page, '111-sanction-letter');

    // The whole loan repaid: the order settles, and the lender issues the no-dues certificate.
    await page.goto(`/orders/${orderId}/detail`);
    await pay(page, orderId, /^Repayment ₹/, 'success@sandbox');
    await page.getByRole('heading', { level: 2, name: 'Payment received' }).waitFor({ timeout: 15_000 });
    await page.goto('/personal/documents');
    const certificateLink = page.getByRole('link', { name: /^No-dues certificate/ });
    await certificateLink.waitFor();
    const list = await text(page);
    assert(list.indexOf('Sanction letter') < list.indexOf('Payment receipt') && list.indexOf('Payment receipt') < list.indexOf('No-dues certificate'), `the loan's documents in the order issued: ${list}`);
    await screenshot(page, '112-documents-list-settled');
    await useLanguage(page, 'hi');
    await page.getByRole('link', { name: /^नो-ड्यूज़ सर्टिफ़िकेट नंबर ND/ }).waitFor();
    await screenshot(page, '112-documents-list-settled-hi');
    await useLanguage(page, 'en');
    await certificateLink.click();
    await page.waitForURL((u) => /^\/personal\/documents\/\d+$/.test(u.pathname));
    const certificate = page.getByRole('article', { name: 'No-dues certificate' });
    await certificate.waitFor();
    const en = (await certificate.innerText()).replace(/\s+/g, ' ');
    for (const words of ['Sandbox Finance Private Limited', 'This certifies that the loan below is repaid in full and closed.', 'Amount repaid', 'Closing date', 'No dues: nothing is outstanding on this loan.', 'ND'])
      assert(en.includes(words), `the certificate has "${words}": ${en}`);
    await everyControlLabelled(page);
    await fullShot(page, '113-no-dues');

    // The SMS of its issue, with its link, in the outbox.
    const outbox = (await (await fetch(`${sandbox.url}/sandbox/api/outbox?phone=91${phone10}`)).json()) as { messages: { text: string }[] };
    const path = new URL(page.url()).pathname;
    assert(outbox.messages.some((m) => m.text.startsWith('No dues:') && m.text.endsWith(path)), `the certificate's SMS links ${path}: ${JSON.stringify(outbox.messages.map((m) => m.text))}`);

    // In Hindi, printed to PDF: the certificate alone.
    await useLanguage(page, 'hi');
    const hindi = page.getByRole('article', { name: 'नो-ड्यूज़ सर्टिफ़िकेट' });
    await hindi.waitFor();
    const hi = (await hindi.innerText()).replace(/\s+/g, ' ');
    for (const words of ['चुकाई गई राशि', 'बंद होने की तारीख', 'कोई बकाया नहीं: इस लोन पर कुछ भी बाकी नहीं है।'])
      assert(hi.includes(words), `the certificate in Hindi has "${words}": ${hi}`);
    await fullShot(page, '113-no-dues-hi');
    const pdf = await printed(page, 'no-dues-hi');
    assert(pdf.length > 5_000, `a PDF with the certificate (${pdf.length} bytes)`);
    await page.emulateMedia({ media: 'print' });
    const printedTexts = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((el) => getComputedStyle(el).visibility === 'visible' && getComputedStyle(el).display !== 'none' && el.childElementCount === 0 && (el.textContent ?? '').trim())
        .map((el) => (el.textContent ?? '').trim()),
    );
    assert(!printedTexts.includes('दस्तावेज़ों पर वापस जाएँ') && printedTexts.includes('नो-ड्यूज़ सर्टिफ़िकेट'), `only the certificate is printed: ${printedTexts.join(' | ')}`);
    await screenshot(page, '113-no-dues-hi-print');
    await page.emulateMedia({ media: 'screen' });
    await useLanguage(page, 'en');
    noErrors(errors);
    await context.close();
  });

  scenario('documents: a lender without the documents calls; the page says so and names the grievance officer', async () => {
    const { page, context, errors } = await borrowerWithLoan(ctx);
    await page.route('**/api1/user/v1/documents**', (route) => route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ code: 1, msg: 'Not found', data: null }) }));
    await page.goto('/personal/documents');
    await page.getByText('This lender does not provide your loan documents in the app.').waitFor();
    const said = await text(page);
    assert(said.includes('Priya Raman') && said.includes('grievance@lender.example'), `the grievance officer: ${said}`);
    await everyControlLabelled(page);
    await screenshot(page, '114-documents-not-offered');
    await useLanguage(page, 'hi');
    await page.getByText('यह लेंडर ऐप में आपके लोन के दस्तावेज़ नहीं देता।').waitFor();
    await screenshot(page, '114-documents-not-offered-hi');
    await useLanguage(page, 'en');
    // A 404 on a call beyond the spec is "not offered", never an error.
    noErrors(errors.filter((e) => !e.includes('404')));
    await context.close();
  });
}
