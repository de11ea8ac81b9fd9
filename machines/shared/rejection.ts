/**
 * A rejected submit of a verification form (basic info, work info, contacts): the server's msg and
 * its data.errorColumn messages (spec §8). A message whose column names a field shown on the form is
 * said once, under that field; only what cannot be tied to a shown field goes to the toast, as the
 * spec's numbered list (or msg when there are no columns at all).
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

/** Spec §8: messages as a numbered list ('1. …\n2. …'). */
export const numberedList = (columns: readonly ErrorColumn[]): string => columns.map((c, i) => `${i + 1}. ${c.msg}`).join('\n');

/** Where a rejection's messages are said: under the fields they name, or in the toast. */
export interface PlacedRejection {
  /** The messages that name a shown field, by column (the first one per column). */
  atFields: Record<string, string>;
  /** The messages tied to no shown field (no column, an unknown one, or a hidden field's). */
  elsewhere: ErrorColumn[];
}

/** Splits the column messages by `shown(column)`: does that column name a field the borrower sees now? */
export function placeRejection(rejection: Rejection, shown: (column: string) => boolean): PlacedRejection {
  const atFields: Record<string, string> = {};
  const elsewhere: ErrorColumn[] = [];
  for (const c of rejection.columns) {
    if (c.column && shown(c.column)) {
      if (!(c.column in atFields)) atFields[c.column] = c.msg;
    } else elsewhere.push(c);
  }
  return { atFields, elsewhere };
}

/** Every column message names a shown field: nothing is left for a toast. */
export const allAtFields = (rejection: Rejection, shown: (column: string) => boolean): boolean =>
  rejection.columns.length > 0 && placeRejection(rejection, shown).elsewhere.length === 0;

/**
 * The toast of a refused submit: the column messages tied to no shown field as a numbered list; with
 * no columns at all, the server's msg, else the form's own message `fallback`, by key. (When every
 * message names a shown field, `allAtFields`, the machines show no toast.)
 */
export function toastOfRejection<K extends string>(rejection: Rejection, shown: (column: string) => boolean, fallback: K): Said<K> {
  const { elsewhere } = placeRejection(rejection, shown);
  if (elsewhere.length) return { server: numberedList(elsewhere) };
  return rejection.columns.length === 0 && rejection.message ? { server: rejection.message } : say(fallback);
}
