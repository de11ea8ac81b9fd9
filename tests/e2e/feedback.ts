/**
 * Feedback in Chromium at 360×800 (spec §1, §2 'Feedback dialog', §5): the floating button on home
 * and account only, above the bottom nav and reachable by keyboard; the dialog with the customer
 * phone and e-mail, the 'n / 300' counter and a refused emoji; Send tapped twice sends one request
 * with an Idempotency-Key, thanks the borrower and closes; the sandbox page lists the feedback; past
 * the sandbox's limit the dialog shows its msg.
 * In Hindi: a message typed key by key (each vowel sign a key of its own) and a word committed by an
 * input method are kept, counted and saved as typed.
 *
 * Registered in run.ts: feedbackScenarios({ sandbox, signedIn: freshSignedIn, noErrors });
 */
import type { Page } from 'playwright-core';
import { feedback as hi } from '../../i18n/hi/feedback';
import { assert, newBorrowerPhone, scenario, screenshot, type Sandbox } from './harness';

export interface FeedbackContext {
  sandbox: Sandbox;
  /** A phone signed in as `phone10` (the login screen the first time), opened on `path`. */
  signedIn: (phone10: string, path: string) => Promise<{ page: Page; context: { close(): Promise<void> }; errors: string[] }>;
  noErrors: (errors: string[]) => void;
}

const RAVI = '9000000002';

export function feedbackScenarios({ sandbox, signedIn, noErrors }: FeedbackContext): void {
  scenario('feedback: the button on home and account only; type, counter, refused emoji, send once; the sandbox page shows it', async () => {
    const { page, context, errors } = await signedIn(RAVI, '/');
    await page.waitForURL((u) => u.pathname === '/');
    const fab = page.getByRole('button', { name: 'Feedback' });
    await fab.waitFor();
    await page.waitForLoadState('networkidle');
    // Above the bottom nav, inside the screen.
    const fabBox = await fab.boundingBox();
    const navBox = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
    assert(fabBox && navBox && fabBox.y + fabBox.height <= navBox.y, `the button sits above the bottom nav (${JSON.stringify({ fabBox, navBox })})`);
    assert(fabBox.x >= 0 && fabBox.x + fabBox.width <= 360, 'the button is inside the screen');
    await screenshot(page, 'feedback-1-button-home');

    // Not on the other pages, /schedule included (it shares the shell).
    for (const path of ['/orders', '/schedule']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      assert((await fab.count()) === 0, `no Feedback button on ${path}`);
    }

    await page.goto('/personal');
    await fab.waitFor();
    // Keyboard: focus it and press Enter; the text area gets the focus.
    await fab.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Feedback' });
    await dialog.waitFor();
    const field = dialog.getByLabel('Your feedback');
    assert(await field.evaluate((el) => el === document.activeElement), 'the text area has the focus');
    const tel = dialog.getByRole('link', { name: '+91 80 4718 2000' });
    await tel.waitFor();
    assert((await tel.getAttribute('href')) === 'tel:+918047182000', 'the customer phone is a tel: link');
    assert((await dialog.getByRole('link', { name: 'support@borrower.example' }).getAttribute('href')) === 'mailto:support@borrower.example', 'the e-mail is a mailto: link');

    const text = `Fast approval, thanks! e2e ${Date.now()}`;
    await page.keyboard.type(text);
    await page.keyboard.type('😀');
    await dialog.getByText('Only letters, digits, spaces and _ ? ! , . are allowed').waitFor();
    assert((await field.inputValue()) === text, 'the emoji is not inserted');
    await dialog.getByText(`${text.length} / 300`).waitFor();
    await screenshot(page, 'feedback-2-dialog');

    const keys: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/opinion-record/v1/save')) keys.push(r.headers()['idempotency-key'] ?? '');
    });
    await dialog.getByRole('button', { name: 'Send' }).dblclick();
    await page.getByText('Thank you for your feedback').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await screenshot(page, 'feedback-3-thanks');
    await page.waitForLoadState('networkidle');
    assert(keys.length === 1 && keys[0]!.length >= 8, `one POST with an Idempotency-Key (${JSON.stringify(keys)})`);

    const html = await (await fetch(`${sandbox.url}/sandbox`)).text();
    assert(html.includes('<h2 id="feedback">Feedback</h2>') && html.includes(text), 'the sandbox page lists the feedback');
    noErrors(errors);
    await context.close();
  });

  scenario('feedback in Hindi: typed key by key and through an input method, kept, counted and saved; an emoji refused', async () => {
    const { page, context, errors } = await signedIn(RAVI, '/personal');
    // The borrower switches to Hindi in Account.
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    const fab = page.getByRole('button', { name: hi.button });
    await fab.click();
    const dialog = page.getByRole('dialog', { name: hi.title });
    const field = dialog.getByLabel(hi.label);
    await field.waitFor();
    assert(await field.evaluate((el) => el === document.activeElement), 'the text area has the focus');

    // Key by key: Playwright inserts each code point as its own input event, vowel signs included.
    const message = 'मुझे ऋण की जानकारी चाहिए।';
    await page.keyboard.type(message);
    assert((await field.inputValue()) === message, `every letter and vowel sign is kept: ${JSON.stringify(await field.inputValue())}`);
    await dialog.getByText('25 / 300').waitFor();
    const notice = dialog.locator('.feedback-notice');
    assert((await notice.textContent()) === '', 'nothing is refused');
    await screenshot(page, 'feedback-hi-1-typed');

    await page.keyboard.type('👍');
    await dialog.getByText(hi.refused).waitFor();
    assert((await field.inputValue()) === message, 'the emoji is not inserted');
    await screenshot(page, 'feedback-hi-2-emoji-refused');

    // An input method composing a word (Latin while composing), then committing it in Devanagari.
    const cdp = await page.context().newCDPSession(page);
    const compose = (text: string) => cdp.send('Input.imeSetComposition', { text, selectionStart: text.length, selectionEnd: text.length });
    await compose(' d');
    // A separator the rules refuse, shown by some input methods while composing: not rewritten mid-word.
    await compose(" dhan'ya");
    assert((await field.inputValue()) === `${message} dhan'ya`, `the composition is left as the input method has it: ${JSON.stringify(await field.inputValue())}`);
    await compose(' dhanyavaad');
    await cdp.send('Input.insertText', { text: ' धन्यवाद' });
    const full = `${message} धन्यवाद`;
    await dialog.getByText('33 / 300').waitFor();
    assert((await field.inputValue()) === full, `the committed word is kept: ${JSON.stringify(await field.inputValue())}`);
    await screenshot(page, 'feedback-hi-3-composed');

    let sent = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/opinion-record/v1/save')) sent++;
    });
    await dialog.getByRole('button', { name: hi.send }).click();
    await page.getByText(hi.thanks).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await screenshot(page, 'feedback-hi-4-thanks');
    assert(sent === 1, `one POST (${sent})`);
    // What the sandbox stored (its page lists it), exactly as typed.
    const html = await (await fetch(`${sandbox.url}/sandbox`)).text();
    assert(html.includes(`<td>${full}</td>`), 'the sandbox stored the Hindi message as typed');
    noErrors(errors);
    await context.close();
  });

  scenario('feedback: past the sandbox’s limit (5 a minute), the dialog shows its msg and keeps the text, in English and in Hindi', async () => {
    const { page, context, errors } = await signedIn(newBorrowerPhone(), '/');
    await page.waitForURL((u) => u.pathname === '/');
    // Five saves of this borrower already this minute (the app's own calls, made from the page).
    const saved = await page.evaluate(async () => {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const body = new FormData();
        body.append('content', `Earlier note ${i}`);
        const res = await fetch('/api1/opinion-record/v1/save', { method: 'POST', headers: { token: localStorage.getItem('bw.token') ?? '' }, body });
        codes.push(((await res.json()) as { code: number }).code);
      }
      return codes;
    });
    assert(saved.every((c) => c === 0), `five saved (${saved.join(',')})`);
    const limit = /^You have sent a lot of feedback in the last minute\. Please try again in \d+ seconds?\.$/;

    const tryOnce = async (button: string, label: string, send: string, shot: string) => {
      await page.getByRole('button', { name: button }).click();
      const dialog = page.getByRole('dialog', { name: button });
      await dialog.getByLabel(label).fill('One more note');
      await dialog.getByRole('button', { name: send }).click();
      const alert = dialog.getByRole('alert');
      await alert.waitFor();
      const said = (await alert.innerText()).trim();
      assert(limit.test(said), `the sandbox's msg in the dialog (${said})`);
      assert((await dialog.getByLabel(label).inputValue()) === 'One more note', 'the text is kept');
      await screenshot(page, shot);
    };
    await tryOnce('Feedback', 'Your feedback', 'Send', 'feedback-4-limit');
    await page.evaluate(() => localStorage.setItem('bw.pref.lang', 'hi'));
    await page.reload();
    await tryOnce(hi.button, hi.label, hi.send, 'feedback-5-limit-hi');
    noErrors(errors);
    await context.close();
  });
}
