/**
 * The order states of spec §4, by code and by the name the spec gives them: one list for the app's
 * machines (the order pages, Loan History) and the sandbox's engine.
 */
export const ORDER_STATE = {
  auditing: 1,
  pass: 2,
  denied: 3,
  lending: 4,
  failed: 5,
  loaned: 6,
  settled: 7,
  overdued: 8,
  extension: 11,
} as const;

/** Spec §4 'Order states': the names, as the spec gives them. */
export const ORDER_STATE_NAMES: Readonly<Record<number, string>> = {
  1: 'Auditing',
  2: 'Pass',
  3: 'Denied',
  4: 'Lending',
  5: 'Failed',
  6: 'Loaned',
  7: 'Settled',
  8: 'Overdued',
  11: 'Extension',
};
