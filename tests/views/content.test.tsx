import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { ProductInfo } from '../../contract/products';
import { RouteErrorBoundary } from '../../src/app/RouteErrorBoundary';
import { HelpView } from '../../src/flows/personal/HelpView';
import { ProductView } from '../../src/flows/product/ProductView';
import { ResourceView } from '../../src/flows/shared/useResource';
import { Screen } from '../../src/ui/Screen';
import { StillTrying } from '../../src/ui/StillTrying';
import { Button } from '../../src/ui/Button';
import { Loading } from '../../src/ui/Status';
import { SLOW_AFTER_MS, waits } from '../../src/lib/waits';

describe('Help', () => {
  const items = [
    { title: 'Who can borrow?', content: 'Indian citizens aged 18 or above.' },
    { title: 'Is <b>HTML</b> shown?', content: 'Text like <img src=x onerror=alert(1)> stays text.' },
    { title: 'How do I repay?', content: 'From the order page.' },
  ];

  it('the first item starts open; a click toggles an item; server text is text', async () => {
    const user = userEvent.setup();
    const { container } = render(<HelpView items={items} />);
    const details = [...container.querySelectorAll('details')];
    expect(details.map((d) => d.open)).toEqual([true, false, false]);
    await user.click(screen.getByText('How do I repay?'));
    expect(details[2]?.open).toBe(true);
    await user.click(screen.getByText('Who can borrow?'));
    expect(details[0]?.open).toBe(false);
    expect(screen.getByText('Is <b>HTML</b> shown?')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });
});

describe('Product detail', () => {
  const info = v.parse(ProductInfo, {
    amountList: [1000, 40000, 5000],
    period: 91,
    interestRate: 0.0005,
    loanProcessingTime: '2 hours',
    score: 4.7,
    slogan: 'Money when you need it',
    detail: [
      { title: 'Product Eligibility', content: ['Indian citizen aged 18 or above', 'Monthly income above ₹15,000'] },
      { title: 'Requirement', content: ['Aadhaar and PAN'] },
    ],
  });

  it('shows max amount, lending time, period, rating, interest per day, both lists and APPLY NOW', () => {
    const { hook } = memoryLocation({ path: '/product/3' });
    render(
      <Router hook={hook}>
        <ProductView pid="3" info={info} />
      </Router>,
    );
    expect(screen.getByText('₹40,000')).toBeTruthy();
    expect(screen.getByText('2 hours')).toBeTruthy();
    expect(screen.getByText('91 days')).toBeTruthy();
    expect(screen.getByLabelText('4.7 out of 5')).toBeTruthy();
    expect(screen.getByText('0.05% / day')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Product Eligibility' }).textContent).toContain('Monthly income above ₹15,000');
    expect(screen.getByRole('region', { name: 'Requirement' }).textContent).toContain('Aadhaar and PAN');
    expect(screen.getByRole('link', { name: 'APPLY NOW' }).getAttribute('href')).toBe('/auth/index?pid=3');
  });
});

describe('a page that cannot be loaded keeps its header and a way home', () => {
  const inRouter = (ui: ReactNode) => render(<Router hook={memoryLocation({ path: '/personal/aboutus' }).hook}>{ui}</Router>);

  it("a failed load (offline): the screen's header, the reason, Try again and Go to Home", async () => {
    const retry = vi.fn();
    inRouter(
      <Screen title="About us">
        <ResourceView resource={{ data: null, error: { server: 'Network error. Please check your connection and try again.' }, retry }}>{() => <p>never</p>}</ResourceView>
      </Screen>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'About us' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Network error. Please check your connection and try again.');
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it("a screen whose code could not be downloaded (RouteErrorBoundary): the route's title as header, Try again and Go to Home", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const Broken = () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    };
    inRouter(
      <RouteErrorBoundary title="About us" homeLink>
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'About us' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('This page could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    vi.restoreAllMocks();
  });
});

describe("'Still trying…'", () => {
  it('is a polite live region, in the page before it speaks, saying so while active', () => {
    const { rerender } = render(<StillTrying active={false} />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    rerender(<StillTrying active />);
    expect(screen.getByRole('status').textContent).toBe('Still trying…');
    // Said to screen readers only: on screen it is said where the borrower waits (below).
    expect(region.className).toBe('visually-hidden');
  });

  it('shows on the busy button (its label) and under a loading spinner once a call is slow; nowhere floating', () => {
    vi.useFakeTimers();
    let end: () => void = () => {};
    try {
      render(
        <>
          <Button busy>Send code</Button>
          <Button>Log in</Button>
          <Loading label="Loading your offers…" />
        </>,
      );
      expect(screen.getByRole('button', { name: 'Send code' }).getAttribute('aria-busy')).toBe('true');
      end = waits.begin();
      act(() => vi.advanceTimersByTime(SLOW_AFTER_MS));
      const busy = screen.getByRole('button', { name: 'Still trying…' });
      expect(busy.getAttribute('aria-busy')).toBe('true');
      expect((busy as HTMLButtonElement).disabled).toBe(true);
      expect(busy.querySelector('.spinner')).not.toBeNull();
      // Only the busy button says it; the loading status keeps its own line and adds this one.
      expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
      expect(document.querySelector('.status-slow')!.textContent).toBe('Still trying…');
      act(() => end());
      expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
      expect(document.querySelector('.status-slow')!.textContent).toBe('');
    } finally {
      end();
      vi.useRealTimers();
    }
  });

  it('a button busy for a moment only keeps its label, even while another call has been slow for long', () => {
    vi.useFakeTimers();
    let end: () => void = () => {};
    try {
      end = waits.begin();
      act(() => vi.advanceTimersByTime(SLOW_AFTER_MS * 2));
      const { rerender } = render(<Button busy={false}>Log in</Button>);
      rerender(<Button busy>Log in</Button>);
      act(() => vi.advanceTimersByTime(SLOW_AFTER_MS - 1));
      expect(screen.getByRole('button', { name: 'Log in' }).getAttribute('aria-busy')).toBe('true');
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByRole('button', { name: 'Still trying…' })).toBeTruthy();
    } finally {
      end();
      vi.useRealTimers();
    }
  });
});
