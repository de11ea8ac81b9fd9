/** Application Denied (/product/{pid}/denied?day=&hour=): the spec's text verbatim, the live countdown, Back to Home. */
import { StrictMode } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { timeLeft, timeLeftSaid, waitFromQuery } from '../../machines/application/denied.rules';
import { deniedText } from '../../i18n/en/denied';
import { textFor } from '../../src/ui/text';
import { DeniedView } from '../../src/flows/application/DeniedView';

const HOUR = 3_600_000;

/** The time left as the page shows it in English: '14 days 23 hours'. */
const formatTimeLeft = (left: { days: number; hours: number }) => timeLeftSaid(left).map((said) => textFor(deniedText, 'en').said(said)).join(' ');

describe('the re-apply countdown', () => {
  it('reads day and hour from the query; none is the spec’s 15 days; bad values count as 0', () => {
    expect(waitFromQuery('?day=2&hour=5')).toBe((2 * 24 + 5) * HOUR);
    expect(waitFromQuery('')).toBe(15 * 24 * HOUR);
    expect(waitFromQuery('?day=x&hour=3')).toBe(3 * HOUR);
    expect(waitFromQuery('?day=-1')).toBe(15 * 24 * HOUR);
  });

  it('counts whole hours, rounded up', () => {
    expect(formatTimeLeft(timeLeft(15 * 24 * HOUR, 0))).toBe('15 days 0 hours');
    expect(formatTimeLeft(timeLeft(15 * 24 * HOUR, 1))).toBe('15 days 0 hours');
    expect(formatTimeLeft(timeLeft(15 * 24 * HOUR, HOUR + 1))).toBe('14 days 23 hours');
    expect(formatTimeLeft(timeLeft(25 * HOUR, 0))).toBe('1 day 1 hour');
    expect(timeLeft(0, 5)).toEqual({ days: 0, hours: 0 });
  });
});

describe.each([
  ['StrictMode', true],
  ['normal mode', false],
] as const)('denied page (%s)', (_, strict) => {
  afterEach(() => vi.useRealTimers());

  it('says the spec’s text verbatim, counts down live from the moment it opened, and Back goes home', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(0);
    const { default: DeniedRoute } = await import('../../src/flows/application/DeniedRoute');
    const memory = memoryLocation({ path: '/product/3/detail', record: true });
    memory.navigate('/product/3/denied?day=0&hour=2');
    const tree = (
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <DeniedRoute />
      </Router>
    );
    render(strict ? <StrictMode>{tree}</StrictMode> : tree);
    expect(screen.getByText('We could not approve your apolication at this moment. Please re-apply in 15 days')).toBeTruthy();
    expect(screen.getByText('0 days 2 hours')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(HOUR + 30_000));
    expect(screen.getByText('0 days 1 hour')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(HOUR));
    expect(screen.getByText('You can apply again now.')).toBeTruthy();
    vi.useRealTimers();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back' }));
    expect(memory.history.at(-1)).toBe('/');
  });

  it('shows days and hours as sent', () => {
    render(<DeniedView waitMs={(3 * 24 + 4) * HOUR} />);
    expect(screen.getByText('3 days 4 hours')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Application Denied');
  });
});
