/**
 * The GETs of the screen a tap leads to, started while the borrower is still on this one (each
 * through ./read-ahead.ts, so the screen takes the answer instead of calling). Only reads: a call
 * that changes anything is never made ahead. docs/performance.md#round-trips gives when each runs.
 */
import { bankCardsRead, getBankCards } from './bank';
import { getHome, homeRead } from './home';
import { precheck, precheckRead } from './loans';
import { getOrderList, orderListRead } from './orders';
import { getProductInfo, productInfoRead } from './products';
import { readAhead } from './read-ahead';
import { getVerificationStatus, verificationStatusRead } from './verification';

/**
 * Apply on home: the hub's verification status and the confirmation's reads (precheck, product,
 * cards) side by side with home's order check. The figures are not read ahead: the page asks them
 * with the lender's KFS (a POST, made only once the page is open), in the same round trip.
 */
export function readConfirmationAhead(pid: string): void {
  const quiet = () => {};
  readAhead(verificationStatusRead, (signal) => getVerificationStatus({ signal })).catch(quiet);
  readAhead(precheckRead(pid), (signal) => precheck(pid, { signal })).catch(quiet);
  readAhead(bankCardsRead, (signal) => getBankCards({ signal })).catch(quiet);
  readAhead(productInfoRead(pid), (signal) => getProductInfo(pid, { signal })).catch(quiet);
}

/**
 * APPLY NOW answered: Loan History's list, and home's products (its notice names the product
 * applied for), come while the page waits to leave.
 */
export function readOrdersAhead(): void {
  readAhead(orderListRead, (signal) => getOrderList({ signal })).catch(() => {});
  readAhead(homeRead, (signal) => getHome({ signal })).catch(() => {});
}
