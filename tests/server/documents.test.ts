/**
 * The lender's documents (docs/sandbox/documents-and-kfs.md 'Documents'), on the fake clock: the KFS as acknowledged
 * and the sanction letter are issued when the money arrives, the no-dues certificate when a payment
 * settles the order; each once, numbered and dated, with an SMS and its link in the outbox in the
 * borrower's language. The list has the receipts too; another borrower's document, or a bad id, is
 * refused with a clear msg.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentDetail, DocumentList } from '../../contract/documents';
import { PaymentUrl } from '../../contract/orders';
import { DOCUMENT_MESSAGES, documentSms, orderSettled } from '../../server/src/domain/documents';
import { AUDIT_DELAY_MS, DISBURSAL_DELAY_MS } from '../../server/src/domain/engine';
import { acknowledgeKfs, issueKfs } from '../../server/src/domain/kfs';
import { nextOrderNo, ORDER_STATE } from '../../server/src/domain/orders';
import { LENDER } from '../../server/src/lender';
import { istDate, istDateTime, MINUTE } from '../../server/src/time';
import { api, newBorrower, parsed, refused, startHarness, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const HINDI = 'hi-IN, hi;q=0.9, en;q=0.5';

/** An order of `userId` whose money is on its way (Lending since now): ₹10,000 lent, ₹11,000 to repay in 91 days. */
async function lendingOrder(userId: number): Promise<{ id: number; orderNo: string }> {
  const now = h.clock.now();
  const orderNo = await nextOrderNo(h.db, now);
  const r = await h.db.query<{ id: number }>(
    `INSERT INTO orders (order_no, user_id, product_id, state, loan_amount, period, service_fee, gst_fee, interest, arrive_amount,
       repayment_amount, apply_time, lending_at, created_at, updated_at)
     VALUES ($1, $2, 1, $3, 10000, 91, 500, 90, 1000, 9410, 11000, $4, $4, $4, $4) RETURNING id`,
    [orderNo, userId, ORDER_STATE.lending, now.toISOString()],
  );
  return { id: r.rows[0]!.id, orderNo };
}

/** The KFS the borrower acknowledged for the order (another part of the app issues it; written here directly). */
async function acknowledgedKfs(userId: number, orderId: number): Promise<{ kfsNo: string; issuedAt: Date; acknowledgedAt: Date }> {
  const issuedAt = new Date(h.clock.now().getTime() - 10 * MINUTE);
  const acknowledgedAt = new Date(h.clock.now().getTime() - 5 * MINUTE);
  const kfsNo = `KFS-TEST-${orderId}`;
  await h.db.query(
    `INSERT INTO kfs_statements (kfs_no, user_id, kind, order_id, facts, issued_at, valid_until, acknowledged_at)
     VALUES ($1, $2, 'order', $3, '{}'::jsonb, $4, $5, $6)`,
    [kfsNo, userId, orderId, issuedAt.toISOString(), new Date(issuedAt.getTime() + 3 * 24 * 60 * MINUTE).toISOString(), acknowledgedAt.toISOString()],
  );
  return { kfsNo, issuedAt, acknowledgedAt };
}

const list = async (token: string, headers: Record<string, string> = {}) =>
  parsed(DocumentList, await api(h.app, 'GET', '/user/v1/documents', { token, headers })).documents;
const detail = async (token: string, id: string) => parsed(DocumentDetail, await api(h.app, 'GET', `/user/v1/documents/detail?id=${id}`, { token }));

async function outbox(phone: string) {
  const res = await h.app.request(`/sandbox/api/outbox?phone=${phone}`);
  return ((await res.json()) as { messages: { text: string; purpose: string }[] }).messages;
}
const documentSmses = async (phone: string) => (await outbox(phone)).filter((m) => m.purpose === 'document').map((m) => m.text);

/** Repays `amount` of the order through the gateway's hosted page. */
async function repay(token: string, orderId: number, amount: number) {
  const { paymentId } = parsed(PaymentUrl, await api(h.app, 'POST', '/pay-order/v1/repay', { token, json: { orderId } }));
  await h.app.request(`/sandbox/gateway/pay/${paymentId}`, { method: 'POST', body: new URLSearchParams({ amount: String(amount), vpa: 'success@sandbox' }) });
  return paymentId!;
}

describe('documents issued on the lender\u2019s clock', () => {
  it('at disbursal, the KFS as acknowledged and the sanction letter; at settlement, the no-dues certificate; once each', async () => {
    const b = await newBorrower(h);
    const order = await lendingOrder(b.userId);
    const kfs = await acknowledgedKfs(b.userId, order.id);
    expect(await list(b.token)).toEqual([]); // nothing executed yet

    await h.clock.advance(DISBURSAL_DELAY_MS);
    const disbursedAt = h.clock.now();
    const issued = await list(b.token);
    expect(issued.map((d) => d.kind)).toEqual(['kfs', 'sanctionLetter']);
    for (const d of issued) {
      expect(d).toMatchObject({ orderId: String(order.id), orderNo: order.orderNo, issuedAt: istDateTime(disbursedAt) });
    }
    expect(issued[0]!.number).toMatch(/^KF\d{8}\d{6}$/);
    expect(issued[1]!.number).toMatch(/^SL\d{8}\d{6}$/);

    const kfsDoc = await detail(b.token, issued[0]!.id);
    expect(kfsDoc).toMatchObject({
      kind: 'kfs',
      number: issued[0]!.number,
      kfs: { number: kfs.kfsNo, issuedAt: istDateTime(kfs.issuedAt), acknowledgedAt: istDateTime(kfs.acknowledgedAt) },
      lender: { name: LENDER.name, rbiRegistration: LENDER.rbiRegistration },
      borrower: { phone: b.phone },
    });
    const letter = await detail(b.token, issued[1]!.id);
    expect(letter.terms).toMatchObject({
      loanAmount: 10000, processingFee: 500, gst: 90, disbursedAmount: 9410, interest: 1000, repaymentAmount: 11000, periodDays: 91,
      disbursedAt: istDateTime(disbursedAt), dueDate: istDate(new Date(disbursedAt.getTime() + 91 * 24 * 60 * MINUTE)),
    });
    // The terms add up: what arrives is the loan less its fees; what is repaid, the loan and its interest.
    expect(letter.terms!.loanAmount! - letter.terms!.processingFee! - letter.terms!.gst!).toBe(letter.terms!.disbursedAmount);
    expect(letter.terms!.loanAmount! + letter.terms!.interest!).toBe(letter.terms!.repaymentAmount);

    // Reading again, later, issues nothing more.
    await h.clock.advance(MINUTE);
    expect((await list(b.token)).map((d) => d.number)).toEqual(issued.map((d) => d.number));

    // A part payment: a receipt, no certificate. The rest settles the loan: the certificate, after the receipt.
    const part = await repay(b.token, order.id, 4000);
    await h.clock.advance(MINUTE);
    const rest = await repay(b.token, order.id, 7000);
    const settledAt = h.clock.now();
    const all = await list(b.token);
    expect(all.map((d) => d.kind)).toEqual(['kfs', 'sanctionLetter', 'receipt', 'receipt', 'noDues']);
    expect(all.slice(2, 4).map((d) => d.id)).toEqual([part, rest]);
    const noDues = all[4]!;
    expect(noDues.number).toMatch(/^ND\d{8}\d{6}$/);
    expect(noDues.issuedAt).toBe(istDateTime(settledAt));
    expect(await detail(b.token, noDues.id)).toMatchObject({
      kind: 'noDues',
      orderNo: order.orderNo,
      settlement: { amountRepaid: 11000, closedOn: istDate(settledAt) },
      lender: { name: LENDER.name },
      borrower: { phone: b.phone },
      terms: null,
    });

    // Settling again (another way an order settles, told twice) issues nothing and sends nothing.
    await h.db.transaction((tx) => orderSettled(tx, order.id, h.clock.now()));
    expect((await list(b.token)).filter((d) => d.kind === 'noDues')).toHaveLength(1);
    const sms = await documentSmses(b.phone);
    expect(sms).toHaveLength(3);
    expect(sms).toContain(`No dues: your loan ${order.orderNo} is closed. Your no-dues certificate ${noDues.number} is in your documents. Repaid: ₹11,000. Open: /personal/documents/${noDues.id}`);
    expect(sms).toContain(`The sanction letter of your loan ${order.orderNo} is in your documents: ${issued[1]!.number}. Open: /personal/documents/${issued[1]!.id}`);
  });

  it('without an acknowledged KFS, the sanction letter alone; SMS in the borrower\u2019s language', async () => {
    const b = await newBorrower(h);
    await api(h.app, 'GET', '/order/v1/list', { token: b.token, headers: { 'Accept-Language': HINDI } });
    const order = await lendingOrder(b.userId);
    await h.clock.advance(DISBURSAL_DELAY_MS);
    const docs = await list(b.token);
    expect(docs.map((d) => d.kind)).toEqual(['sanctionLetter']);
    expect(await documentSmses(b.phone)).toEqual([documentSms({ kind: 'sanctionLetter', number: docs[0]!.number, orderNo: order.orderNo, id: Number(docs[0]!.id) }, 'hi')]);
    expect((await documentSmses(b.phone))[0]).toContain('स्वीकृति पत्र');
  });

  it('issued at the disbursal itself when the clock is read late: the audit, auto-get-money and the money in one step', async () => {
    const b = await newBorrower(h);
    const applied = h.clock.now();
    const r = await h.db.query<{ id: number }>(
      `INSERT INTO orders (order_no, user_id, product_id, state, loan_amount, period, service_fee, gst_fee, interest, arrive_amount,
         repayment_amount, apply_time, auto_get_money, created_at, updated_at)
       VALUES ($1, $2, 1, $3, 10000, 91, 500, 90, 1000, 9410, 11000, $4, 1, $4, $4) RETURNING id`,
      [await nextOrderNo(h.db, applied), b.userId, ORDER_STATE.auditing, applied.toISOString()],
    );
    const id = r.rows[0]!.id;
    // Auto Get Money lends only under a KFS acknowledged within its validity (domain/kfs.ts).
    const kfs = await issueKfs(h.db, { userId: b.userId, kind: 'application', productId: 1, orderId: id, facts: { sanctioned: 10000 }, tenureDays: 91 }, applied);
    await acknowledgeKfs(h.db, b.userId, kfs.kfsNo, applied);
    await h.clock.advance(AUDIT_DELAY_MS + DISBURSAL_DELAY_MS + 10 * MINUTE);
    const docs = await list(b.token);
    expect(docs.map((d) => [d.kind, d.orderId])).toEqual([
      ['kfs', String(id)],
      ['sanctionLetter', String(id)],
    ]);
    // Dated when the money arrived (the engine's due instant), not when the list was read.
    const sent = istDateTime(new Date(applied.getTime() + AUDIT_DELAY_MS + DISBURSAL_DELAY_MS));
    expect(docs.map((d) => d.issuedAt)).toEqual([sent, sent]);
  });
});

describe('GET /user/v1/documents/detail', () => {
  it("needs a session; another borrower's document is answered like one that does not exist; bad ids get a clear msg", async () => {
    const a = await newBorrower(h);
    const other = await newBorrower(h);
    await lendingOrder(a.userId);
    await h.clock.advance(DISBURSAL_DELAY_MS);
    const [letter] = await list(a.token);
    expect((await api(h.app, 'GET', '/user/v1/documents')).code).toBe(-4);
    expect((await api(h.app, 'GET', `/user/v1/documents/detail?id=${letter!.id}`)).code).toBe(-4);
    refused(await api(h.app, 'GET', `/user/v1/documents/detail?id=${letter!.id}`, { token: other.token }), DOCUMENT_MESSAGES.notFound);
    refused(await api(h.app, 'GET', '/user/v1/documents/detail?id=999999', { token: a.token }), DOCUMENT_MESSAGES.notFound);
    for (const bad of ['abc', '-1', '0', '1.5', 'pay_0001', '99999999999']) {
      refused(await api(h.app, 'GET', `/user/v1/documents/detail?id=${encodeURIComponent(bad)}`, { token: a.token }), DOCUMENT_MESSAGES.badId);
    }
    refused(await api(h.app, 'GET', '/user/v1/documents/detail', { token: a.token }), DOCUMENT_MESSAGES.badId);
    expect(await list(other.token)).toEqual([]);
  });
});
