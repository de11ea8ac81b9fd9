/**
 * The query every verification step carries (spec §2 Verification router): pid, step (1-based)
 * and as (the number of steps), and the way back to the hub.
 */
import { useSearch } from 'wouter';

export interface StepQuery {
  pid: string;
  /** 1-based, or null when the page was opened without it. */
  step: number | null;
  /** The number of steps, or null. */
  total: number | null;
}

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

/** '?pid=&step=&as=' (the parts that are known). */
export function stepQueryString({ pid, step, total }: StepQuery): string {
  const q = new URLSearchParams();
  if (pid) q.set('pid', pid);
  if (step !== null && total !== null) {
    q.set('step', String(step));
    q.set('as', String(total));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The verification hub, which sends the borrower on to the next step: /auth/index?pid=. */
export function hubPath(pid: string): string {
  return `/auth/index?pid=${encodeURIComponent(pid)}`;
}
