/**
 * The borrower's language for what the lender sends on its own — the SMS of a payment booked, a
 * reminder — when no request is there to ask (docs/sandbox/payments.md 'Payments and receipts'). It is the
 * language of the borrower's last signed-in request that sent `Accept-Language` (read as content is,
 * language.ts), kept on the borrower (users.language). The app sends the header on every call, so a
 * switch of language in the app reaches the lender with the next call. A request without the header
 * (a script, a shell that sends none) changes nothing; a borrower never seen with one gets English.
 */
import type { Queryable } from '../db';
import { DEFAULT_LANG, preferredLanguage, type Lang } from '../language';

/** The language a request asks for, or null when it names none (no Accept-Language header). */
export function languageOfRequest(acceptLanguage: string | undefined): Lang | null {
  return acceptLanguage === undefined || acceptLanguage.trim() === '' ? null : preferredLanguage(acceptLanguage);
}

/**
 * Keeps `asked` as the borrower's language when it differs from `kept` (what the session lookup read
 * with the borrower): a request costs no write unless the language changed.
 */
export async function noteLanguage(db: Queryable, userId: number, kept: Lang | null, asked: Lang | null): Promise<void> {
  if (asked === null || asked === kept) return;
  await db.query('UPDATE users SET language = $2 WHERE id = $1', [userId, asked]);
}

/** The borrower's language for a message: their last signed-in request's, else English. */
export async function borrowerLanguage(db: Queryable, userId: number): Promise<Lang> {
  const r = await db.query<{ language: Lang | null }>('SELECT language FROM users WHERE id = $1', [userId]);
  return r.rows[0]?.language ?? DEFAULT_LANG;
}
