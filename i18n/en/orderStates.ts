/**
 * The order states as the borrower reads them (spec §4 'Order states'), verbatim: Loan History, the
 * schedule screens. Keyed as machines/shared/order-states.ts ORDER_STATE names them; a state the spec
 * does not name (9, 10, …) is shown by its number ('other').
 */
import { catalogue } from '../core';

export const orderStatesText = catalogue('orderStates', {
  auditing: 'Auditing',
  pass: 'Pass',
  denied: 'Denied',
  lending: 'Lending',
  failed: 'Failed',
  loaned: 'Loaned',
  settled: 'Settled',
  overdued: 'Overdued',
  extension: 'Extension',
  other: 'State {state}',
}, () => import('../hi/orderStates'));

export type OrderStatesKey = keyof typeof orderStatesText.en;
