/**
 * The bank accounts list (/bank?pid=), in StrictMode and normal mode: cards masked with their bank,
 * a tap returning to the loan confirmation with the card chosen (replacing the list), the add link,
 * the empty state and a failed load's retry.
 */
import { StrictMode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it, vi } from 'vitest';
import type { BankCard } from '../../contract/bank';

const api = vi.hoisted(() => ({ getBankCards: vi.fn() }));
vi.mock('../../src/api/bank', async (original) => ({ ...(await original<Record<string, unknown>>()), ...api }));

const CARDS: BankCard[] = [
  { id: '7', cardNo: 'XXXXXXXX9012', bankCode: 'SBIN0001234' },
  { id: '8', cardNo: '5566778899', bankCode: 'ZZZZ0000001' },
];

async function open(strict: boolean, path = '/bank?pid=3') {
  const { default: BankListRoute } = await import('../../src/flows/bank/BankListRoute');
  const memory = memoryLocation({ path: '/product/3/detail', record: true });
  memory.navigate(path);
  const tree = (
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <BankListRoute />
    </Router>
  );
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return memory;
}

describe.each([
  ['StrictMode', true],
  ['normal mode', false],
] as const)('bank list (%s)', (_, strict) => {
  it('shows each card masked with its bank; a tap returns to the confirmation with it chosen, replacing the list', async () => {
    api.getBankCards.mockReset().mockResolvedValue(CARDS);
    const memory = await open(strict);
    const sbi = await screen.findByRole('link', { name: /State Bank of India/ });
    expect(sbi.textContent).toContain('•••• 9012');
    expect(sbi.textContent).toContain('Account ending 9012');
    expect(sbi.textContent).not.toContain('XXXX');
    const other = screen.getByRole('link', { name: /ZZZZ/ });
    expect(other.textContent).toContain('•••• 8899');
    expect(other.textContent).not.toContain('5566778899');
    expect(screen.getByRole('link', { name: 'Add bank account' }).getAttribute('href')).toBe('/bank/add?pid=3');
    await userEvent.setup().click(sbi);
    expect(memory.history).toEqual(['/product/3/detail', '/product/3/detail?bank_id=7']);
    const live = api.getBankCards.mock.calls.filter(([o]) => !(o as { signal: AbortSignal }).signal.aborted);
    expect(live).toHaveLength(1);
  });

  it('has an empty state with the add link', async () => {
    api.getBankCards.mockReset().mockResolvedValue([]);
    await open(strict);
    expect(await screen.findByText('No bank account yet. Add the account the loan should be paid into.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add bank account' }).getAttribute('href')).toBe('/bank/add?pid=3');
  });

  it('a failed load offers a retry', async () => {
    let down = true;
    api.getBankCards.mockReset().mockImplementation(async () => {
      if (down) throw new Error('Service busy');
      return CARDS;
    });
    await open(strict);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Service busy');
    down = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
  });
});
