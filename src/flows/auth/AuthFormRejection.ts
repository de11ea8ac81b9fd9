/**
 * A failed base-info, work-info or contacts submit, for the machines: the API error is rethrown as
 * an Error whose message is the server's msg, with data.errorColumn attached as `columns`
 * (machines/shared/rejection.ts, Rejection). The machines list the messages in a toast
 * and show each under the field its column names.
 */
import * as v from 'valibot';
import { ErrorColumns, type ErrorColumn } from '../../../contract/verification';
import { ApiError } from '../../api/client';

/** The column messages a failed call carries ([] when none: then its msg is what to show). */
function errorColumnsOf(error: ApiError): ErrorColumn[] {
  const parsed = v.safeParse(ErrorColumns, error.details.data);
  return parsed.success ? parsed.output.errorColumn.map((c) => ({ column: c.column ?? null, msg: c.msg })) : [];
}

export function withErrorColumns(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  return Object.assign(new Error(error.message), { columns: errorColumnsOf(error), cause: error });
}

/** A submit call whose failure carries its errorColumn messages (see withErrorColumns). */
export function rejectingWithColumns(submit: Promise<void>): Promise<void> {
  return submit.catch((error: unknown) => {
    throw withErrorColumns(error);
  });
}
