import { describe, expect, it } from 'vitest';
import { paths, safeRedirect } from '../../machines/shared/paths';
import { guard } from '../../src/app/guard';
import { findRoute, routes } from '../../src/app/routes';

const OPEN = ['/login', '/download', '/alert', '/verify/contact2', '/orders/audit', '/joint', '/rate'];

describe('the route table', () => {
  it('declares every route of spec §2 once, with a title and a background', () => {
    const paths = routes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of ['/', '/personal', '/schedule', '/personal/aboutus', '/personal/help', '/login', '/joint', '/rate', '/download', '/alert',
      '/product/:pid', '/product/:pid/detail', '/product/:pid/denied', '/auth/index', '/auth/kyc', '/auth/face', '/auth/basic', '/auth/work',
      '/auth/contacts', '/auth/callback', '/auth/identity', '/bank', '/bank/add', '/bank/ifsc', '/orders', '/orders/:orderId/audit',
      '/orders/:orderId/confirm', '/orders/:orderId/detail', '/orders/:orderId/extension', '/orders/audit', '/schedule/:oid']) {
      expect(paths, p).toContain(p);
    }
    for (const r of routes) {
      expect(r.title.length, r.path).toBeGreaterThan(0);
      expect(r.background, r.path).toMatch(/^#[0-9a-f]{6}$/i);
    }
  });

  it('only the spec\'s open routes are public', () => {
    expect(routes.filter((r) => r.public).map((r) => r.path).sort()).toEqual([...OPEN].sort());
  });

  it('every route of the spec has its real screen', () => {
    const built = routes.map((r) => r.path);
    const verification = ['/auth/index', '/auth/kyc', '/auth/identity', '/auth/face', '/auth/basic', '/auth/work', '/auth/contacts', '/auth/callback'];
    const application = ['/product/:pid/detail', '/product/:pid/denied', '/bank', '/bank/add', '/bank/ifsc', '/orders'];
    const orders = ['/orders/:orderId/audit', '/orders/:orderId/confirm', '/orders/:orderId/detail', '/orders/:orderId/extension'];
    // Beyond the spec's routes: an order's Key Fact Statement the confirm page links to, a payment's receipt,
    // the borrower's documents and each document the lender issued (documents to print or save as PDF).
    const documents = ['/orders/:orderId/kfs', '/orders/:orderId/receipts/:paymentId', '/personal/documents', '/personal/documents/:docId'];
    const schedule = ['/schedule', '/schedule/:oid', '/product/:pid/schedule'];
    const rating = ['/rate', '/orders/audit'];
    const openPages = ['/download', '/alert', '/verify/contact2', '/joint'];
    // The privacy centre (Account): what was collected, consents and their withdrawal, deletion requests.
    const privacy = ['/personal/privacy'];
    expect(built.sort()).toEqual(['/', '/login', '/personal', '/personal/aboutus', '/personal/help', ...privacy, '/product/:pid', ...verification, ...application, ...orders, ...documents, ...schedule, ...rating, ...openPages].sort());
  });

  it('matches params, static segments before params, and trailing slashes', () => {
    expect(findRoute('/product/42')).toMatchObject({ route: { path: '/product/:pid' }, params: { pid: '42' } });
    expect(findRoute('/product/42/detail')?.route.path).toBe('/product/:pid/detail');
    expect(findRoute('/orders/audit')?.route.path).toBe('/orders/audit');
    expect(findRoute('/orders/77/audit')).toMatchObject({ route: { path: '/orders/:orderId/audit' }, params: { orderId: '77' } });
    expect(findRoute('/personal/')?.route.path).toBe('/personal');
    expect(findRoute('/personal/documents/12')).toMatchObject({ route: { path: '/personal/documents/:docId' }, params: { docId: '12' } });
    expect(findRoute('/nope')).toBeNull();
    expect(findRoute('/product/%E0%A4')).toBeNull(); // malformed escape
  });
});

describe('the guard', () => {
  it.each(OPEN)('without a token, %s is open', (path) => {
    expect(guard(path, '', false)).toEqual({ kind: 'render' });
  });

  it.each(['/', '/personal', '/personal/help', '/product/3', '/orders', '/auth/index', '/schedule/9', '/orders/9/receipts/pay_1', '/personal/documents', '/personal/documents/12', '/no/such/page'])(
    'without a token, %s redirects to /login?redirect={path}',
    (path) => {
      expect(guard(path, '', false)).toEqual({ kind: 'redirect', to: path === '/' ? '/login' : `/login?redirect=${encodeURIComponent(path)}` });
    },
  );

  it('keeps the query string in the redirect', () => {
    expect(guard('/auth/index', '?pid=3', false)).toEqual({ kind: 'redirect', to: `/login?redirect=${encodeURIComponent('/auth/index?pid=3')}` });
    expect(guard('/auth/index', 'pid=3', false)).toEqual({ kind: 'redirect', to: `/login?redirect=${encodeURIComponent('/auth/index?pid=3')}` });
  });

  it('with a token every route renders, and /login moves on to its (checked) redirect target', () => {
    for (const r of routes.filter((x) => x.path !== '/login')) expect(guard(r.path.replace(/:\w+/g, '1'), '', true)).toEqual({ kind: 'render' });
    expect(guard('/login', '?redirect=%2Fproduct%2F3', true)).toEqual({ kind: 'redirect', to: '/product/3' });
    expect(guard('/login', '?redirect=https%3A%2F%2Fevil.example', true)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('round-trips: the login URL the guard builds yields the original path after sign-in', () => {
    const to = paths.login.href('/auth/index?pid=3&x=1');
    expect(safeRedirect(new URL(to, 'http://x').searchParams.get('redirect'))).toBe('/auth/index?pid=3&x=1');
  });

  it("keeps Loan History's reason (?blocked=) through sign-in", () => {
    const decision = guard('/orders', paths.orders.href({ blocked: '1' }).slice('/orders'.length), false);
    expect(decision).toEqual({ kind: 'redirect', to: `/login?redirect=${encodeURIComponent('/orders?blocked=1')}` });
    const back = decision.kind === 'redirect' ? new URL(decision.to, 'http://x').searchParams.get('redirect') : null;
    expect(guard('/login', `?redirect=${encodeURIComponent(back ?? '')}`, true)).toEqual({ kind: 'redirect', to: '/orders?blocked=1' });
  });
});

describe('safeRedirect: only paths of this app', () => {
  it.each([
    ['/product/3', '/product/3'],
    ['/auth/index?pid=3', '/auth/index?pid=3'],
    ['/personal/help#q2', '/personal/help#q2'],
    ['/', '/'],
  ])('%s → %s', (raw, expected) => expect(safeRedirect(raw)).toBe(expected));

  it.each([
    null,
    undefined,
    '',
    'https://evil.example/',
    'http://evil.example',
    '//evil.example',
    '//evil.example/product/3',
    '/\\evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/%2F%2Fevil.example',
    '/\tevil',
    '/product/3\n',
    'product/3',
    '/login',
    '/login?redirect=/login',
    '/no/such/route',
    `/${'a'.repeat(3000)}`,
  ])('%j → /', (raw) => expect(safeRedirect(raw)).toBe('/'));
});
