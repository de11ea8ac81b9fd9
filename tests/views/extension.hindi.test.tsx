/**
 * The extension page in Hindi: the figures, the four notes, the buttons, the countdown and
 * the abandon dialog in Hindi, switched without a reload; the machine's messages by key in Hindi; the
 * server's and the lender's text as they came; English again the spec's text verbatim.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { extensionMachine } from '../../machines/extension/extension.machine';
import { info, NOW, order, ORDER_ID, ORIGIN } from '../../machines/extension/extension.cases';
import { paymentDeadline } from '../../machines/extension/extension.rules';
import { extensionDraft, extensionEffects } from '../../src/flows/extension/extension.effects';
import { ExtensionFlow } from '../../src/flows/extension/ExtensionFlow';
import { switchLanguage } from '../support/language';

const ext = vi.hoisted(() => ({ extensionCalc: vi.fn(), applyExtension: vi.fn(), giveupExtension: vi.fn() }));
const orders = vi.hoisted(() => ({ getOrder: vi.fn(), getOrderList: vi.fn(), confirmLoan: vi.fn(), repay: vi.fn() }));
vi.mock('../../src/api/extension', () => ext);
vi.mock('../../src/api/orders', () => orders);

beforeEach(() => {
  for (const fn of [...Object.values(ext), ...Object.values(orders)]) fn.mockReset();
  extensionDraft(ORDER_ID).remove();
});
afterEach(() => switchLanguage('en'));

function open(now: () => number = () => NOW) {
  const memory = memoryLocation({ path: `/orders/${ORDER_ID}/extension`, record: true });
  const openPayment = vi.fn<(url: string) => void>();
  const machine = extensionMachine.provide(extensionEffects(ORDER_ID, memory.navigate, { openPayment }));
  render(
    <Router hook={memory.hook}>
      <ExtensionFlow machine={machine} orderId={ORDER_ID} draft={null} origin={ORIGIN} paymentHosts={['pay.example']} now={now} />
    </Router>,
  );
  return { memory, openPayment };
}

/** The value beside `label`: a line of the fee's sum (its amount, the sign aside) or of the details. */
const value = (label: string) => {
  const dd = screen.getByText(label, { selector: 'dt' }).nextElementSibling;
  return dd?.querySelector('data')?.textContent ?? dd?.textContent;
};

describe('the extension page in Hindi', () => {
  it('shows every text in Hindi, its messages by key in Hindi, the lender’s and the server’s text as sent, and switches back', async () => {
    await switchLanguage('hi');
    orders.getOrder.mockResolvedValue(order(11, { extensionMsg: 'Extension applied: pay the fee' }));
    ext.extensionCalc.mockResolvedValue(info());
    ext.applyExtension.mockResolvedValue({ paymentUrl: 'https://evil.example/pay' });
    ext.giveupExtension.mockRejectedValue(new Error('Please try again later'));
    const { openPayment } = open();
    const apply = await screen.findByRole('button', { name: 'आवेदन और भुगतान' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('एक्सटेंशन');
    expect(screen.getByText('आपका एक्सटेंशन लागू हो गया है। चुकाने की तारीख आगे बढ़ाने के लिए एक्सटेंशन फ़ीस भरें।')).toBeTruthy();
    expect(screen.getByText('Extension applied: pay the fee')).toBeTruthy();
    expect(value('बकाया एक्सटेंशन फ़ीस')).toBe('₹2,054');
    expect(value('भरी गई एक्सटेंशन फ़ीस')).toBe('₹300');
    expect(value('एक्सटेंशन प्रोसेसिंग फ़ीस (10%)')).toBe('₹2,000');
    expect(value('ब्याज')).toBe('₹154');
    expect(value('एक्सटेंशन के दिन')).toBe('7 दिन');
    expect(value('एक्सटेंशन आवेदन की तारीख')).toBe('12 जून 2025, 10:00 IST');
    expect(value('चुकाने की नई तारीख')).toBe('19 जून 2025');
    expect(screen.getByRole('timer', { name: 'भुगतान के लिए बचा समय' }).textContent).toBe(`18:00:00`);
    expect(screen.getByText('13 जून 2025, 10:00 IST तक भुगतान करें')).toBeTruthy();
    const notes = within(screen.getByRole('heading', { name: 'कृपया ध्यान दें' }).closest('section')!).getAllByRole('listitem');
    expect(notes.map((li) => li.textContent)).toEqual([
      'एक्सटेंशन सफल होने पर चुकाने की तारीख, एक्सटेंशन के अनुरोध से 7 दिन बाद की हो जाती है।',
      'फ़ीस 24 घंटे के अंदर भरनी होगी, नहीं तो एक्सटेंशन विफल हो जाएगा।',
      'फ़ीस = एक्सटेंशन सर्विस फ़ीस + ओवरड्यू फ़ीस + ब्याज, इसमें से पहले भरी गई एक्सटेंशन फ़ीस घटा दी जाती है।',
      'आपने जो राशि पहले चुकाई है, वह सबसे पहले इस फ़ीस में लगाई जाती है।',
    ]);

    // The amendment to the KFS in Hindi; no fee before its tick.
    const amendment = screen.getByRole('heading', { name: 'आपके मुख्य तथ्य विवरण (KFS) में बदलाव' }).closest('section')!;
    expect(within(amendment).getByText('लोन की अवधि बढ़ाने से ये बातें बदलती हैं। आपके KFS में बाकी कुछ नहीं बदलता।')).toBeTruthy();
    expect(within(amendment).getByRole('rowheader', { name: 'चुकाने की नई तारीख' }).nextElementSibling?.textContent).toBe('19 जून 2025');
    expect(within(amendment).getByRole('rowheader', { name: 'अभी चुकाने वाली एक्सटेंशन फ़ीस' }).nextElementSibling?.textContent).toBe('₹2,054');
    expect(apply.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(amendment).getByRole('checkbox', { name: 'मैंने अपने KFS में यह बदलाव पढ़ लिया है और मुझे यह स्वीकार है।' }));
    expect(apply.hasAttribute('disabled')).toBe(false);

    // A machine's message, by key, in Hindi.
    fireEvent.click(apply);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'पेमेंट पेज ऐसे पते पर है जिस पर यह ऐप भरोसा नहीं करता, इसलिए उसे नहीं खोला गया। कृपया बाद में फिर कोशिश करें या हमसे संपर्क करें।',
    );
    expect(openPayment).not.toHaveBeenCalled();

    // The abandon dialog in Hindi; the server's text as it came.
    fireEvent.click(screen.getByRole('button', { name: 'एक्सटेंशन छोड़ें' }));
    const dialog = await screen.findByRole('dialog', { name: 'क्या आप एक्सटेंशन छोड़ना चाहते हैं?' });
    expect(within(dialog).getByText('छोड़ने पर एक्सटेंशन का अनुरोध असफल हो जाएगा।')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'एक्सटेंशन जारी रखें' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'एक्सटेंशन छोड़ें' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Please try again later'));

    // English again, without a reload: the spec's texts verbatim.
    await switchLanguage('en');
    expect(screen.getByRole('dialog', { name: 'Confirm giving up on extension?' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Continue Extension' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Extension');
    expect(screen.getByText('The fee must be paid within 24 hours or the extension fails.')).toBeTruthy();
  });

  it('the window has ended: the failure in Hindi, Check again', async () => {
    await switchLanguage('hi');
    orders.getOrder.mockResolvedValue(order(11));
    ext.extensionCalc.mockResolvedValue(info());
    open(() => paymentDeadline(info())! + 60_000);
    expect(await screen.findByRole('heading', { name: 'एक्सटेंशन विफल हो गया' })).toBeTruthy();
    expect(screen.getByText('एक्सटेंशन फ़ीस भरने के 24 घंटे पूरे हो गए, इसलिए यह एक्सटेंशन विफल हो गया। आपकी चुकाने की तारीख नहीं बदली है।')).toBeTruthy();
    expect(await screen.findByText('लेंडर ने अभी यह एक्सटेंशन बंद नहीं किया है। थोड़ी देर में फिर जाँचें।')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'फिर जाँचें' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'अपने ऑर्डर पर जाएँ' }).getAttribute('href')).toBe(`/orders/${ORDER_ID}/detail`);
  });
});
