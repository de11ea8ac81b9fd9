import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { faceMachine } from '../../machines/face/face.machine';
import { cases, FACE_DONE, FACE_PENDING, HOLD, inputs, NO_HOLD, serialize } from '../../machines/face/face.cases';
import { faceResultPassed, holdNeeded, livingCheckStatus } from '../../machines/face/face.rules';
import { say } from '../../i18n/core';
import { faceText } from '../../i18n/en/face';
import { formatCoverage, transitionCoverage } from '../../model-testing/coverage';
import { generatePaths } from '../../model-testing/paths';
import { invocations } from '../../model-testing/replay';

const paths = generatePaths(faceMachine, { cases, inputs, serialize });

describe('face rules', () => {
  it("keeps the spec's message verbatim, trailing space included", () => {
    expect(faceText.en.required).toBe('Please Upload Face Recognition ');
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
  it("reads the living check's status from the pipeline's report, null when there is none", () => {
    expect(livingCheckStatus({ status: 2 })).toBe(2);
    for (const o of [undefined, null, {}, { status: '1' }]) expect(livingCheckStatus(o)).toBeNull();
  });
});

describe('face machine: paths generated from the machine', () => {
  it('covers every transition', () => {
    const coverage = transitionCoverage(faceMachine, paths);
    expect(coverage.missing, formatCoverage('face', coverage)).toEqual([]);
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    let consented = false;
    for (const [i, step] of path.steps.entries()) {
      const s = step.state;
      if (s.matches('consent')) consented = false;
      if (step.event.type === 'consent.given') consented = true;
      // The photo slot (camera / file) exists only after 'I agree'; nothing more is sent once locked.
      if (s.hasTag('capture')) expect(consented).toBe(true);
      expect(s.hasTag('locked')).toBe(s.matches('holding') || s.matches('done'));
      if (s.matches('loadFailed')) expect(s.context.error).toBeTruthy();
      // The status comes first: the config is asked for only after a status that says "not done".
      if (s.matches('loading')) expect(path.steps[i - 1]?.state.matches('checking')).toBe(true);
      // A step done before the visit: straight on from the status (no config), before consent, with nothing sent.
      if (s.matches('alreadyDone')) {
        expect(path.steps[i - 1]?.state.matches('checking')).toBe(true);
        expect(path.steps.some((st) => st.event.type === 'consent.given')).toBe(false);
        expect(invocations(path.steps, 'livingHold')).toBe(0);
      }
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
        expect(s.context.error).toEqual(say('required'));
      }
    }
  });

  it('replaces the face page with the result page, keeping pid, step and as; I agree is recorded once', async () => {
    const navigations: unknown[] = [];
    let consents = 0;
    const actor = createActor(
      faceMachine.provide({
        actors: { loadStatus: fromPromise(async () => FACE_PENDING), loadConfig: fromPromise(async () => HOLD), livingHold: fromPromise(async () => {}) },
        actions: { navigate: (_, params) => navigations.push(params), recordConsent: () => void consents++ },
      }),
      { input: inputs.step },
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('consent');
    expect(faceMachine.getStateNodeById('face.consent').meta).toEqual({ rules: ['consent-before-collection'] });
    expect(consents).toBe(0);
    actor.send({ type: 'consent.given' });
    expect(consents).toBe(1);
    actor.send({ type: 'photo.checked', status: 1 });
    actor.send({ type: 'face.submitted' });
    expect(actor.getSnapshot().value).toBe('holding');
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().status).toBe('done');
    expect(navigations).toEqual([{ to: '/auth/callback?pid=7&step=2&as=5', replace: true }]);
  });

  it('replaces the face page with the hub when find-user-auth says the face step is done, without asking for the config', async () => {
    const navigations: unknown[] = [];
    let configs = 0;
    const actor = createActor(
      faceMachine.provide({
        actors: {
          loadStatus: fromPromise(async () => FACE_DONE),
          loadConfig: fromPromise(async () => {
            configs++;
            return NO_HOLD;
          }),
          livingHold: fromPromise(async () => {}),
        },
        actions: { navigate: (_, params) => navigations.push(params) },
      }),
      { input: inputs.step },
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('alreadyDone');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().hasTag('capture')).toBe(false);
    expect(navigations).toEqual([{ to: '/auth/index?pid=7', replace: true }]);
    expect(configs).toBe(0);
  });
});
