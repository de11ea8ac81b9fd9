/**
 * The rating audit page in Hindi: its texts, the status line and the 'Info' dialog
 * follow the language; the server's msg in the dialog stays as it came; English again is the
 * spec's text verbatim ('In Auditing...', 'To Evaluate', 'Info').
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../contract/orders';
import { ratingAuditMachine } from '../../machines/rating/rating-audit.machine';
import { order } from '../../machines/rating/rating-audit.cases';
import { NO_SHELL } from '../../machines/rating/rating.fixtures';
import { RatingAuditFlow } from '../../src/flows/rating/RatingAuditRoute';
import { fakeCalls } from '../support/fakes';
import { switchLanguage } from '../support/language';

afterEach(() => switchLanguage('en'));

function open(orderId: string | null = '501') {
  const fakes = { loadOrder: fakeCalls<Order, { orderId: string }>(), finish: fakeCalls<void>(), openStoreReview: fakeCalls<void>() };
  const machine = ratingAuditMachine.provide({
    actors: { loadOrder: fakes.loadOrder.actor, finish: fakes.finish.actor, openStoreReview: fakes.openStoreReview.actor },
  });
  render(<RatingAuditFlow machine={machine} orderId={orderId} />);
  return fakes;
}

describe('the rating audit page in Hindi', () => {
  it("every text in Hindi, the machine's messages too; the server's msg as it came", async () => {
    await switchLanguage('hi');
    const fakes = open();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('जाँच चल रही है...');
    expect(screen.getByText('अपनी जाँच जल्दी करवाने के लिए ऐप स्टोर में हमें 5 स्टार दें।')).toBeTruthy();
    expect(screen.getByText('आपके क्रेडिट इतिहास और समय पर भुगतान के साथ आपकी लोन राशि धीरे-धीरे बढ़ेगी।')).toBeTruthy();

    // Refresh: not finished yet, the quiet status line in Hindi.
    fireEvent.click(screen.getByRole('button', { name: 'रीफ़्रेश करें' }));
    await act(async () => fakes.loadOrder.pending().resolve(order(1)));
    expect(screen.getByRole('status').textContent).toBe('अभी जाँच चल रही है।');

    // A failed check without a message: the 'Info' dialog with the machine's message in Hindi.
    fireEvent.click(screen.getByRole('button', { name: 'रीफ़्रेश करें' }));
    await act(async () => fakes.loadOrder.pending().reject(new Error('')));
    let dialog = await screen.findByRole('dialog', { name: 'जानकारी' });
    expect(dialog.textContent).toContain('आपके ऑर्डर की जाँच नहीं हो सकी। कृपया फिर से कोशिश करें।');
    fireEvent.click(within(dialog).getByRole('button', { name: 'ठीक है' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The server's msg stays as the server sent it.
    fireEvent.click(screen.getByRole('button', { name: 'रीफ़्रेश करें' }));
    await act(async () => fakes.loadOrder.pending().reject(new Error('Order does not exist')));
    dialog = await screen.findByRole('dialog', { name: 'जानकारी' });
    expect(dialog.textContent).toContain('Order does not exist');
    fireEvent.click(within(dialog).getByRole('button', { name: 'ठीक है' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // To Evaluate outside the shell: the page says so in Hindi.
    fireEvent.click(screen.getByRole('button', { name: 'रेटिंग दें' }));
    await act(async () => fakes.openStoreReview.pending().reject(NO_SHELL));
    expect(screen.getByText('कृपया ऐप स्टोर में हमें रेटिंग दें।')).toBeTruthy();

    await switchLanguage('en');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('In Auditing...');
    expect(screen.getByRole('button', { name: 'To Evaluate' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(screen.getByText('Please rate us in the app store.')).toBeTruthy();
  });

  it('a link without an order says so in Hindi', async () => {
    await switchLanguage('hi');
    open(null);
    expect(screen.getByRole('alert').textContent).toBe('इस लिंक में कोई ऑर्डर नहीं है। कृपया इसे ऐप से फिर से खोलें।');
    expect(screen.queryByRole('button', { name: 'रीफ़्रेश करें' })).toBeNull();
  });
});
