/**
 * The app's id source for idempotency keys (machines/shared/idempotency.ts says when keys are made).
 * 122 random bits: two intents never share a key, and a key says nothing about the borrower.
 */
export const newKey = (): string => crypto.randomUUID();
