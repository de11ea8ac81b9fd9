/**
 * The borrower's documents on the wire (contract/documents.ts, calls beyond the spec): the list and a
 * document asked with their paths, read leniently (an item the app cannot open is left out; a part a
 * kind does not state is null), and "not offered" against a backend without the calls.
 */
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { BEYOND_SPEC } from '../../contract/beyond-spec';
import { DocumentDetail, DocumentList } from '../../contract/documents';
import { createApiClient } from '../../src/api/client';
import { offered } from '../../src/api/offered';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function client(handler: (req: Request) => Response) {
  const requests: Request[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    requests.push(req.clone());
    return handler(req);
  });
  const api = createApiClient({ base: 'http://api.test/api1', fetch: fetchFn as unknown as typeof fetch, headers: () => ({ token: 't' }), onSessionExpired: vi.fn(), retries: 0 });
  return { api, requests };
}

const item = { id: 12, kind: 'sanctionLetter', orderId: 501, orderNo: 'BW1', number: 'SL1', issuedAt: '2026-05-01 10:00:00' };

describe('the documents calls', () => {
  it('GET /user/v1/documents and /user/v1/documents/detail?id=', async () => {
    const list = client(() => json({ code: 0, msg: 'success', data: { documents: [item] } }));
    const answer = await offered(BEYOND_SPEC.listDocuments, {}, list.api);
    expect(list.requests[0]?.url).toBe('http://api.test/api1/user/v1/documents');
    expect(answer.offered && answer.value.documents).toEqual([{ ...item, id: '12', orderId: '501' }]);
    const one = client(() => json({ code: 0, msg: 'success', data: { ...item, settlement: { amountRepaid: '11000', closedOn: '2026-05-02' } } }));
    const doc = await offered(BEYOND_SPEC.documentDetail, { searchParams: { id: '12' } }, one.api);
    expect(one.requests[0]?.url).toBe('http://api.test/api1/user/v1/documents/detail?id=12');
    expect(doc.offered && doc.value).toMatchObject({ id: '12', settlement: { amountRepaid: 11000 }, terms: null, kfs: null, lender: null });
  });

  it('against a backend without them: not offered', async () => {
    const none = client(() => json({ code: 1, msg: 'Not found', data: null }, 404));
    await expect(offered(BEYOND_SPEC.listDocuments, {}, none.api)).resolves.toEqual({ offered: false });
    await expect(offered(BEYOND_SPEC.documentDetail, { searchParams: { id: '1' } }, none.api)).resolves.toEqual({ offered: false });
  });

  it('a missing list is none; an item without an id or with a kind the app does not know is left out', () => {
    expect(v.parse(DocumentList, {}).documents).toEqual([]);
    const read = v.parse(DocumentList, { documents: [item, { ...item, id: undefined }, { ...item, kind: 'contract' }, 'x', { ...item, id: 'pay_1', kind: 'receipt' }] });
    expect(read.documents.map((d) => [d.id, d.kind])).toEqual([['12', 'sanctionLetter'], ['pay_1', 'receipt']]);
  });

  it('a part in a shape the app cannot read is null, never a fact; a receipt is not a document of its own', () => {
    const read = v.parse(DocumentDetail, { ...item, lender: 'Sandbox', terms: [1, 2], borrower: { name: 'Asha', phone: 919876543210 } });
    expect(read).toMatchObject({ lender: null, terms: null, borrower: { name: 'Asha', phone: '919876543210' } });
    expect(v.safeParse(DocumentDetail, { ...item, kind: 'receipt' }).success).toBe(false);
  });
});
