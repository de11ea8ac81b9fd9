/**
 * Who lends: sign-in, home, product detail, Help and About us show the lender's
 * name and RBI registration and the grievance officer's name, phone and e-mail from the client config;
 * a backend that sends neither gets working pages without the block; rates show the annual rate
 * beside the daily one; the app's name comes from About us.
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AboutUs, ClientConfig } from '../../contract/content';
import type { HomeResponse } from '../../contract/home';
import type { OrderListItem } from '../../contract/orders';
import { ProductInfo } from '../../contract/products';
import { homeMachine } from '../../machines/home/home.machine';
import { product } from '../../machines/home/home.cases';
import { App } from '../../src/app/App';
import { HomeFlow } from '../../src/flows/home/HomeRoute';
import AboutRoute from '../../src/flows/personal/AboutRoute';
import { HelpView } from '../../src/flows/personal/HelpView';
import { ProductView } from '../../src/flows/product/ProductView';
import { aboutUs, clientConfig, useClientConfig } from '../../src/flows/shared/client-config';
import { session } from '../../src/lib/session';
import { LenderIdentity, mailtoHref, telHref } from '../../src/ui/LenderIdentity';
import { annualRate, formatAnnualRate, formatRatePerDayAndYear } from '../../src/ui/Rate';
import { harness } from '../support/login-harness';
import { fakeCalls } from '../support/fakes';

const FULL = v.parse(ClientConfig, {
  customer: { phone: '+91 80 4718 2000', email: 'support@borrower.example' },
  lender: { name: 'Sandbox Finance Private Limited', rbiRegistration: 'N-14.03268', address: 'Bengaluru', website: 'https://lender.example' },
  grievanceOfficer: { name: 'Priya Raman', phone: '+91 80 4718 2099', email: 'grievance@lender.example', address: 'Bengaluru' },
});
/** What a backend that knows only the spec sends: the customer contact, nothing about the lender. */
const BARE = v.parse(ClientConfig, { customer: { phone: '+91 80 4718 2000', email: 'support@borrower.example' } });
const ABOUT = v.parse(AboutUs, { appName: 'Sandbox Loans', copywriting: 'Small loans on your phone.' });

const inRouter = (ui: ReactNode, path = '/') => <Router hook={memoryLocation({ path }).hook}>{ui}</Router>;

/** The lender block, or null. */
const lenderBlock = () => screen.queryByRole('region', { name: 'Who lends' });

/** Asserts the block shows the lender, its registration and the officer with tel:/mailto: links. */
function expectLenderShown(block: HTMLElement) {
  const b = within(block);
  expect(block.textContent).toContain('Loans by Sandbox Finance Private Limited');
  expect(b.getByText('RBI registration no. N-14.03268')).toBeTruthy();
  expect(b.getByText('Grievance officer')).toBeTruthy();
  expect(b.getByText('Priya Raman')).toBeTruthy();
  expect(b.getByRole('link', { name: '+91 80 4718 2099', hidden: true }).getAttribute('href')).toBe('tel:+918047182099');
  expect(b.getByRole('link', { name: 'grievance@lender.example', hidden: true }).getAttribute('href')).toBe('mailto:grievance@lender.example');
}

type Config = ClientConfig | Error;
function serve({ config, about = new Error('no about us') }: { config: Config; about?: AboutUs | Error }) {
  const load = { config: vi.fn(() => (config instanceof Error ? Promise.reject(config) : Promise.resolve(config))), about: vi.fn(() => (about instanceof Error ? Promise.reject(about) : Promise.resolve(about))) };
  clientConfig.reset(load.config);
  aboutUs.reset(load.about);
  return load;
}

beforeEach(() => serve({ config: FULL }));
afterEach(() => {
  clientConfig.reset();
  aboutUs.reset();
});

describe('the annual rate beside the daily one (nominal: daily × 365)', () => {
  it('formats', () => {
    expect(annualRate(0.001)).toBeCloseTo(0.365, 12);
    expect(formatAnnualRate(0.0009)).toBe('32.85% / year');
    expect(formatAnnualRate(0.001)).toBe('36.5% / year');
    expect(formatAnnualRate(0.0005)).toBe('18.25% / year');
    expect(formatAnnualRate(0.00033)).toBe('12.05% / year');
    expect(formatAnnualRate(0)).toBe('0% / year');
    expect(formatRatePerDayAndYear(0.0009)).toBe('0.09% / day (32.85% / year)');
  });
});

describe('LenderIdentity', () => {
  it('links: tel: with the digits and +, mailto: only for an address', () => {
    expect(telHref('+91 80 4718-2099')).toBe('tel:+918047182099');
    expect(telHref('n/a')).toBe('');
    expect(mailtoHref('grievance@lender.example')).toBe('mailto:grievance@lender.example');
    expect(mailtoHref('write to us')).toBe('');
  });

  it('shows what was sent: only the officer, or only the lender; nothing at all when neither', () => {
    const officerOnly = v.parse(ClientConfig, { grievanceOfficer: { name: 'Priya Raman', email: 'not an address' } });
    const { rerender, container } = render(<LenderIdentity config={officerOnly} />);
    expect(lenderBlock()?.textContent).not.toContain('Loans by');
    expect(screen.getByText('not an address').tagName).toBe('SPAN');
    rerender(<LenderIdentity config={v.parse(ClientConfig, { lender: { name: 'Sandbox Finance Private Limited' } })} />);
    expect(lenderBlock()?.textContent).toBe('Loans by Sandbox Finance Private Limited');
    rerender(<LenderIdentity config={BARE} />);
    expect(container.innerHTML).toBe('');
    rerender(<LenderIdentity config={null} />);
    expect(container.innerHTML).toBe('');
  });

  it('the officer is behind a disclosure, open on request (Help, About us)', () => {
    const { container, rerender } = render(<LenderIdentity config={FULL} />);
    expect(container.querySelector('details')?.open).toBe(false);
    rerender(<LenderIdentity config={FULL} open />);
    expect(container.querySelector('details')?.open).toBe(true);
  });
});

describe('one read per app session', () => {
  function Probe() {
    const config = useClientConfig();
    return <p>{config?.lender?.name ?? 'unknown'}</p>;
  }

  it('screens share one call (StrictMode too), and a screen opened later reads the kept answer', async () => {
    const load = serve({ config: FULL });
    render(
      <StrictMode>
        <Probe />
        <Probe />
      </StrictMode>,
    );
    expect(await screen.findAllByText('Sandbox Finance Private Limited')).toHaveLength(2);
    render(<Probe />);
    expect(screen.getAllByText('Sandbox Finance Private Limited')).toHaveLength(3);
    expect(load.config).toHaveBeenCalledTimes(1);
  });

  it('a failure shows nothing and is forgotten: the next screen asks again', async () => {
    const load = serve({ config: new Error('offline') });
    const first = render(
      <>
        <Probe />
        <Probe />
      </>,
    );
    await waitFor(() => expect(load.config).toHaveBeenCalledTimes(1));
    await act(async () => {});
    expect(screen.getAllByText('unknown')).toHaveLength(2);
    first.unmount();
    load.config.mockImplementation(() => Promise.resolve(FULL));
    render(<Probe />);
    expect(await screen.findByText('Sandbox Finance Private Limited')).toBeTruthy();
    expect(load.config).toHaveBeenCalledTimes(2);
  });
});

describe.each([
  ['with the lender and the officer', FULL],
  ['without them', BARE],
  ['when the config cannot be read', new Error('offline')],
] as const)('the five screens, %s', (_, config) => {
  const shown = !(config instanceof Error) && config.lender !== null;
  beforeEach(() => serve({ config, about: ABOUT }));
  const check = async () => {
    if (shown)
      expectLenderShown(
        await waitFor(() => {
          const block = lenderBlock();
          if (!block) throw new Error('no lender block');
          return block;
        }),
      );
    else {
      await act(async () => {});
      expect(lenderBlock()).toBeNull();
    }
  };

  it('sign-in', async () => {
    harness({ strict: true });
    expect(screen.getByLabelText('Mobile number')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    await check();
    // The block's box is there from the first paint, whatever comes (login.css reserves its height).
    expect(document.querySelector('.login-lender')).not.toBeNull();
  });

  it('home', async () => {
    const homeCalls = fakeCalls<HomeResponse>();
    const orders = fakeCalls<OrderListItem[]>();
    const machine = homeMachine.provide({ actors: { loadHome: homeCalls.actor, loadOrders: orders.actor }, actions: { navigate: () => {}, openExternal: () => {}, showToast: () => {} } });
    render(inRouter(<HomeFlow machine={machine} androidBrowser={false} />));
    await waitFor(() => homeCalls.pending());
    // Not before home is shown: it comes at the end of the page, so nothing above it moves.
    expect(lenderBlock()).toBeNull();
    const home: HomeResponse = { userStatus: 2, homeProductVos: [product('1', { rate: 0.0009 })], undwayList: [] };
    await act(async () => homeCalls.pending().resolve(home));
    expect(await screen.findByRole('heading', { name: 'Loan products' })).toBeTruthy();
    expect(screen.getByText(/91 days ·/).textContent).toBe('91 days · 0.09% / day (32.85% / year)');
    await check();
  });

  it('product detail', async () => {
    const info = v.parse(ProductInfo, { amountList: [1000, 40000], period: 91, interestRate: 0.0005, loanProcessingTime: '2 hours', score: 4.7, detail: [] });
    render(inRouter(<ProductView pid="1" info={info} />, '/product/1'));
    expect(screen.getByText('Interest').nextElementSibling?.textContent).toBe('0.05% / day (18.25% / year)');
    expect(screen.getByRole('link', { name: 'APPLY NOW' })).toBeTruthy();
    await check();
  });

  it('Help (the officer open)', async () => {
    render(<HelpView items={[{ title: 'Who can borrow?', content: 'Indian citizens aged 18 or above.' }]} />);
    expect(screen.getByText('Who can borrow?')).toBeTruthy();
    await check();
    if (shown) expect(lenderBlock()?.querySelector('details')?.open).toBe(true);
  });

  it('About us (the officer open)', async () => {
    render(inRouter(<AboutRoute />, '/personal/aboutus'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Sandbox Loans' })).toBeTruthy();
    expect(screen.getByText('Small loans on your phone.')).toBeTruthy();
    await check();
    if (shown) expect(lenderBlock()?.querySelector('details')?.open).toBe(true);
  });
});

describe("the app's name comes from About us", () => {
  afterEach(() => history.replaceState(null, '', '/'));

  it('sign-in: the heading is the name; until it comes, the line is kept and screen readers hear "Sign in"', async () => {
    const load = serve({ config: FULL, about: ABOUT });
    let release!: () => void;
    load.about.mockImplementation(() => new Promise<AboutUs>((resolve) => (release = () => resolve(ABOUT))));
    aboutUs.reset(load.about);
    harness({ strict: false });
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Sign in');
    expect(heading.querySelector('.visually-hidden')).not.toBeNull();
    await act(async () => release());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sandbox Loans');
    expect(document.body.textContent).not.toContain('Borrower');
  });

  it('home: the heading is the name', async () => {
    serve({ config: FULL, about: ABOUT });
    const homeCalls = fakeCalls<HomeResponse>();
    const machine = homeMachine.provide({ actors: { loadHome: homeCalls.actor, loadOrders: fakeCalls<OrderListItem[]>().actor }, actions: { navigate: () => {}, openExternal: () => {}, showToast: () => {} } });
    render(inRouter(<HomeFlow machine={machine} androidBrowser={false} />));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sandbox Loans' })).toBeTruthy();
  });

  it('until About us answers (offline, failed, a -4 on an open page), the name it gave last on this device: sign-in, home, the title', async () => {
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
    session.clear();
    history.replaceState(null, '', '/login');
    serve({ config: FULL, about: ABOUT });
    const once = render(<App />);
    await waitFor(() => expect(document.title).toBe('Sign in · Sandbox Loans'));
    once.unmount();

    // A new app session (a reload) in which About us fails.
    const load = serve({ config: FULL });
    render(<App />);
    await waitFor(() => expect(load.about).toHaveBeenCalled());
    expect(await screen.findByRole('heading', { level: 1, name: 'Sandbox Loans' })).toBeTruthy();
    expect(document.title).toBe('Sign in · Sandbox Loans');
    cleanup();

    const homeCalls = fakeCalls<HomeResponse>();
    const machine = homeMachine.provide({ actors: { loadHome: homeCalls.actor, loadOrders: fakeCalls<OrderListItem[]>().actor }, actions: { navigate: () => {}, openExternal: () => {}, showToast: () => {} } });
    render(inRouter(<HomeFlow machine={machine} androidBrowser={false} />));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sandbox Loans' })).toBeTruthy();
  });

  it('a device About us never answered shows no name when it fails: never a made-up one', async () => {
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
    session.clear();
    history.replaceState(null, '', '/login');
    const load = serve({ config: FULL });
    render(<App />);
    await waitFor(() => expect(load.about).toHaveBeenCalled());
    await screen.findByLabelText('Mobile number');
    await act(async () => {});
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Sign in');
    expect(heading.querySelector('.visually-hidden')).not.toBeNull();
    expect(document.title).toBe('Sign in');
  });

  it('the page title: "Sign in · Sandbox Loans" once About us answered, "Sign in" before', async () => {
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
    let release!: () => void;
    aboutUs.reset(() => new Promise<AboutUs>((resolve) => (release = () => resolve(ABOUT))));
    session.clear();
    history.replaceState(null, '', '/login');
    render(<App />);
    expect(await screen.findByLabelText('Mobile number')).toBeTruthy();
    expect(document.title).toBe('Sign in');
    await act(async () => release());
    expect(document.title).toBe('Sign in · Sandbox Loans');
  });
});
