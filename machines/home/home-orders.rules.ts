/**
 * The rules of home's orders (src/flows/home/HomeOrders.tsx, a chunk of its own: these stay out of
 * home's first screen): the overdue block and the labels of the in-progress amounts. Pure.
 */
import type { ClientConfig } from '../../contract/content';
import type { InProgressItem } from '../../contract/home';
import type { Order } from '../../contract/orders';
import { penalPerDay } from '../shared/kfs';
import { moneyStage, ORDER_STATE } from '../shared/order-states';

/**
 * An in-progress order the lender says is overdue (8 Overdued): home shows it first, above any offer,
 * with what is due read from its detail. The state is the lender's word; home never counts from dates.
 */
export const isOverdueItem = (item: Pick<InProgressItem, 'orderState'>): boolean => item.orderState === ORDER_STATE.overdued;

/**
 * What an in-progress item's `amount` is (the spec names the field, not its meaning; the sandbox
 * sends the loan amount until the money is sent and what is due after): 'Loan amount' before (1, 2,
 * 4), 'Amount due' once sent (6, 8, 11); no label for any other state. Never 'received'.
 */
export function inProgressAmountLabel(orderState: number): 'loanAmount' | 'amountDue' | null {
  if (orderState === ORDER_STATE.settled) return null;
  const stage = moneyStage(orderState);
  return stage === 'coming' ? 'loanAmount' : stage === 'sent' ? 'amountDue' : null;
}

/** What home's overdue block says of an order, every figure the lender's. */
export interface OverdueFacts {
  /** The lender's days overdue; null when it sends none (the block then says 'Overdue', no count). */
  days: number | null;
  /** The repayment amount the lender asks for now (what Repayment pays). */
  due: number | null;
  /** The overdue fee (penal charges) so far. */
  fee: number | null;
  /** The penal charge per day from the client config: its rate and what it comes to on this loan; null when the lender does not give it. */
  penal: { rate: number; amount: number } | null;
}

export function overdueFacts(order: Pick<Order, 'overdueDays' | 'repaymentAmount' | 'overdueFee' | 'loanAmount'>, config: Pick<ClientConfig, 'penalChargePerDay'>): OverdueFacts {
  const rate = config.penalChargePerDay ?? null;
  return {
    days: (order.overdueDays ?? 0) > 0 ? (order.overdueDays ?? null) : null,
    due: order.repaymentAmount ?? null,
    fee: order.overdueFee ?? null,
    penal: rate === null ? null : { rate, amount: penalPerDay(order.loanAmount, rate) },
  };
}
