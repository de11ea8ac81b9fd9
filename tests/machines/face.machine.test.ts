import { describe, expect, it } from 'vitest';
import { FACE_MESSAGES, faceMachine } from '../../machines/face/face.machine';
import { cases, serialize } from '../../machines/face/face.cases';
import { faceResultPassed, FACE_REQUIRED_MESSAGE, holdNeeded } from '../../machines/face/face.rules';
import { formatCoverage, generatePaths, invocations, transitionCoverage } from '../support/model';

const paths = generatePaths(faceMachine, { cases, serialize });

describe('face rules', () => {
  it("keeps the spec's message verbatim, trailing space included", () => {
    expect(FACE_REQUIRED_MESSAGE).toBe('Please Upload Face Recognition ');
  });
  it('reads face-result status 1 as success, anything else as failure', () => {
    expect(faceResultPassed(1)).toBe(true);
    for (const s of [0, 2, 3, null, undefined]) expect(faceResultPassed(s)).toBe(false);
  });
  it('holds after a passed (or status-less) check when the config asks for it', () => {
    expect(holdNeeded(true, 1)).toBe(true);
    expect(holdNeeded(true, null)).toBe(true);
    expect(holdNeeded(true, 2)).toBe(false);
    expect(holdNeeded(false, 1)).toBe(false);
  });
});

describe('face machine: paths generated from the machine', () => {
  it('covers every transition', () => {
    const coverage = transitionCoverage(faceMachine, paths);
    expect(coverage.missing, formatCoverage('face', coverage)).toEqual([]);
    expect(coverage.total).toBeGreaterThanOrEqual(11);
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    let consented = false;
    for (const [i, step] of path.steps.entries()) {
      const s = step.state;
      if (s.matches('consent')) consented = false;
      if (step.event.type === 'consent.given') consented = true;
      // The photo slot (camera / file) exists only after 'I agree'.
      if (s.hasTag('capture')) expect(consented).toBe(true);
      if (s.matches('configFailed')) expect(s.context.error).toBeTruthy();
      if (s.matches('holding')) {
        expect(s.context.needsHold).toBe(true);
        expect(s.context.checked).not.toBeNull();
        expect(s.context.checked?.status).not.toBe(2);
      }
      if (s.matches('done')) {
        expect(s.context.checked).not.toBeNull();
        // A hold was made exactly when the config asked for it and the check did not fail.
        const held = invocations(path.steps.slice(0, i + 1), 'livingHold') > 0;
        expect(held).toBe(holdNeeded(s.context.needsHold, s.context.checked?.status ?? null));
      }
      if (step.event.type === 'face.submitted' && step.edges.some((e) => e.includes('[noPhoto]'))) {
        expect(s.context.error).toBe(FACE_MESSAGES.required);
      }
    }
  });
});
