/**
 * The sandbox serves exactly the contract's endpoint table under /api1: every entry is served (a
 * request to it never reaches the unknown-path answer), nothing off the table is, and each call asks
 * for a token exactly when its entry says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_PATH_MSG } from '../../contract/beyond-spec';
import { API_BASE, callName, ENDPOINT_LIST, routePattern, type Endpoint } from '../../contract/endpoints';
import { startHarness, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const routeKey = (method: string, pattern: string) => `${method} ${pattern}`;

/** The /api1 routes the app registered (middleware are registered as ALL, the 404 fallback with a `*`). */
function servedRoutes(): Set<string> {
  const served = new Set<string>();
  for (const r of h.app.routes) {
    if (r.method === 'ALL' || !r.path.startsWith(`${API_BASE}/`) || r.path.includes('*')) continue;
    served.add(routeKey(r.method, r.path));
  }
  return served;
}

/** A request to the entry as a caller with nothing right would send it: no token, parameters '1', an empty JSON body. */
function probe(entry: Endpoint): Promise<Response> {
  const path = `${API_BASE}${entry.path.replace(/\{[A-Za-z0-9]+\}/g, '1')}`;
  return Promise.resolve(
    h.app.request(path, entry.method === 'POST' ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' } : { method: 'GET' }),
  );
}

const isUnknownPath = (status: number, body: unknown) =>
  status === 404 && typeof body === 'object' && body !== null && 'msg' in body && body.msg === UNKNOWN_PATH_MSG && 'code' in body && body.code === 1;

describe('the sandbox and the endpoint table', () => {
  it('registers every entry of the table, and no /api1 route that is not in it', () => {
    const table = new Set(ENDPOINT_LIST.map((e) => routeKey(e.method, `${API_BASE}${routePattern(e)}`)));
    const served = servedRoutes();
    expect([...table].filter((k) => !served.has(k)), 'in the table, not served').toEqual([]);
    expect([...served].filter((k) => !table.has(k)), 'served, not in the table').toEqual([]);
  });

  it('answers a path off the table with the unknown-path answer (what the probes below tell apart)', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await h.app.request(`${API_BASE}/user/v1/not-in-the-table`, { method });
      expect(isUnknownPath(res.status, await res.json()), method).toBe(true);
    }
  });

  it.each(ENDPOINT_LIST.map((e) => [callName(e), e] as const))('%s is served, asking for a token exactly when its entry says so', async (_name, entry) => {
    const res = await probe(entry);
    const body: unknown = await res.json();
    expect(isUnknownPath(res.status, body)).toBe(false);
    const sessionInvalid = typeof body === 'object' && body !== null && 'code' in body && body.code === -4;
    expect(sessionInvalid).toBe(entry.token);
  });
});
