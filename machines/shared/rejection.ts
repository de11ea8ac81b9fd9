/**
 * A rejected submit of a verification form (basic info, work info, contacts): the server's msg and
 * its data.errorColumn messages (spec §8), shown as a numbered toast and under the fields.
 */
import type { ErrorColumn } from '../../contract/verification';
import { say, type Said } from '../../i18n/core';

/**
 * What a failed submit carries: the edge rethrows the API error as an Error whose message is the
 * server's msg, with `columns` (data.errorColumn) attached.
 */
export interface Rejection {
  message: string;
  columns: readonly ErrorColumn[];
}

/** The rejection an error carries; `message` is '' when the error has none. */
export function rejectionOf(error: unknown): Rejection {
  const message = error instanceof Error && error.message ? error.message : '';
  const raw = typeof error === 'object' && error !== null && 'columns' in error ? (error as { columns: unknown }).columns : null;
  const columns = Array.isArray(raw)
    ? raw.filter((c): c is ErrorColumn => typeof c === 'object' && c !== null && typeof (c as ErrorColumn).msg === 'string' && (c as ErrorColumn).msg !== '')
    : [];
  return { message, columns };
}

/** Spec §8: the errorColumn messages as a numbered list ('1. …\n2. …'), or msg when there are none. */
export function rejectionText(rejection: Rejection): string {
  return rejection.columns.length ? rejection.columns.map((c, i) => `${i + 1}. ${c.msg}`).join('\n') : rejection.message;
}

/**
 * What a refused submit's toast says: the errorColumn messages as a numbered list, else the server's
 * msg (both as the server sent them), else the form's own message `fallback`, by key.
 */
export function rejectionSaid<K extends string>(error: unknown, fallback: K): Said<K> {
  const text = rejectionText(rejectionOf(error));
  return text ? { server: text } : say(fallback);
}

/** The server's messages by parameter name, to show under the fields too (the toast goes away). */
export function columnErrors(rejection: Rejection): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of rejection.columns) if (c.column && !(c.column in out)) out[c.column] = c.msg;
  return out;
}
