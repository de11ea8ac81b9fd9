/**
 * The journey bench's pure figures (scripts/journey-figures.ts): calls in series, a tap's next-paint
 * delay from Event Timing entries, and the marks of a screen that misses a goal.
 */
import { describe, expect, it } from 'vitest';
import { callsInSeries, marks, nextPaintDelay, totals, type StepFigures } from '../../scripts/journey-figures';

describe('calls in series', () => {
  it('counts calls made together once, and each call sent after another answered as one more round trip', () => {
    expect(callsInSeries([])).toBe(0);
    expect(callsInSeries([{ start: 0, end: 150 }, { start: 5, end: 160 }, { start: 10, end: 170 }])).toBe(1);
    expect(callsInSeries([{ start: 0, end: 150 }, { start: 150, end: 300 }, { start: 310, end: 460 }])).toBe(3);
    // Two in parallel, then one that waited for the slower of them: two round trips.
    expect(callsInSeries([{ start: 400, end: 550 }, { start: 0, end: 150 }, { start: 0, end: 390 }])).toBe(2);
  });
});

describe("a tap's next paint", () => {
  const entries = [
    { name: 'pointerdown', startTime: 90, duration: 300, interactionId: 1 },
    { name: 'pointerup', startTime: 100, duration: 40, interactionId: 2 },
    { name: 'click', startTime: 101, duration: 56, interactionId: 2 },
    { name: 'mouseover', startTime: 102, duration: 500, interactionId: 0 },
  ];
  it('is the longest entry of the interactions since the tap, never an event that is no interaction', () => {
    expect(nextPaintDelay(entries, 100)).toBe(56);
    expect(nextPaintDelay(entries, 90)).toBe(300);
  });
  it('is unknown when the page reported nothing since the tap', () => {
    expect(nextPaintDelay(entries, 200)).toBeNull();
  });
});

describe('goals', () => {
  const step = (s: Partial<StepFigures>): StepFigures => ({ screen: 's', contentMs: 500, bytes: 0, apiCalls: 0, inSeries: 0, inpMs: 40, lenderMs: 0, upload: 0, ...s });
  it('marks a screen over 1 s as missed unless the lender or a photo upload took the time', () => {
    expect(marks(step({}))).toBe('');
    expect(marks(step({ contentMs: 1200 }))).toBe('✗ content');
    expect(marks(step({ contentMs: 1200, lenderMs: 800 }))).toBe('lender 800 ms');
    expect(marks(step({ contentMs: 4000, upload: 300 * 1024 }))).toBe('photo of 300.0 KB');
    expect(marks(step({ inpMs: 200 }))).toBe('✗ INP');
  });
  it('sums the waits and counts the screens that missed a goal', () => {
    const t = totals([step({ contentMs: 1200, bytes: 1024 }), step({ inpMs: null }), step({ contentMs: 4000, upload: 1 })]);
    expect(t).toEqual({ contentMs: 5700, bytes: 1024, apiCalls: 0, worstInpMs: 40, missed: 1 });
  });
});
