/**
 * Complaints on the sandbox lender's clock: ticket numbers, the reply due date, escalation after 30
 * days (and not a minute before), QA replies and resolving, a resolved ticket that never escalates,
 * another borrower's ticket and order refused, the feedback rule with Hindi, one ticket per
 * Idempotency-Key, and the limits.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ComplaintList, Complaint } from '../../contract/complaints';
import { nextOrderNo, ORDER_STATE } from '../../server/src/domain/orders';
import { ESCALATION_DAYS, REPLY_DAYS } from '../../server/src/domain/complaints';
import { LIMIT_MESSAGES } from '../../server/src/limits';
import { COMPLAINT_MESSAGES } from '../../server/src/routes/complaints';
import { REPLAYED_HEADER } from '../../server/src/idempotency';
import { DAY, istDateTime, MINUTE } from '../../server/src/time';
import { api, newBorrower, parsed, refused, signIn, startHarness, type Envelope, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ limits: { complaintsPerBorrowerMinute: 1000, complaintsPerBorrowerDay: 1000 } });
});
afterAll(async () => {
  await h.close();
});

let keys = 0;
const raise = (token: string, json: unknown, key = `complaint-key-${++keys}-abcdef`) =>
  api(h.app, 'POST', '/user/v1/complaints', { token, json, headers: { 'Idempotency-Key': key } });
const list = async (token: string) => parsed(ComplaintList, await api(h.app, 'GET', '/user/v1/complaints', { token })).complaints;
const qa = async (json: unknown) => {
  const res = await h.app.request('/sandbox/api/complaints/reply', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

async function insertOrder(userId: number): Promise<number> {
  const now = h.clock.now();
  const r = await h.db.query<{ id: number }>(
    `INSERT INTO orders (order_no, user_id, product_id, state, loan_amount, period, service_fee, gst_fee, interest, arrive_amount,
       repayment_amount, apply_time, loan_date, repayment_date, created_at, updated_at)
     VALUES ($1, $2, 1, $3, 10000, 30, 500, 90, 1000, 9410, 11000, $4, NULL, NULL, $4, $4) RETURNING id`,
    [await nextOrderNo(h.db, now), userId, ORDER_STATE.auditing, now.toISOString()],
  );
  return r.rows[0]!.id;
}

describe('raising a complaint', () => {
  it('answers a numbered ticket on the IST day of the clock, with a reply due in 7 days, and lists it first', async () => {
    const b = await newBorrower(h);
    const order = await insertOrder(b.userId);
    h.clock.set('2026-03-10T20:00:00.000Z'); // 11 March, 01:30 IST
    ({ token: b.token } = await signIn(h, b.phone));
    h.clock.set('2026-03-10T20:00:00.000Z');
    const ticket = parsed(Complaint, await raise(b.token, { category: 'charges', orderId: String(order), content: 'मुझसे ज़्यादा फीस ली गई, ५०० रुपये। कृपया देखें!' }));
    expect(ticket.ticketNo).toMatch(/^GRV-20260311-\d{5}$/);
    expect(REPLY_DAYS).toBe(7);
    expect(ticket).toMatchObject({ category: 'charges', orderId: String(order), status: 'open', raisedAt: '2026-03-11 01:30:00', replyDueBy: '2026-03-18', resolvedAt: '', escalation: false, replies: [] });
    expect(ticket.orderNo).toMatch(/^BW/);
    const other = parsed(Complaint, await raise(b.token, { category: 'app', content: 'The app is slow.' }));
    expect(other.orderId).toBeNull();
    expect(other.ticketNo).not.toBe(ticket.ticketNo);
    expect((await list(b.token)).map((t) => t.ticketNo)).toEqual([other.ticketNo, ticket.ticketNo]);
  });

  it('a double tap or a retry with the same key raises one ticket and answers it again', async () => {
    const b = await newBorrower(h);
    const body = { category: 'repayment', orderId: null, content: 'My payment is not shown.' };
    const first = await raise(b.token, body, 'same-key-0001-abcdef');
    const res = await h.app.request('/api1/user/v1/complaints', {
      method: 'POST',
      headers: { token: b.token, 'content-type': 'application/json', 'Idempotency-Key': 'same-key-0001-abcdef' },
      body: JSON.stringify(body),
    });
    expect(res.headers.get(REPLAYED_HEADER)).toBeTruthy();
    expect((await res.json()) as Envelope).toEqual(first);
    expect(await list(b.token)).toHaveLength(1);
  });

  it('refuses with a clear msg: the feedback rule, a missing category, another borrower’s order, no body', async () => {
    const b = await newBorrower(h);
    const a = await newBorrower(h);
    const theirs = await insertOrder(a.userId);
    refused(await raise(b.token, { category: 'app', content: '   ' }), 'content is required');
    refused(await raise(b.token, { category: 'app', content: 'Bad ₹ sign' }), COMPLAINT_MESSAGES.refused);
    refused(await raise(b.token, { category: 'app', content: 'a'.repeat(301) }), COMPLAINT_MESSAGES.tooLong);
    expect((await raise(b.token, { category: 'fraud', content: 'Hello' })).msg).toContain('category must be one of loan, repayment');
    expect((await raise(b.token, { content: 'Hello' })).msg).toContain('category is required');
    expect((await raise(b.token, { category: 'loan', orderId: 'x1', content: 'Hello' })).msg).toContain('orderId must be an order id');
    refused(await raise(b.token, { category: 'loan', orderId: String(theirs), content: 'Hello' }), COMPLAINT_MESSAGES.notYourOrder);
    refused(await raise(b.token, { category: 'loan', orderId: '999999', content: 'Hello' }), COMPLAINT_MESSAGES.notYourOrder);
    expect(await list(b.token)).toEqual([]);
    expect((await api(h.app, 'POST', '/user/v1/complaints', { json: { category: 'app', content: 'Hi' } })).code).toBe(-4);
  });

  it("another borrower's ticket is not theirs: not listed, and refused by number", async () => {
    const a = await newBorrower(h);
    const b = await newBorrower(h);
    const ticket = parsed(Complaint, await raise(a.token, { category: 'recovery', content: 'An agent called my family.' }));
    expect(await list(b.token)).toEqual([]);
    refused(await api(h.app, 'GET', `/user/v1/complaints?ticketNo=${ticket.ticketNo}`, { token: b.token }), COMPLAINT_MESSAGES.notYourTicket);
    const own = parsed(ComplaintList, await api(h.app, 'GET', `/user/v1/complaints?ticketNo=${ticket.ticketNo}`, { token: a.token }));
    expect(own.complaints.map((t) => t.ticketNo)).toEqual([ticket.ticketNo]);
    expect((await api(h.app, 'GET', '/user/v1/complaints?ticketNo=<b>', { token: a.token })).msg).toContain('ticketNo must be a ticket number');
  });
});

/** A borrower signed in (again) with the clock at `time` exactly (signing in moves it a little). */
async function at(time: number, phone?: string): Promise<{ token: string; phone: string }> {
  h.clock.set(new Date(time - 5 * MINUTE));
  const b = phone ? { phone, ...(await signIn(h, phone)) } : await newBorrower(h);
  h.clock.set(new Date(time));
  return { token: b.token, phone: b.phone };
}

describe('escalation on the lender clock', () => {
  let RAISED = 0;
  let n = 0;
  beforeEach(() => {
    // Each test its own month, after everything the other tests did on the clock.
    RAISED = Date.parse('2026-07-01T04:30:00.000Z') + ++n * 100 * DAY;
  });

  it('opens 30 days after the ticket was raised, not at 29 days 23:59', async () => {
    const b = await at(RAISED);
    const ticket = parsed(Complaint, await raise(b.token, { category: 'loan', content: 'No answer yet.' }));
    expect(ESCALATION_DAYS).toBe(30);
    const c = await at(RAISED + 30 * DAY - MINUTE, b.phone);
    expect((await list(c.token))[0]).toMatchObject({ ticketNo: ticket.ticketNo, escalation: false });
    h.clock.set(new Date(RAISED + 30 * DAY));
    expect((await list(c.token))[0]).toMatchObject({ ticketNo: ticket.ticketNo, escalation: true, status: 'open' });
  });

  it('a reply alone does not stop it; a resolved ticket never escalates', async () => {
    const b = await at(RAISED);
    const replied = parsed(Complaint, await raise(b.token, { category: 'charges', content: 'Refund the fee.' }));
    const resolved = parsed(Complaint, await raise(b.token, { category: 'app', content: 'Login fails.' }));
    expect(await qa({ ticketNo: replied.ticketNo, text: 'We are looking into it <b>now</b>.' })).toEqual({ status: 200, body: { ticketNo: replied.ticketNo, status: 'replied' } });
    expect(await qa({ ticketNo: resolved.ticketNo, text: 'Fixed in the new version.', resolve: true })).toEqual({ status: 200, body: { ticketNo: resolved.ticketNo, status: 'resolved' } });
    const later = await at(RAISED + 45 * DAY, b.phone);
    const tickets = await list(later.token);
    expect(tickets.find((t) => t.ticketNo === replied.ticketNo)).toMatchObject({
      status: 'replied',
      escalation: true,
      replies: [{ text: 'We are looking into it <b>now</b>.', at: istDateTime(new Date(RAISED)) }],
    });
    expect(tickets.find((t) => t.ticketNo === resolved.ticketNo)).toMatchObject({ status: 'resolved', escalation: false, resolvedAt: istDateTime(new Date(RAISED)) });
  });
});

describe('the QA console', () => {
  it('replies and resolves from its form, lists the tickets, and refuses bad input with a clear error', async () => {
    const b = await newBorrower(h);
    const ticket = parsed(Complaint, await raise(b.token, { category: 'privacy', content: 'Delete my contacts.' }));
    const page = await (await h.app.request('/sandbox')).text();
    expect(page).toContain('QA console: complaints');
    expect(page).toContain(ticket.ticketNo);
    const form = await h.app.request('/sandbox/api/complaints/reply', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ticketNo: ticket.ticketNo, text: 'Deleted.', resolve: '1' }).toString(),
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toContain('#complaints');
    expect((await list(b.token))[0]).toMatchObject({ status: 'resolved', replies: [{ text: 'Deleted.' }] });
    expect(await qa({ ticketNo: ticket.ticketNo, text: 'Again' })).toEqual({ status: 400, body: { error: `Complaint ${ticket.ticketNo} is resolved already.` } });
    expect(await qa({ ticketNo: 'GRV-20000101-99999', text: 'x' })).toEqual({ status: 400, body: { error: 'No complaint GRV-20000101-99999.' } });
    expect((await qa({ ticketNo: ticket.ticketNo })).body.error).toContain('Write a reply, or resolve');
    expect((await qa({ text: 'x' })).body.error).toContain('ticketNo is required');
    const bad = await h.app.request('/sandbox/api/complaints/reply', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(bad.status).toBe(400);
    const json = await h.app.request(`/sandbox/api/complaints?phone=${b.phone}`);
    expect(((await json.json()) as { complaints: unknown[] }).complaints).toHaveLength(1);
  });
});

describe('limits', () => {
  it('at most 3 a minute and 10 a day per borrower; a refused text takes nothing', async () => {
    const limited = await startHarness({ limits: { complaintsPerBorrowerDay: 4 } });
    try {
      const b = await newBorrower(limited);
      const send = (content: string) =>
        api(limited.app, 'POST', '/user/v1/complaints', { token: b.token, json: { category: 'other', content }, headers: { 'Idempotency-Key': `limit-key-${++keys}-abcdef` } });
      expect((await send('Bad ₹')).msg).toBe(COMPLAINT_MESSAGES.refused);
      for (const n of [1, 2, 3]) expect((await send(`Complaint ${n}`)).code).toBe(0);
      refused(await send('Complaint 4'), LIMIT_MESSAGES.complaintsPerBorrowerMinute(60));
      await limited.clock.advance(MINUTE);
      expect((await send('Complaint 4')).code).toBe(0);
      refused(await send('Complaint 5'), LIMIT_MESSAGES.complaintsPerBorrowerDay(0));
    } finally {
      await limited.close();
    }
  });
});
