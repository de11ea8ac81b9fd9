/**
 * The feedback dialog in Hindi: the button, the dialog, a Hindi message typed key by key and sent
 * whole, what the rules say about an emoji, the thank-you toast; the counter stays numbers, the
 * contact and the server's msg stay as they came; English again is the spec's text verbatim.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Feedback from '../../src/flows/feedback/Feedback';
import { clientConfig } from '../../src/flows/shared/client-config';
import { ToastHost } from '../../src/ui/ToastHost';
import { switchLanguage } from '../support/language';

const api = vi.hoisted(() => ({ getClientConfig: vi.fn(), saveFeedback: vi.fn() }));
vi.mock('../../src/api/content', async (original) => ({ ...(await original<Record<string, unknown>>()), ...api }));

beforeEach(() => {
  clientConfig.reset();
  sessionStorage.clear();
  api.getClientConfig.mockReset().mockResolvedValue({ customer: { phone: '+91 80 4718 2000', email: 'support@borrower.example' } });
  api.saveFeedback.mockReset();
});
afterEach(() => switchLanguage('en'));

const dialog = () => screen.getByRole('dialog', { name: 'फ़ीडबैक' });
const field = () => within(dialog()).getByLabelText('आपका फ़ीडबैक') as HTMLTextAreaElement;

describe('the feedback dialog in Hindi', () => {
  it("every text in Hindi, the rules' notices and the thank-you too; the contact and the counter as they are", async () => {
    await switchLanguage('hi');
    const user = userEvent.setup();
    render(
      <>
        <Feedback />
        <ToastHost />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'फ़ीडबैक' }));
    const d = dialog();
    expect(await within(d).findByText('बताएँ कि हम क्या बेहतर कर सकते हैं। आप कस्टमर केयर से भी संपर्क कर सकते हैं:')).toBeTruthy();
    expect(within(d).getByText('फ़ोन')).toBeTruthy();
    expect(within(d).getByText('ईमेल')).toBeTruthy();
    expect(within(d).getByRole('link', { name: '+91 80 4718 2000' })).toBeTruthy();
    expect(within(d).getByRole('button', { name: 'रद्द करें' })).toBeTruthy();

    // Blank: the machine's notice, in Hindi.
    await user.click(within(d).getByRole('button', { name: 'भेजें' }));
    expect(within(d).getByText('कृपया पहले अपना फ़ीडबैक लिखें।')).toBeTruthy();
    expect(api.saveFeedback).not.toHaveBeenCalled();

    // Hindi is kept as typed; an emoji is refused, and the notice says what may be written.
    await user.type(field(), 'अच्छा ऐप 👍');
    expect(field().value).toBe('अच्छा ऐप ');
    expect(within(d).getByText('सिर्फ़ अक्षर, अंक, स्पेस और _ ? ! , . । ही लिखे जा सकते हैं')).toBeTruthy();
    expect(within(d).getByText('9 / 300')).toBeTruthy();

    // A failed send: the server's msg as it came.
    api.saveFeedback.mockRejectedValueOnce(new Error('Service busy, please try again')).mockResolvedValueOnce(undefined);
    await user.click(within(d).getByRole('button', { name: 'भेजें' }));
    await waitFor(() => expect(within(d).getByRole('alert').textContent).toBe('Service busy, please try again'));

    // Sent: the thank-you toast in Hindi.
    await user.click(within(dialog()).getByRole('button', { name: 'भेजें' }));
    expect(await screen.findByText('आपके फ़ीडबैक के लिए धन्यवाद')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await switchLanguage('en');
    expect(screen.getByRole('button', { name: 'Feedback' })).toBeTruthy();
  });

  it('a Hindi message typed key by key, each vowel sign a key of its own, is kept, counted and sent whole', async () => {
    await switchLanguage('hi');
    api.saveFeedback.mockResolvedValue(undefined);
    const user = userEvent.setup();
    render(
      <>
        <Feedback />
        <ToastHost />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'फ़ीडबैक' }));
    const message = 'मुझे ऋण की जानकारी चाहिए।';
    for (const key of message) await user.keyboard(key);
    expect(field().value).toBe(message);
    expect(within(dialog()).getByText('25 / 300')).toBeTruthy();
    expect(dialog().querySelector('[aria-live="polite"]')?.textContent).toBe('');
    await user.click(within(dialog()).getByRole('button', { name: 'भेजें' }));
    expect(await screen.findByText('आपके फ़ीडबैक के लिए धन्यवाद')).toBeTruthy();
    expect(api.saveFeedback).toHaveBeenCalledTimes(1);
    expect(api.saveFeedback.mock.calls[0]?.[0]).toEqual({ content: message });
  });

  it('a failed send without a message says so in Hindi, and in English once switched', async () => {
    await switchLanguage('hi');
    api.saveFeedback.mockRejectedValue(new Error(''));
    const user = userEvent.setup();
    render(<Feedback />);
    await user.click(screen.getByRole('button', { name: 'फ़ीडबैक' }));
    await user.type(field(), 'Fast loan');
    await user.click(within(dialog()).getByRole('button', { name: 'भेजें' }));
    await waitFor(() => expect(within(dialog()).getByRole('alert').textContent).toBe('आपका फ़ीडबैक नहीं भेजा जा सका। कृपया फिर से कोशिश करें।'));
    await switchLanguage('en');
    expect(within(screen.getByRole('dialog', { name: 'Feedback' })).getByRole('alert').textContent).toBe('Your feedback could not be sent. Please try again.');
  });
});
