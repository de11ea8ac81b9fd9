/**
 * Reference data and test personas, applied at every start. Idempotent: existing rows are left as
 * they are (ON CONFLICT DO NOTHING), so restarts never duplicate and QA's changes survive.
 */
import type { Db, Queryable } from './db';
import { nextOrderNo, ORDER_STATE } from './domain/orders';
import { quote } from './domain/pricing';
import { aadhaarForPhone, ALL_FLAGS_DONE, DEFAULT_SETUP, NO_FLAGS, panForPhone, type VerificationSetup } from './domain/verification';
import { identityHash } from './identity';
import { DAY, HOUR, MINUTE } from './time';

export interface SeedProduct {
  id: number;
  slug: string;
  name: string;
  brandColor: string;
  productType: 0 | 1;
  h5Href: string;
  amountList: number[];
  period: number;
  periodList: number[];
  rate: number;
  serviceRate: number;
  loanProcessingTime: string;
  score: number;
  slogan: string;
  eligibility: string[];
  requirements: string[];
}

export const logoUrl = (slug: string) => `/sandbox/logos/${slug}.svg`;

const baseEligibility = [
  'Indian citizen aged 18 or above',
  'Monthly income above ₹15,000',
  'Salaried or self-employed with a regular income',
  'Living in India at a current address you can verify',
];
const baseRequirements = [
  'Valid Aadhaar and PAN',
  'An active bank account in your name',
  'A mobile number linked to your Aadhaar',
  'A clear selfie for face verification',
];

export const PRODUCTS: readonly SeedProduct[] = [
  {
    id: 1,
    slug: 'rupee-rise',
    name: 'Rupee Rise',
    brandColor: '#1E6FD9',
    productType: 1,
    h5Href: '',
    amountList: [3000, 5000, 8000, 10000, 15000, 20000],
    period: 91,
    periodList: [91],
    rate: 0.0009,
    serviceRate: 0.08,
    loanProcessingTime: '2 hours',
    score: 4.7,
    slogan: 'Up to ₹20,000 for 91 days, straight to your bank account',
    eligibility: baseEligibility,
    requirements: baseRequirements,
  },
  {
    id: 2,
    slug: 'quick-cash',
    name: 'Quick Cash',
    brandColor: '#E67E22',
    productType: 1,
    h5Href: '',
    amountList: [1000, 2000, 3000, 4000, 5000],
    period: 7,
    periodList: [7],
    rate: 0.001,
    serviceRate: 0.1,
    loanProcessingTime: '30 minutes',
    score: 4.5,
    slogan: 'Small loans for a week, decided in minutes',
    eligibility: baseEligibility,
    requirements: baseRequirements,
  },
  {
    id: 3,
    slug: 'salary-bridge',
    name: 'Salary Bridge',
    brandColor: '#1E9E6A',
    productType: 1,
    h5Href: '',
    amountList: [5000, 10000, 15000, 20000, 30000, 40000],
    period: 91,
    periodList: [91],
    rate: 0.00082,
    serviceRate: 0.06,
    loanProcessingTime: '4 hours',
    score: 4.8,
    slogan: 'Bridge the days until payday, up to ₹40,000',
    eligibility: [
      'Indian citizen aged 21 or above',
      'Salaried, with a monthly income above ₹20,000',
      'At least 6 months with your current employer',
    ],
    requirements: [...baseRequirements, 'Your latest salary credited to the same bank account'],
  },
  {
    id: 4,
    slug: 'saathi-credit',
    name: 'Saathi Credit',
    brandColor: '#8E44AD',
    productType: 0,
    h5Href: 'https://example.com/partner-loan',
    amountList: [2000, 5000, 10000, 15000, 25000],
    period: 91,
    periodList: [91],
    rate: 0.001,
    serviceRate: 0.09,
    loanProcessingTime: '1 day',
    score: 4.3,
    slogan: 'From our lending partner: apply on the partner site',
    eligibility: baseEligibility,
    requirements: baseRequirements,
  },
];

/**
 * The products' texts in Hindi, by their English wording: slogans, eligibility and
 * requirement lines, processing times. product-info answers a product's row text through it when
 * Accept-Language prefers Hindi; a text not listed here (a row QA changed) is answered as it is.
 */
export const PRODUCT_TEXT_HI: Readonly<Record<string, string>> = {
  // Slogans
  'Up to ₹20,000 for 91 days, straight to your bank account': '91 दिनों के लिए ₹20,000 तक, सीधे आपके बैंक अकाउंट में',
  'Small loans for a week, decided in minutes': 'एक हफ़्ते का छोटा लोन, फ़ैसला मिनटों में',
  'Bridge the days until payday, up to ₹40,000': 'सैलरी आने तक का सहारा, ₹40,000 तक',
  'From our lending partner: apply on the partner site': 'हमारे लेंडिंग पार्टनर का लोन: आवेदन पार्टनर की साइट पर करें',
  // Eligibility
  'Indian citizen aged 18 or above': '18 साल या उससे ज़्यादा उम्र के भारतीय नागरिक',
  'Indian citizen aged 21 or above': '21 साल या उससे ज़्यादा उम्र के भारतीय नागरिक',
  'Monthly income above ₹15,000': 'हर महीने ₹15,000 से ज़्यादा की आमदनी',
  'Salaried or self-employed with a regular income': 'नियमित आमदनी वाले नौकरीपेशा या अपना काम करने वाले',
  'Living in India at a current address you can verify': 'भारत में ऐसे मौजूदा पते पर रहते हों जिसे वेरिफ़ाई किया जा सके',
  'Salaried, with a monthly income above ₹20,000': 'नौकरीपेशा, और हर महीने ₹20,000 से ज़्यादा सैलरी',
  'At least 6 months with your current employer': 'मौजूदा कंपनी में कम से कम 6 महीने से काम कर रहे हों',
  // Requirements
  'Valid Aadhaar and PAN': 'मान्य आधार और पैन',
  'An active bank account in your name': 'आपके अपने नाम पर एक चालू बैंक अकाउंट',
  'A mobile number linked to your Aadhaar': 'आधार से लिंक मोबाइल नंबर',
  'A clear selfie for face verification': 'फ़ेस वेरिफ़िकेशन के लिए एक साफ़ सेल्फ़ी',
  'Your latest salary credited to the same bank account': 'आपकी पिछली सैलरी इसी बैंक अकाउंट में आई हो',
  // Processing times
  '30 minutes': '30 मिनट',
  '2 hours': '2 घंटे',
  '4 hours': '4 घंटे',
  '1 day': '1 दिन',
  // The product page's two sections (routes/products.ts)
  'Product Eligibility': 'कौन ले सकता है',
  Requirement: 'क्या-क्या चाहिए',
};

export interface SeedOrder {
  key: string;
  productId: number;
  state: number;
  amount: number;
  /** When it was applied for, before the seed time. */
  appliedAgoMs: number;
  /** When the money arrived, before the seed time (for states 6, 7, 8). */
  loanedAgoMs?: number;
  /** When it was denied, before the seed time (state 3): the 15-day re-apply wait runs from then. */
  deniedAgoMs?: number;
}

export interface Persona {
  key: string;
  /** The 10 digits the borrower types. */
  phone10: string;
  name: string;
  userStatus: 1 | 2;
  description: string;
  orders: SeedOrder[];
  /** The verification journey: KYC variant, step order, living-hold, and whether every step is done. */
  verification: VerificationSetup & { verified: boolean };
}

const unverified = (setup: Partial<VerificationSetup> = {}) => ({ ...DEFAULT_SETUP, stepOrder: [...DEFAULT_SETUP.stepOrder], ...setup, verified: false });
const verified = () => ({ ...unverified(), verified: true });

export const PERSONAS: readonly Persona[] = [
  {
    key: 'asha',
    phone10: '9000000001',
    name: 'Asha',
    userStatus: 1,
    description: 'Single-product home (userStatus 1), no orders. Not verified: upload KYC (Aadhaar front/back, PAN + OCR), steps identity, face, basic, work, contacts.',
    orders: [],
    verification: unverified(),
  },
  {
    key: 'ravi',
    phone10: '9000000002',
    name: 'Ravi',
    userStatus: 2,
    description: 'Multi-product home (userStatus 2), no orders. Fully verified.',
    orders: [],
    verification: verified(),
  },
  {
    key: 'meera',
    phone10: '9000000003',
    name: 'Meera',
    userStatus: 2,
    description:
      'Multi-product home with four in-progress orders: In review (1) on Saathi Credit, Get money (2) on Salary Bridge, ' +
      'Repay (6) on Rupee Rise, Repay now (8, overdue) on Quick Cash — so every product shows as full; plus one settled (7) order. Fully verified.',
    orders: [
      { key: 'meera-settled', productId: 1, state: ORDER_STATE.settled, amount: 5000, appliedAgoMs: 130 * DAY, loanedAgoMs: 129 * DAY },
      { key: 'meera-loaned', productId: 1, state: ORDER_STATE.loaned, amount: 15000, appliedAgoMs: 31 * DAY, loanedAgoMs: 30 * DAY },
      { key: 'meera-overdue', productId: 2, state: ORDER_STATE.overdued, amount: 3000, appliedAgoMs: 11 * DAY, loanedAgoMs: 10 * DAY },
      { key: 'meera-pass', productId: 3, state: ORDER_STATE.pass, amount: 20000, appliedAgoMs: 2 * HOUR },
      { key: 'meera-auditing', productId: 4, state: ORDER_STATE.auditing, amount: 10000, appliedAgoMs: 20 * MINUTE },
    ],
    verification: verified(),
  },
  {
    key: 'kiran',
    phone10: '9000000004',
    name: 'Kiran',
    userStatus: 1,
    description: 'Single-product home with an order In review (1) on Rupee Rise, so applying from home goes to /orders. Fully verified.',
    orders: [{ key: 'kiran-auditing', productId: 1, state: ORDER_STATE.auditing, amount: 8000, appliedAgoMs: 1 * HOUR }],
    verification: verified(),
  },
  {
    key: 'vikram',
    phone10: '9000000005',
    name: 'Vikram',
    userStatus: 1,
    description:
      'Single-product home, no orders. Not verified: no-upload KYC (Aadhaar number + OTP from the outbox, then PAN), ' +
      'steps identity, face, basic, work, contacts.',
    orders: [],
    verification: unverified({ kycVariant: 'otp' }),
  },
  {
    key: 'sunita',
    phone10: '9000000006',
    name: 'Sunita',
    userStatus: 1,
    description:
      'Single-product home, no orders. Not verified: steps basic, work, contacts, identity, face; upload KYC; ' +
      'the face check is followed by living-hold (living-config 1).',
    orders: [],
    verification: unverified({ stepOrder: ['basic', 'work', 'contacts', 'identity', 'face'], livingHold: true }),
  },
  {
    key: 'deepa',
    phone10: '9000000007',
    name: 'Deepa',
    userStatus: 1,
    description:
      'Single-product home, no order in progress: an application on Rupee Rise was denied (3) 3 days 5 hours before the ' +
      'sandbox first started, so applying shows the denied page, re-apply in 11 days 19 hours (counting down on the sandbox clock). Fully verified.',
    orders: [{ key: 'deepa-denied', productId: 1, state: ORDER_STATE.denied, amount: 20000, appliedAgoMs: 3 * DAY + 6 * HOUR, deniedAgoMs: 3 * DAY + 5 * HOUR }],
    verification: verified(),
  },
  {
    key: 'arjun',
    phone10: '9000000008',
    name: 'Arjun',
    userStatus: 1,
    description:
      'Single-product home with one order overdue (8) on Rupee Rise: ₹10,000 disbursed 96 days before the sandbox first started ' +
      '(91-day loan), so 5 days overdue then, with a penal charge of ₹10 a day (0.1% of ₹10,000; growing on the sandbox clock, capped at ₹2,000). Fully verified.',
    orders: [{ key: 'arjun-overdue', productId: 1, state: ORDER_STATE.overdued, amount: 10000, appliedAgoMs: 96 * DAY + 1 * HOUR, loanedAgoMs: 96 * DAY }],
    verification: verified(),
  },
];

export async function seed(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(727310002)');
    for (const p of PRODUCTS) await seedProduct(tx, p);
    for (const persona of PERSONAS) await seedPersona(tx, persona, now);
  });
}

async function seedProduct(tx: Queryable, p: SeedProduct) {
  await tx.query(
    `INSERT INTO products (id, slug, name, logo, brand_color, product_type, h5_href, amount_list, period, period_list,
       rate, service_rate, loan_processing_time, score, slogan, eligibility, requirements, sort)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
     ON CONFLICT DO NOTHING`,
    [
      p.id, p.slug, p.name, logoUrl(p.slug), p.brandColor, p.productType, p.h5Href, p.amountList, p.period, p.periodList,
      p.rate, p.serviceRate, p.loanProcessingTime, p.score, p.slogan, p.eligibility, p.requirements, p.id,
    ],
  );
}

async function seedPersona(tx: Queryable, persona: Persona, now: Date) {
  const phone = `91${persona.phone10}`;
  await tx.query(
    `INSERT INTO users (phone, name, user_status, persona, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
    [phone, persona.name, persona.userStatus, persona.key, new Date(now.getTime() - 200 * DAY).toISOString()],
  );
  const user = await tx.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone]);
  const userId = user.rows[0]?.id;
  if (userId === undefined) return;

  // The persona's verification setup, once: QA's changes (POST /sandbox/api/verification, steps done) survive restarts.
  const v = persona.verification;
  const flags = v.verified ? ALL_FLAGS_DONE : NO_FLAGS;
  await tx.query(
    `INSERT INTO verification_setups (user_id, kyc_variant, step_order, living_hold, basic, work, kyc_aadhaar_and_pan, kyc_face_and_hold, contact)
     VALUES ($1, $2, $3::text[], $4, $5, $6, $7, $8, $9) ON CONFLICT (user_id) DO NOTHING`,
    [userId, v.kycVariant, v.stepOrder, v.livingHold, flags.basic, flags.work, flags.kycAadhaarAndPan, flags.kycFaceAndHold, flags.contact],
  );
  // A verified persona holds the numbers the simulated OCR reads off its documents (one person, one
  // borrower): while its identity step is done and it holds none, and nobody else holds them.
  if (v.verified) await seedIdentity(tx, userId, phone, persona.name, now);

  // Seeded orders in review stay there until QA decides them (audit_by_qa; docs/sandbox/loans-and-orders.md 'Order engine').
  for (const o of persona.orders) {
    const exists = await tx.query('SELECT 1 FROM orders WHERE seed_key = $1', [o.key]);
    if (exists.rowCount > 0) continue;
    const product = PRODUCTS.find((p) => p.id === o.productId);
    if (!product) throw new Error(`seed order ${o.key}: no product ${o.productId}`);
    const q = quote({ amount: o.amount, period: product.period, ratePerDay: product.rate, serviceRate: product.serviceRate });
    const applied = new Date(now.getTime() - o.appliedAgoMs);
    const loaned = o.loanedAgoMs === undefined ? null : new Date(now.getTime() - o.loanedAgoMs);
    // As a real application is booked (domain/applications.ts): until the money is sent, the due date it
    // gets if disbursed on the day of applying; once sent, `period` days after it.
    const notYetLent = o.state === ORDER_STATE.auditing || o.state === ORDER_STATE.pass || o.state === ORDER_STATE.lending;
    const due = loaned ? new Date(loaned.getTime() + product.period * DAY) : notYetLent ? new Date(applied.getTime() + product.period * DAY) : null;
    const denied = o.deniedAgoMs === undefined ? null : new Date(now.getTime() - o.deniedAgoMs);
    await tx.query(
      `INSERT INTO orders (order_no, user_id, product_id, state, loan_amount, period, service_fee, gst_fee, interest,
         arrive_amount, repayment_amount, apply_time, loan_date, repayment_date, created_at, updated_at, seed_key, denied_at, audit_by_qa)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $12, $15, $16, $17, true)
       ON CONFLICT DO NOTHING`,
      [
        await nextOrderNo(tx, applied), userId, o.productId, o.state, q.loanAmount, q.period, q.serviceFee, q.gstFee, q.interest,
        q.arriveAmount, q.repaymentAmount, applied.toISOString(), loaned?.toISOString() ?? null, due?.toISOString() ?? null,
        now.toISOString(), o.key, denied?.toISOString() ?? null,
      ],
    );
  }
}

/** The persona's verified Aadhaar and PAN, as its documents read (server/README.md 'Test personas'). */
export const personaIdentity = (phone: string, name: string) => ({ aadhaar: aadhaarForPhone(phone), pan: panForPhone(phone, name) });

async function seedIdentity(tx: Queryable, userId: number, phone: string, name: string, now: Date) {
  const numbers = personaIdentity(phone, name);
  for (const kind of ['aadhaar', 'pan'] as const) {
    await tx.query(
      `INSERT INTO verified_identities (user_id, kind, number_hash, verified_at)
       SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM verification_setups WHERE user_id = $1 AND kyc_aadhaar_and_pan = 1)
       ON CONFLICT DO NOTHING`,
      [userId, kind, identityHash(kind, numbers[kind]), now.toISOString()],
    );
  }
}
