/**
 * The query every verification step carries (spec §2 Verification router): pid, step (1-based)
 * and as (the number of steps), read from the location. Links are built by machines/shared/paths.ts.
 */
import { useSearch } from 'wouter';
import type { StepQuery } from '../../../machines/shared/paths';

export type { StepQuery };

const positive = (raw: string | null): number | null => {
  if (!raw || !/^\d{1,3}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
};

export function readStepQuery(search: string): StepQuery {
  const q = new URLSearchParams(search);
  const step = positive(q.get('step'));
  const total = positive(q.get('as'));
  const valid = step !== null && total !== null && step <= total;
  return { pid: q.get('pid') ?? '', step: valid ? step : null, total: valid ? total : null };
}

/** The step query of the current location. */
export function useStepQuery(): StepQuery {
  return readStepQuery(useSearch());
}
