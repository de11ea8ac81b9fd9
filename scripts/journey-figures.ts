/**
 * Pure figures of the journey bench (scripts/bench-journey.ts): the calls a screen waited for one
 * after another, a tap's next-paint delay from Event Timing entries, and the table it prints.
 */

/** A request's life, in ms on one clock: sent at `start`, its last byte at `end`. */
export interface Span {
  start: number;
  end: number;
}

/**
 * The longest chain of calls each sent only after the one before it had answered: the round trips a
 * screen paid in series. Calls that overlap count once; 0 when there is none.
 */
export function callsInSeries(spans: readonly Span[]): number {
  const sorted = [...spans].sort((a, b) => a.end - b.end);
  const depth: number[] = [];
  let best = 0;
  sorted.forEach((s, i) => {
    let d = 1;
    for (let j = 0; j < i; j++) if (sorted[j]!.end <= s.start) d = Math.max(d, depth[j]! + 1);
    depth[i] = d;
    best = Math.max(best, d);
  });
  return best;
}

/** What the page's PerformanceObserver keeps of an Event Timing entry. */
export interface EventEntry {
  name: string;
  startTime: number;
  duration: number;
  interactionId: number;
}

/**
 * A tap's next-paint delay, as INP counts it: the longest entry of the interactions that began at or
 * after `since` (the page's clock). null when the page recorded none (it navigated away first).
 */
export function nextPaintDelay(entries: readonly EventEntry[], since: number): number | null {
  const ofTap = entries.filter((e) => e.interactionId > 0 && e.startTime >= since);
  return ofTap.length ? Math.max(...ofTap.map((e) => e.duration)) : null;
}

/** One screen of the journey, as measured. */
export interface StepFigures {
  screen: string;
  /** From the tap to the screen's content, ms. */
  contentMs: number;
  /** Bytes received (encoded, headers included) from the tap to the content. */
  bytes: number;
  apiCalls: number;
  inSeries: number;
  inpMs: number | null;
  /** The lender's own slowest answer (its wait beyond the network's round trip), ms. */
  lenderMs: number;
  /** The size of the photo the step picks and uploads, 0 for a tap that sends a form or nothing. */
  upload: number;
}

export const CONTENT_GOAL_MS = 1000;
export const INP_GOAL_MS = 200;
/** A call the lender took longer than this to answer makes its screen's wait the lender's, not the app's. */
export const LENDER_SLOW_MS = 300;

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The step's marks: ✗ where a goal is missed; over 1 s, "lender" where the lender's own answer is slow
 * and "upload" where the tap sends a photo (the network's upload speed, not the app, sets its time).
 */
export function marks(s: StepFigures): string {
  const out: string[] = [];
  if (s.contentMs > CONTENT_GOAL_MS)
    out.push(s.upload > 0 ? `photo of ${kb(s.upload)}` : s.lenderMs > LENDER_SLOW_MS ? `lender ${Math.round(s.lenderMs)} ms` : '✗ content');
  if (s.inpMs !== null && s.inpMs >= INP_GOAL_MS) out.push('✗ INP');
  return out.join(', ');
}

export function table(steps: readonly StepFigures[]): string[] {
  const lines = ['| screen (after the tap) | content | received | API calls (in series) | next paint | |', '|---|---|---|---|---|---|'];
  for (const s of steps)
    lines.push(
      `| ${s.screen} | ${Math.round(s.contentMs)} ms | ${kb(s.bytes)} | ${s.apiCalls} (${s.inSeries}) | ${s.inpMs === null ? '—' : `${Math.round(s.inpMs)} ms`} | ${marks(s)} |`,
    );
  return lines;
}

export interface Totals {
  contentMs: number;
  bytes: number;
  apiCalls: number;
  worstInpMs: number | null;
  missed: number;
}

export function totals(steps: readonly StepFigures[]): Totals {
  const inps = steps.map((s) => s.inpMs).filter((n): n is number => n !== null);
  return {
    contentMs: steps.reduce((a, s) => a + s.contentMs, 0),
    bytes: steps.reduce((a, s) => a + s.bytes, 0),
    apiCalls: steps.reduce((a, s) => a + s.apiCalls, 0),
    worstInpMs: inps.length ? Math.max(...inps) : null,
    missed: steps.filter((s) => marks(s).includes('✗')).length,
  };
}
