/**
 * The lender's documents of an order (docs/sandbox/documents-and-kfs.md 'Documents'; docs/borrower-rights.md
 * 'Documents'): the KFS as acknowledged and the sanction letter, issued when the contract is executed
 * (the disbursal, engine.ts saveOrder), and the no-dues certificate, issued when the order settles
 * (payments.ts bookPayment, and any other way an order reaches Settled through `orderSettled`).
 * Each is numbered, dated on the lender's clock, keeps what it states as issued, and is issued once
 * per order and kind (the unique index): a repeat issues nothing and sends nothing. Each new one puts
 * an SMS with its link in the outbox, in the borrower's language. Receipts are the payments' own.
 */
import type { DocumentDetailAnswer, DocumentListAnswer, IssuedKind } from '../../../contract/documents';
import type { Queryable } from '../db';
import type { Lang, Localized } from '../language';
import { LENDER } from '../lender';
import { istDate, istDateTime, istYmd } from '../time';
import { acknowledgedKfsOfOrder } from './kfs';
import { borrowerLanguage } from './language-preference';

export const DOCUMENT_MESSAGES = {
  notFound: 'Document not found',
  badId: 'A document id is a number, as the document list gives it.',
} as const;

/** The number's prefix by kind: 'SL' + the IST day of issue + a 6-digit number of the lender's sequence. */
const PREFIX: Readonly<Record<IssuedKind, string>> = { kfs: 'KF', sanctionLetter: 'SL', noDues: 'ND' };

/** The app's page of a document: the link the SMS carries (the sandbox serves the app on its own origin). */
export const documentLink = (id: number): string => `/personal/documents/${id}`;

const rupees = (n: number) => `\u20b9${n.toLocaleString('en-IN')}`;

const SMS: Localized<Record<IssuedKind, (no: string, orderNo: string) => string> & { open: (link: string) => string; repaid: (amount: string) => string }> = {
  en: {
    kfs: (no, orderNo) => `The Key Fact Statement of your loan ${orderNo}, as you accepted it, is in your documents: ${no}.`,
    sanctionLetter: (no, orderNo) => `The sanction letter of your loan ${orderNo} is in your documents: ${no}.`,
    noDues: (no, orderNo) => `No dues: your loan ${orderNo} is closed. Your no-dues certificate ${no} is in your documents.`,
    repaid: (amount) => `Repaid: ${amount}.`,
    open: (link) => `Open: ${link}`,
  },
  hi: {
    kfs: (no, orderNo) => `आपके लोन ${orderNo} का की फ़ैक्ट स्टेटमेंट, जैसा आपने स्वीकार किया, आपके दस्तावेज़ों में है: ${no}।`,
    sanctionLetter: (no, orderNo) => `आपके लोन ${orderNo} का स्वीकृति पत्र आपके दस्तावेज़ों में है: ${no}।`,
    noDues: (no, orderNo) => `कोई बकाया नहीं: आपका लोन ${orderNo} बंद हो गया है। आपका नो-ड्यूज़ सर्टिफ़िकेट ${no} आपके दस्तावेज़ों में है।`,
    repaid: (amount) => `चुकाई गई राशि: ${amount}।`,
    open: (link) => `खोलें: ${link}`,
  },
};

/** The SMS of a document issued, in `lang`. */
export function documentSms(d: { kind: IssuedKind; number: string; orderNo: string; id: number; amountRepaid?: number }, lang: Lang): string {
  const words = SMS[lang];
  const parts = [words[d.kind](d.number, d.orderNo)];
  if (d.kind === 'noDues' && d.amountRepaid !== undefined) parts.push(words.repaid(rupees(d.amountRepaid)));
  parts.push(words.open(documentLink(d.id)));
  return parts.join(' ');
}

interface OrderRow {
  id: number;
  user_id: number;
  phone: string;
  order_no: string;
  state: number;
  loan_amount: number;
  service_fee: number;
  gst_fee: number;
  arrive_amount: number;
  interest: number;
  repayment_amount: number;
  paid_amount: number;
  period: number;
  rate: number | null;
  loan_date: Date | null;
  repayment_date: Date | null;
  settled_at: Date | null;
  real_name: string | null;
}

async function orderOf(tx: Queryable, orderId: number): Promise<OrderRow | null> {
  const r = await tx.query<OrderRow>(
    `SELECT o.id, o.user_id, u.phone, o.order_no, o.state, o.loan_amount, o.service_fee, o.gst_fee, o.arrive_amount, o.interest,
            o.repayment_amount, o.paid_amount, o.period, p.rate, o.loan_date, o.repayment_date, o.settled_at,
            a.answers->>'realName' AS real_name
       FROM orders o JOIN users u ON u.id = o.user_id LEFT JOIN products p ON p.id = o.product_id
       LEFT JOIN verification_answers a ON a.user_id = o.user_id AND a.step = 'kyc'
      WHERE o.id = $1`,
    [orderId],
  );
  return r.rows[0] ?? null;
}

/** Who issues and to whom, and the loan's terms, as they stand when a document is issued. */
function partiesAndTerms(o: OrderRow) {
  return {
    lender: { name: LENDER.name, rbiRegistration: LENDER.rbiRegistration, address: LENDER.address },
    borrower: { name: o.real_name ?? '', phone: o.phone },
    terms: {
      loanAmount: o.loan_amount,
      processingFee: o.service_fee,
      gst: o.gst_fee,
      disbursedAmount: o.arrive_amount,
      interest: o.interest,
      repaymentAmount: o.repayment_amount,
      periodDays: o.period,
      ratePerDay: o.rate,
      disbursedAt: istDateTime(o.loan_date),
      dueDate: istDate(o.repayment_date),
    },
  };
}

/**
 * Issues `kind` for order `o` with `facts`, once: a document of that kind the order already has is
 * left as it is, and no SMS goes out again. Returns whether it was issued now.
 */
async function issue(tx: Queryable, o: OrderRow, kind: IssuedKind, facts: object, now: Date, amountRepaid?: number): Promise<boolean> {
  const n = await tx.query<{ n: string }>("SELECT nextval('document_numbers')::text AS n");
  const number = `${PREFIX[kind]}${istYmd(now)}${n.rows[0]!.n.padStart(6, '0')}`;
  const r = await tx.query<{ id: number }>(
    `INSERT INTO documents (doc_no, user_id, order_id, kind, facts, issued_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (order_id, kind) DO NOTHING RETURNING id`,
    [number, o.user_id, o.id, kind, JSON.stringify(facts), now.toISOString()],
  );
  const row = r.rows[0];
  if (!row) return false;
  const text = documentSms({ kind, number, orderNo: o.order_no, id: row.id, ...(amountRepaid === undefined ? {} : { amountRepaid }) }, await borrowerLanguage(tx, o.user_id));
  await tx.query(`INSERT INTO sms_outbox (phone, purpose, text, code, created_at) VALUES ($1, 'document', $2, NULL, $3)`, [o.phone, text, now.toISOString()]);
  return true;
}

/**
 * The contract is executed (the money arrived, at `when`): the KFS the borrower acknowledged, as a
 * document (when the order has one), and the sanction letter with the loan's terms.
 */
export async function orderDisbursed(tx: Queryable, orderId: number, when: Date): Promise<void> {
  const o = await orderOf(tx, orderId);
  if (!o) return;
  const base = partiesAndTerms(o);
  const kfs = await acknowledgedKfsOfOrder(tx, orderId);
  if (kfs?.acknowledgedAt)
    await issue(tx, o, 'kfs', { ...base, kfs: { number: kfs.kfsNo, issuedAt: istDateTime(kfs.issuedAt), acknowledgedAt: istDateTime(kfs.acknowledgedAt) } }, when);
  await issue(tx, o, 'sanctionLetter', base, when);
}

/** The order is settled (at `when`): the no-dues certificate, with the amount repaid and the closing day. */
export async function orderSettled(tx: Queryable, orderId: number, when: Date): Promise<void> {
  const o = await orderOf(tx, orderId);
  if (!o) return;
  const { lender, borrower } = partiesAndTerms(o);
  const closedAt = o.settled_at ?? when;
  await issue(tx, o, 'noDues', { lender, borrower, settlement: { amountRepaid: o.paid_amount, closedOn: istDate(closedAt) } }, when, o.paid_amount);
}

// ---------------------------------------------------------------------------------------------
// What the app reads (GET /user/v1/documents, GET /user/v1/documents/detail).

interface DocumentRow {
  id: number;
  doc_no: string;
  user_id: number;
  order_id: number;
  order_no: string;
  kind: IssuedKind;
  facts: Record<string, unknown>;
  issued_at: Date;
}

/**
 * Every document of `userId`: by order, newest order first; in each, the issued documents and the
 * receipts in the order they were issued (the no-dues certificate after the receipt of the payment
 * that settled the loan, issued in the same instant).
 */
export async function borrowerDocuments(db: Queryable, userId: number): Promise<DocumentListAnswer> {
  const r = await db.query<{ id: string; kind: string; order_id: number; order_no: string; number: string; issued_at: Date }>(
    `SELECT d.id::text AS id, d.kind, d.order_id, o.order_no, d.doc_no AS number, d.issued_at, o.created_at AS order_created,
            (d.kind = 'noDues')::int AS last, d.id::bigint AS seq
       FROM documents d JOIN orders o ON o.id = d.order_id WHERE d.user_id = $1
     UNION ALL
     SELECT p.id, 'receipt', p.order_id, o.order_no, p.receipt_no, p.booked_at, o.created_at, 0, p.seq
       FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.user_id = $1 AND p.status = 'success' AND p.receipt_no IS NOT NULL
     ORDER BY order_created DESC, order_id DESC, issued_at, last, seq`,
    [userId],
  );
  return {
    documents: r.rows.map((d) => ({
      id: d.id,
      kind: d.kind as 'receipt',
      orderId: String(d.order_id),
      orderNo: d.order_no,
      number: d.number,
      issuedAt: istDateTime(d.issued_at),
    })),
  };
}

/** Document `id` of `userId`, or null (none, or another borrower's: told the same way). */
export async function borrowerDocument(db: Queryable, userId: number, id: number): Promise<DocumentDetailAnswer | null> {
  const r = await db.query<DocumentRow>(
    `SELECT d.id, d.doc_no, d.user_id, d.order_id, o.order_no, d.kind, d.facts, d.issued_at
       FROM documents d JOIN orders o ON o.id = d.order_id WHERE d.id = $1 AND d.user_id = $2`,
    [id, userId],
  );
  const d = r.rows[0];
  if (!d) return null;
  const facts = d.facts as Pick<DocumentDetailAnswer, 'lender' | 'borrower' | 'terms' | 'kfs' | 'settlement'>;
  return {
    id: String(d.id),
    kind: d.kind,
    number: d.doc_no,
    issuedAt: istDateTime(d.issued_at),
    orderId: String(d.order_id),
    orderNo: d.order_no,
    lender: facts.lender ?? null,
    borrower: facts.borrower ?? null,
    terms: facts.terms ?? null,
    kfs: facts.kfs ?? null,
    settlement: facts.settlement ?? null,
  };
}
