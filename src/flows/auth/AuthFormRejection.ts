/**
 * A failed base-info, work-info or contacts submit, for the machines: the API error is rethrown as
 * an Error whose message is the server's msg, with data.errorColumn attached as `columns`
 * (machines/auth-form/auth-form.rules.ts, Rejection). The machines list the messages in a toast
 * and show each under the field its column names.
 */
import * as v from 'valibot';
import type { ErrorColumn } from '../../../machines/auth-form/auth-form.rules';
import { ApiError } from '../../api/client';
import { ErrorColumns } from '../../api/schemas';

export function withErrorColumns(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const parsed = v.safeParse(ErrorColumns, error.details.data);
  const columns: ErrorColumn[] = parsed.success ? parsed.output.errorColumn.map((c) => ({ column: c.column ?? null, msg: c.msg })) : [];
  return Object.assign(new Error(error.message), { columns, cause: error });
}
