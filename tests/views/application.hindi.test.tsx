/**
 * The loan confirmation in Hindi: the page, its machine's messages and the whole Key Fact
 * Statement (the RBI expects it in a language the borrower understands), with the API mocked as in
 * application.test.tsx; the server's text stays as the server sent it. And the denial page.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BARE_CONFIG, CARDS, CONFIG, FIGURES, MAY_APPLY, PRODUCT } from '../../machines/application/application.cases';
import ConfirmRoute from '../../src/flows/application/ConfirmRoute';
import { DeniedView } from '../../src/flows/application/DeniedView';
import { clientConfig } from '../../src/flows/shared/client-config';
import { switchLanguage } from '../support/language';

const api = vi.hoisted(() => ({
  precheck: vi.fn(),
  calculate: vi.fn(),
  apply: vi.fn(),
  getBankCards: vi.fn(),
  getProductInfo: vi.fn(),
  getClientConfig: vi.fn(),
}));
vi.mock('../../src/api/loans', () => ({ precheck: api.precheck, calculate: api.calculate, apply: api.apply }));
vi.mock('../../src/api/bank', () => ({ getBankCards: api.getBankCards }));
vi.mock('../../src/api/products', () => ({ getProductInfo: api.getProductInfo }));
vi.mock('../../src/api/content', async (original) => ({ ...(await original<Record<string, unknown>>()), getClientConfig: api.getClientConfig }));

const DEVANAGARI = /[\u0900-\u097F]/;

beforeEach(() => {
  clientConfig.reset();
  for (const fn of Object.values(api)) fn.mockReset();
  api.precheck.mockResolvedValue(MAY_APPLY);
  api.getProductInfo.mockResolvedValue(PRODUCT);
  api.getBankCards.mockResolvedValue(CARDS);
  api.getClientConfig.mockResolvedValue(CONFIG);
  api.calculate.mockResolvedValue(FIGURES);
});
afterEach(() => switchLanguage('en'));

function open() {
  const memory = memoryLocation({ path: '/product/1/detail', record: true });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <ConfirmRoute params={{ pid: '1' }} />
    </Router>,
  );
  return { memory, user: userEvent.setup() };
}

const kfs = () => screen.getByRole('region', { name: 'मुख्य तथ्य विवरण (KFS)' });
const table = async () => {
  await waitFor(() => expect(within(kfs()).queryByRole('table')).not.toBeNull());
  return within(kfs()).getByRole('table');
};
const rowOf = (t: HTMLElement, name: string) => within(t).getByRole('rowheader', { name }).nextElementSibling!.textContent!;

describe('the loan confirmation in Hindi', () => {
  it('shows the page and the whole Key Fact Statement in Hindi; the machine says its messages in Hindi, the server its own', async () => {
    await switchLanguage('hi');
    api.apply.mockRejectedValueOnce(new Error('Your bank account could not be verified'));
    const { user } = open();
    const t = await table();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('लोन की पुष्टि');
    const repayment = within(screen.getByRole('region', { name: 'रीपेमेंट' }));
    expect(repayment.getByText('रीपेमेंट राशि')).toBeTruthy();
    expect(repayment.getByText('₹21,638')).toBeTruthy();
    expect(repayment.getByText('91 दिन')).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'लोन राशि' }).getAttribute('aria-valuetext')).toBe('₹20,000');
    expect(screen.getByRole('switch', { name: /पैसे अपने-आप पाएँ/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('link', { name: 'बैंक अकाउंट चुनें या जोड़ें' }).getAttribute('href')).toBe('/bank?pid=1');

    // The KFS: every row is named in Hindi, figures as the lender sent them.
    const headers = within(t).getAllByRole('rowheader').map((h) => h.textContent!);
    expect(headers).toHaveLength(14);
    for (const h of headers) expect(h, h).toMatch(DEVANAGARI);
    expect(rowOf(t, 'स्वीकृत लोन राशि')).toBe('₹20,000');
    expect(rowOf(t, 'लोन की अवधि')).toBe('91 दिन, एक ही किस्त में चुकाना है');
    expect(rowOf(t, 'प्रोसेसिंग फ़ीस पर GST (18%)')).toBe('₹108');
    expect(rowOf(t, 'आपको मिलने वाली शुद्ध राशि')).toBe('₹19,292 (स्वीकृत राशि में से फ़ीस घटाकर)');
    expect(rowOf(t, 'चुकाने की कुल राशि')).toBe('₹21,638');
    expect(rowOf(t, 'चुकाने की तारीख')).toContain('(अगर लोन आज दिया जाए)');
    expect(rowOf(t, 'वार्षिक प्रतिशत दर (APR)')).toBe('46.06%');
    expect(rowOf(t, 'देर से भुगतान पर दंड शुल्क')).toBe('बकाया मूलधन का 0.1% प्रति दिन (इस लोन पर ₹20 प्रति दिन)। यह शुल्क है, ब्याज नहीं: इस पर कोई ब्याज नहीं लगता।');
    expect(rowOf(t, 'कूलिंग-ऑफ़ अवधि')).toMatch(/^3 दिन: /);
    expect(rowOf(t, 'समय से पहले लोन बंद करना (फ़ोरक्लोज़र)')).toContain('बिना किसी फ़ोरक्लोज़र शुल्क के');
    expect(rowOf(t, 'ऋणदाता')).toContain('RBI रजिस्ट्रेशन: N-14.03456');
    expect(rowOf(t, 'शिकायत निवारण अधिकारी')).toContain('फ़ोन: +91 80 4718 2099');
    expect(rowOf(t, 'शिकायत निवारण अधिकारी')).toContain('ईमेल: grievance@borrower.example');
    expect(within(t).getByText('मुख्य तथ्य विवरण (KFS)', { selector: 'caption' })).toBeTruthy();

    // A machine's message, by key, in Hindi.
    await user.click(screen.getByRole('button', { name: 'अभी आवेदन करें' }));
    expect(screen.getByRole('alert').textContent).toBe('कृपया मुख्य तथ्य विवरण (KFS) पढ़ें और स्वीकार करें।');
    await user.click(within(kfs()).getByRole('checkbox', { name: 'मैंने ऊपर दिया गया मुख्य तथ्य विवरण (KFS) पढ़ लिया है और मुझे यह स्वीकार है।' }));
    await user.click(screen.getByRole('button', { name: 'अभी आवेदन करें' }));
    // The server's text as it came.
    expect((await screen.findByRole('alert')).textContent).toBe('Your bank account could not be verified');

    // English again: the spec's texts, verbatim, without a reload.
    await switchLanguage('en');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Loan confirmation');
    expect(within(screen.getByRole('region', { name: 'Key Fact Statement' })).getByRole('rowheader', { name: 'Sanctioned loan amount' })).toBeTruthy();
  });

  it('says in Hindi what the lender did not send', async () => {
    await switchLanguage('hi');
    api.getClientConfig.mockResolvedValue(BARE_CONFIG);
    open();
    const t = await table();
    for (const name of ['देर से भुगतान पर दंड शुल्क', 'कूलिंग-ऑफ़ अवधि', 'समय से पहले लोन बंद करना (फ़ोरक्लोज़र)', 'ऋणदाता', 'शिकायत निवारण अधिकारी']) expect(rowOf(t, name)).toContain('ऋणदाता ने यह जानकारी नहीं दी');
  });

  it('says in Hindi that the application is being checked, and that the product offers no amount', async () => {
    await switchLanguage('hi');
    api.getProductInfo.mockResolvedValue({ ...PRODUCT, amountList: [] });
    open();
    expect(screen.getByRole('status').textContent).toContain('आपके आवेदन की जाँच हो रही है…');
    expect((await screen.findByRole('alert')).textContent).toContain('इस प्रोडक्ट में अभी कोई लोन राशि उपलब्ध नहीं है।');
  });
});

describe('the denial in Hindi', () => {
  it('says the denial and the time left in Hindi', async () => {
    await switchLanguage('hi');
    render(
      <Router hook={memoryLocation({ path: '/product/1/denied' }).hook}>
        <DeniedView waitMs={(24 + 1) * 3_600_000} />
      </Router>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('आवेदन अस्वीकार');
    expect(screen.getByText('हम अभी आपका आवेदन मंज़ूर नहीं कर सके। कृपया 15 दिन बाद फिर से आवेदन करें')).toBeTruthy();
    expect(screen.getByText('1 दिन 1 घंटा')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'वापस' }).getAttribute('href')).toBe('/');
  });
});
