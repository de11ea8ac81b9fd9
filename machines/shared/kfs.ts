/**
 * The Key Fact Statement of a loan (RBI KFS circular, April 2024, Annex A/B; Digital Lending
 * Directions 2025), pure: what it states, from the lender's figures and its client config. Built for
 * an application (machines/application: the calculation of the amount applied for) and for an order
 * (the confirm page's link: the order's own figures). A fact the lender did not give is Missing and
 * is said to be missing, never made up; the one figure derived is GST, 18% of the processing fee
 * (spec §9), when the lender does not send it.
 */
import type { ClientConfig } from '../../contract/content';
import type { Order } from '../../contract/orders';
import { singlePaymentApr } from './apr';
import { moneyStage } from './order-states';

/** A fact of the KFS the lender did not send. */
export type Missing = null;

/** Spec §9: GST on the processing fee. */
export const GST_RATE = 0.18;

export const round2 = (n: number): number => Math.round(n * 100) / 100;

/** The lender's GST when it sends one, else 18% of the processing fee (spec §9); null without either. */
export const gstOfFee = (serviceFee: number | null | undefined, gstFee: number | null | undefined): number | null =>
  gstFee ?? (serviceFee == null ? null : round2(serviceFee * GST_RATE));

/** The penal charge for one day late on `principal`, in rupees: the config's fraction of it a day. */
export const penalPerDay = (principal: number, fraction: number): number => round2(principal * fraction);

export interface KeyFacts {
  sanctioned: number;
  tenureDays: number;
  interest: number | Missing;
  /** A fraction per day; Missing where the lender's answer has no rate (an order's detail). */
  dailyRate: number | Missing;
  processingFee: number | Missing;
  gst: number | Missing;
  /** Sanctioned − processing fee − GST: what reaches the borrower's account. */
  netDisbursed: number | Missing;
  /** What the borrower repays on the due date. */
  totalRepayable: number | Missing;
  /** 'YYYY-MM-DD' (IST) or the lender's text as sent. */
  dueDate: string | Missing;
  /** The due date is the one the loan gets if disbursed today (an application), not the lender's date for an order. */
  dueIfDisbursedToday: boolean;
  /** A fraction of the overdue principal per day. */
  penalChargePerDay: number | Missing;
  /** The penal charge per day on this loan's principal, in rupees. */
  penalChargePerDayAmount: number | Missing;
  /** A fraction per year (nominal: daily IRR × 365). */
  apr: number | Missing;
  coolingOffDays: number | Missing;
  /** Closing before the due date: a fee as a fraction of the principal (0: none, the interest to date only). */
  foreclosureFee: number | Missing;
  lender: { name: string | Missing; rbiRegistration: string | Missing };
  grievanceOfficer: { name: string | Missing; phone: string | Missing; email: string | Missing };
}

const given = (s: string | null | undefined): string | null => (s && s.trim() ? s.trim() : null);

/** What the KFS takes from the client config: the penal charge, the cooling-off period, who lends and the grievance officer. */
export function configFacts(
  config: ClientConfig,
  principal: number,
): Pick<KeyFacts, 'penalChargePerDay' | 'penalChargePerDayAmount' | 'coolingOffDays' | 'foreclosureFee' | 'lender' | 'grievanceOfficer'> {
  const penal = config.penalChargePerDay ?? null;
  return {
    penalChargePerDay: penal,
    penalChargePerDayAmount: penal === null ? null : penalPerDay(principal, penal),
    coolingOffDays: config.coolingOffDays ?? null,
    foreclosureFee: config.foreclosureFee ?? null,
    lender: { name: given(config.lender?.name), rbiRegistration: given(config.lender?.rbiRegistration) },
    grievanceOfficer: {
      name: given(config.grievanceOfficer?.name),
      phone: given(config.grievanceOfficer?.phone),
      email: given(config.grievanceOfficer?.email),
    },
  };
}

/**
 * The APR of a single repayment (machines/shared/apr.ts) when the lender gave what it needs: the net
 * disbursed amount and the total repayable.
 */
export const aprOf = (netDisbursed: number | Missing, totalRepayable: number | Missing, days: number): number | Missing =>
  netDisbursed === null || totalRepayable === null ? null : singlePaymentApr({ netDisbursed, repayment: totalRepayable, days });

/**
 * The KFS of an order, from its detail and the client config. Until the money is sent (1, 2, 4) the
 * lender's repayment amount is the total the loan costs; once it is sent that figure is what is due
 * now (penal charges in, part payments out), so the total is the KFS's own: sanctioned + interest
 * (Annex B). What reaches the account is the lender's arriveAmount, never worked out here. The due
 * date is the lender's as it stands.
 */
export function orderKeyFacts(
  order: Pick<Order, 'orderState' | 'loanAmount' | 'period' | 'interest' | 'serviceFee' | 'gstFee' | 'arriveAmount' | 'repaymentAmount' | 'repaymentDate'>,
  config: ClientConfig,
): KeyFacts {
  const interest = order.interest ?? null;
  const totalRepayable =
    moneyStage(order.orderState) === 'coming' ? (order.repaymentAmount ?? null) : interest === null ? null : order.loanAmount + interest;
  const netDisbursed = order.arriveAmount ?? null;
  return {
    sanctioned: order.loanAmount,
    tenureDays: order.period,
    interest,
    dailyRate: null,
    processingFee: order.serviceFee ?? null,
    gst: gstOfFee(order.serviceFee, order.gstFee),
    netDisbursed,
    totalRepayable,
    dueDate: given(order.repaymentDate),
    dueIfDisbursedToday: false,
    apr: aprOf(netDisbursed, totalRepayable, order.period),
    ...configFacts(config, order.loanAmount),
  };
}

/** A fraction as a percentage with up to `digits` decimals: 0.3285 → '32.85%'. */
export function percent(fraction: number, digits = 2): string {
  const f = 10 ** digits;
  return `${Math.round(fraction * 100 * f) / f}%`;
}
