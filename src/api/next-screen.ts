/**
 * The GETs of the screen a tap leads to, started while the borrower is still on this one (each
 * through ./read-ahead.ts, so the screen takes the answer instead of calling). Only reads: a call
 * that changes anything is never made ahead. docs/performance.md#round-trips gives when each runs.
 */
import { bankCardsRead, getBankCards } from './bank';
import { calculate, calculateRead, precheck, precheckRead } from './loans';
import { getOrderList, orderListRead } from './orders';
import { getProductInfo, productInfoRead } from './products';
import { readAhead } from './read-ahead';
import { getVerificationStatus, verificationStatusRead } from './verification';

/**
 * Apply on home: the hub's verification status and the confirmation's reads (precheck, product,
 * cards, and the figures of the largest amount, the page's default) side by side.
 */
export function readConfirmationAhead(pid: string): void {
  const quiet = () => {};
  readAhead(verificationStatusRead, (signal) => getVerificationStatus({ signal })).catch(quiet);
  readAhead(precheckRead(pid), (signal) => precheck(pid, { signal })).catch(quiet);
  readAhead(bankCardsRead, (signal) => getBankCards({ signal })).catch(quiet);
  readAhead(productInfoRead(pid), (signal) => getProductInfo(pid, { signal }))
    .then((product) => {
      const amount = product.amountList.reduce((a, b) => Math.max(a, b), 0);
      if (amount <= 0) return;
      const query = { amount, period: product.period, productId: pid };
      return readAhead(calculateRead(query), (signal) => calculate(query, { signal }));
    })
    .catch(quiet);
}

/** APPLY NOW answered: Loan History's list comes while the page waits to leave. */
export function readOrdersAhead(): void {
  readAhead(orderListRead, (signal) => getOrderList({ signal })).catch(() => {});
}
