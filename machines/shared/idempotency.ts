/**
 * Idempotency keys for POSTs that create or move something (apply, get money, repay, extend, cancel,
 * and the verification submits).
 *
 * The key is made in the machine when the borrower's intent happens (the tap on Submit), kept in the
 * context and the draft while that intent is unanswered, so a retry, a double tap or a reload sends
 * the same key and the lender answers once. It is dropped when the intent changes (the borrower edits
 * what would be sent) or succeeds. The id source is provided at the edge:
 *
 *     setup({ actions: { newIdempotencyKey: assign({ idempotencyKey: placeholderKey }) } })
 *     machine.provide({ actions: { newIdempotencyKey: assign({ idempotencyKey: newKey }) } })   // src/lib/idempotency.ts
 */
let sequence = 0;

/**
 * The id source a machine starts with: distinct, deterministic keys ('unprovided-key-1', …). Path
 * generation and machine tests use it; the app provides a random one (crypto.randomUUID).
 */
export const placeholderKey = (): string => `unprovided-key-${++sequence}`;

/** What a machine with a money-moving or creating POST keeps. */
export interface IdempotentIntent {
  /** The key of the unanswered intent, or null when there is none. */
  idempotencyKey: string | null;
}

/**
 * The key of the request being sent. The tap that started the submit made it, so it is never missing
 * there: a missing one is a bug in the machine, and fails loudly rather than sending no key.
 */
export function intentKey({ idempotencyKey }: IdempotentIntent, machine: string): string {
  if (idempotencyKey === null) throw new Error(`${machine}: submitting without an idempotency key`);
  return idempotencyKey;
}
