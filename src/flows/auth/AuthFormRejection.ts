/**
 * A failed base-info, work-info or contacts submit, for the machines: the API error is rethrown as
 * an Error whose message is the server's msg, with data.errorColumn attached as `columns`
 * (machines/shared/rejection.ts, Rejection). The machines list the messages in a toast
 * and show each under the field its column names.
 */
import type { ErrorColumn } from '../../../contract/verification';
import { ApiError } from '../../api/client';
import { errorColumnsOf } from '../../api/verification';

export function withErrorColumns(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const columns: ErrorColumn[] = errorColumnsOf(error);
  return Object.assign(new Error(error.message), { columns, cause: error });
}

/** A submit call whose failure carries its errorColumn messages (see withErrorColumns). */
export function rejectingWithColumns(submit: Promise<void>): Promise<void> {
  return submit.catch((error: unknown) => {
    throw withErrorColumns(error);
  });
}
