/**
 * The rules of the loan application (/product/{pid}/detail): the amount, the card, the apply payload
 * and the Key Fact Statement (spec §2 'Loan confirmation', §3, §4 'Confirmation page', §5 'Loan apply',
 * §9; CONVENTIONS §9 for the KFS, the APR and the penal charge). Pure.
 */
import type { ClientConfig } from '../../contract/content';
import type { ApplyPayload, CalculationResult, Precheck } from '../../contract/loans';
import type { ProductInfo } from '../../contract/products';
import { aprOf, configFacts, round2, type KeyFacts } from '../shared/kfs';

/** Quick amount changes ask for one calculation, this long after the last. */
export const CALCULATE_DEBOUNCE_MS = 300;
/** Spec §4: after a successful apply, go to /orders after 300 ms. */
export const LEAVE_AFTER_APPLY_MS = 300;
/** Spec §9: GST on the processing fee. */
export { GST_RATE } from '../shared/kfs';
/** Spec §9: the re-apply wait after a denial, when the precheck does not say. */
export const DENIED_WAIT = { day: 15, hour: 0 } as const;

const DAY_MS = 86_400_000;
const IST_OFFSET_MS = 5.5 * 3_600_000;

/** The IST calendar date of an instant, 'YYYY-MM-DD'. */
export const istDate = (ms: number): string => new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);

/** The re-apply countdown of a denial (rejectStatusVO), or the spec's 15 days when it is missing. */
export function deniedWait(precheck: Precheck): { day: number; hour: number } {
  const vo = precheck.rejectStatusVO;
  return vo ? { day: vo.day, hour: vo.hour } : { ...DENIED_WAIT };
}

export { chooseCard, defaultAmount, PRECHECK_DENIED, PRECHECK_OPEN_ORDER, restoreAmount } from '../shared/loan-choice';

/** A card number as shown: its last 4 digits only ('•••• 4321'), as everywhere in the app. */
export { maskedAccount as maskCardNo } from '../shared/bank-account';

export interface PayloadParts {
  pid: string;
  amount: number;
  cardId: string;
  autoGetMoney: 0 | 1;
  /** The product's period in days (the loan's tenure). */
  period: number;
  /** The lender's KFS acknowledged for it, or null (none offered). */
  kfsNo?: string | null;
}

/**
 * POST /order/v1/apply. `periods` is the product's period (spec §9). The spec leaves checkEmail and
 * autoMoney unexplained: checkEmail 0 (no e-mail check asked), autoMoney the amount to pay out
 * automatically (the borrowAmount when autoGetMoney is 1, else 0).
 */
export function applyPayload({ pid, amount, cardId, autoGetMoney, period, kfsNo = null }: PayloadParts): ApplyPayload {
  const payload: ApplyPayload = { cardId, borrowAmount: amount, periods: period, productId: pid, checkEmail: 0, autoGetMoney, autoMoney: autoGetMoney === 1 ? amount : 0 };
  // The lender's KFS acknowledged before APPLY NOW: an extra field a backend following the spec ignores.
  return kfsNo === null ? payload : { ...payload, kfsNo };
}

/** The parts of the application that make one intent: any change is a new one (a new idempotency key, a new acknowledgement). */
export interface Intent {
  amount: number | null;
  cardId: string | null;
  autoGetMoney: 0 | 1;
}
export const sameIntent = (a: Intent, b: Intent): boolean => a.amount === b.amount && a.cardId === b.cardId && a.autoGetMoney === b.autoGetMoney;

export type { KeyFacts, Missing } from '../shared/kfs';

export interface KeyFactsInput {
  amount: number;
  product: Pick<ProductInfo, 'period' | 'interestRate'>;
  figures: CalculationResult;
  config: ClientConfig;
  /** Epoch ms of today (the application day). */
  today: number;
}

/**
 * The KFS from the calculation for the exact amount and tenure applied for. Fees are deducted at
 * disbursal (Annex B: net disbursed = sanctioned − fees; the lender's arriveAmount when it sends
 * one); the borrower repays repaymentAmount once, on day `period`, so the APR is that single
 * payment's daily IRR on the net disbursed × 365.
 */
export function keyFacts({ amount, product, figures, config, today }: KeyFactsInput): KeyFacts {
  const netDisbursed = figures.arriveAmount ?? round2(amount - figures.serviceFee - figures.gstFee);
  return {
    sanctioned: amount,
    tenureDays: product.period,
    interest: figures.interest,
    dailyRate: product.interestRate,
    processingFee: figures.serviceFee,
    gst: figures.gstFee,
    netDisbursed,
    totalRepayable: figures.repaymentAmount,
    dueDate: figures.dueDate && /^\d{4}-\d{2}-\d{2}$/.test(figures.dueDate) ? figures.dueDate : istDate(today + product.period * DAY_MS),
    dueIfDisbursedToday: true,
    apr: aprOf(netDisbursed, figures.repaymentAmount, product.period),
    ...configFacts(config, amount),
  };
}

export { percent } from '../shared/kfs';
