/** The paths module and the route table agree, and every link it builds is a page of the app. */
import { describe, expect, it } from 'vitest';
import { allPatterns, findPattern, matchPattern, paths, safeRedirect } from '../../machines/shared/paths';
import { findRoute, routes } from '../../src/app/routes';

describe('paths and the route table', () => {
  it('have the same patterns, each once', () => {
    expect([...routes.map((r) => r.path)].sort()).toEqual([...allPatterns].sort());
    expect(new Set(allPatterns).size).toBe(allPatterns.length);
  });

  it('build links that the route table matches, with their params decoded', () => {
    const links: [string, string, Record<string, string>][] = [
      [paths.product.href('a/b'), '/product/:pid', { pid: 'a/b' }],
      [paths.productDetail.href('3', { bankId: '9' }), '/product/:pid/detail', { pid: '3' }],
      [paths.productDenied.href('3', { day: 2, hour: 5 }), '/product/:pid/denied', { pid: '3' }],
      [paths.orderAudit.href('17'), '/orders/:orderId/audit', { orderId: '17' }],
      [paths.orderExtension.href('17'), '/orders/:orderId/extension', { orderId: '17' }],
      [paths.scheduledOrder.href('x y'), '/schedule/:oid', { oid: 'x y' }],
      [paths.authStep.href('face', { pid: '3', step: 2, total: 5 }), '/auth/face', {}],
      [paths.authHub.href('3'), '/auth/index', {}],
      [paths.faceResult.href({ pid: '3', step: null, total: null }), '/auth/callback', {}],
    ];
    for (const [link, pattern, params] of links) {
      const url = new URL(link, 'https://app.invalid');
      expect(findRoute(url.pathname)?.route.path, link).toBe(pattern);
      expect(matchPattern(pattern, url.pathname), link).toEqual(params);
      expect(safeRedirect(link), link).toBe(link);
    }
  });

  it('keep queries readable and encoded', () => {
    expect(paths.productDetail.href('3', { bankId: '9' })).toBe('/product/3/detail?bank_id=9');
    expect(paths.productDetail.href('3')).toBe('/product/3/detail');
    expect(paths.productDenied.href('3', { day: 2, hour: 5 })).toBe('/product/3/denied?day=2&hour=5');
    expect(paths.authStep.href('kyc', { pid: '3', step: 2, total: null })).toBe('/auth/kyc?pid=3');
    expect(paths.login.href('/auth/index?pid=3&x=1')).toBe('/login?redirect=%2Fauth%2Findex%3Fpid%3D3%26x%3D1');
    expect(paths.login.href('/')).toBe('/login');
  });

  it('know no page outside the table', () => {
    expect(findPattern('/nowhere')).toBeNull();
    expect(findPattern('/product/')).toBeNull();
    expect(findPattern('/orders/5/confirm/')).toBe('/orders/:orderId/confirm');
  });
});
