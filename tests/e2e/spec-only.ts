/**
 * A lender with only the spec's calls, in Chromium at 360×800: every call of the table of calls beyond
 * the spec (contract/beyond-spec.ts) answers 404, and a borrower with a loan still has every page, each
 * doing what the spec says: the loan's detail with Repayment and no early-closure offer, Documents
 * saying the lender gives none here (with the grievance officer), Help with the officer and the RBI
 * route but no complaint form, and the privacy centre from what the phone kept.
 */
import { BEYOND_SPEC } from '../../contract/beyond-spec';
import { assert, scenario, screenshot } from './harness';
import { borrowerWithLoan, type PaymentsContext } from './payments';

export function specOnlyScenarios(ctx: PaymentsContext) {
  scenario("spec only: with every call beyond the spec answering 404, the loan, Documents, Help and the privacy centre do what the spec says, with no error", async () => {
    const { page, context, errors, orderId } = await borrowerWithLoan(ctx);
    const beyond = new Set(Object.values(BEYOND_SPEC).map((c) => `/api1${c.path}`));
    const asked = new Set<string>();
    await page.route('**/api1/**', (route) => {
      const path = new URL(route.request().url()).pathname;
      if (!beyond.has(path)) return route.fallback();
      asked.add(path);
      return route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ code: 1, msg: 'Not found', data: null }) });
    });

    await page.goto(`/orders/${orderId}/detail`);
    await page.getByRole('button', { name: /^Repayment ₹/ }).waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    assert((await page.getByRole('region', { name: 'Exit this loan without penalty' }).count()) === 0, 'no exit offer without the quote call');
    assert((await page.getByRole('region', { name: 'Payments' }).count()) === 0, 'no payments list without the call');
    await screenshot(page, 'spec-only-detail');

    await page.goto('/personal/documents');
    await page.getByText('This lender does not provide your loan documents in the app.').waitFor({ timeout: 15_000 });
    await screenshot(page, 'spec-only-documents');

    await page.goto('/personal/help');
    await page.getByText('To complain, write to the grievance officer below.').waitFor({ timeout: 15_000 });
    assert((await page.getByRole('button', { name: 'Raise a complaint' }).count()) === 0, 'no complaint form without the call');
    const help = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    assert(help.includes('cms.rbi.org.in') && help.includes('14448'), `Help names the RBI route: ${help}`);
    await screenshot(page, 'spec-only-help');

    await page.goto('/personal/privacy');
    await page.getByRole('heading', { name: 'Privacy centre' }).first().waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'spec-only-privacy');

    for (const path of ['/api1/order/v1/closure', '/api1/user/v1/documents', '/api1/user/v1/complaints', '/api1/user/v1/privacy']) {
      assert(asked.has(path), `the app asked ${path} (and took the spec's path when it was not offered): ${[...asked].join(', ')}`);
    }
    // The browser logs each 404 it was answered; those of the calls beyond the spec are this scenario's own.
    ctx.noErrors(errors.filter((e) => !(e.includes('status of 404') && [...beyond].some((path) => e.includes(path)))));
    await context.close();
  });
}
