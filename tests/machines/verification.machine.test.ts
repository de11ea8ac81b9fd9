import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { verificationMachine } from '../../machines/verification/verification.machine';
import { ALL_DONE, cases, FACE_PENDING, FACE_PENDING_PATH, inputs, serialize } from '../../machines/verification/verification.cases';
import {
  firstPendingStep,
  nextRoute,
  stepsOf,
  unknownKeys,
  type VerificationStatusFlags,
} from '../../machines/verification/verification.rules';
import { paths as links } from '../../machines/shared/paths';
import { formatCoverage, transitionCoverage } from '../../model-testing/coverage';
import { generatePaths } from '../../model-testing/paths';

const paths = generatePaths(verificationMachine, { cases, inputs, serialize });

const status = (keys: string[], flags: Partial<VerificationStatusFlags> = {}): VerificationStatusFlags => ({
  userAuthConfigVoList: keys.map((key) => ({ key })),
  basic: 0,
  work: 0,
  kycAadhaarAndPan: 0,
  kycFaceAndHold: 0,
  contact: 0,
  ...flags,
});

describe('verification rules', () => {
  it('maps each key to its flag and goes to the first step whose flag is 0, in the list order', () => {
    const order = ['basic', 'work', 'contacts', 'identity', 'face'];
    expect(nextRoute(status(order), '5')).toEqual({ kind: 'step', key: 'basic', to: '/auth/basic?pid=5&step=1&as=5' });
    expect(nextRoute(status(order, { basic: 1 }), '5').to).toBe('/auth/work?pid=5&step=2&as=5');
    expect(nextRoute(status(order, { basic: 1, work: 1 }), '5').to).toBe('/auth/contacts?pid=5&step=3&as=5');
    expect(nextRoute(status(order, { basic: 1, work: 1, contact: 1 }), '5').to).toBe('/auth/identity?pid=5&step=4&as=5');
    expect(nextRoute(status(order, { basic: 1, work: 1, contact: 1, kycAadhaarAndPan: 1 }), '5').to).toBe('/auth/face?pid=5&step=5&as=5');
    expect(nextRoute(status(order, { basic: 1, work: 1, contact: 1, kycAadhaarAndPan: 1, kycFaceAndHold: 1 }), '5')).toEqual({
      kind: 'done',
      to: '/product/5/detail',
    });
  });

  it('counts any flag other than 0 as done (2 included), and a later step done does not skip an earlier one', () => {
    expect(firstPendingStep(status(['identity', 'face'], { kycAadhaarAndPan: 2 }))).toEqual({ key: 'face', step: 2, total: 2 });
    expect(firstPendingStep(status(['identity', 'face'], { kycFaceAndHold: 1 }))).toEqual({ key: 'identity', step: 1, total: 2 });
  });

  it('skips unknown keys (not counted in step or as) and repeated keys, and reports the unknown ones', () => {
    const s = status(['selfie', 'identity', 'face', 'identity', 'bank'], { kycAadhaarAndPan: 1 });
    expect(stepsOf(s)).toEqual(['identity', 'face']);
    expect(unknownKeys(s)).toEqual(['selfie', 'bank']);
    expect(nextRoute(s, '9').to).toBe('/auth/face?pid=9&step=2&as=2');
    expect(FACE_PENDING_PATH).toBe(nextRoute(FACE_PENDING, '7').to);
  });

  it('treats an empty (or all-unknown) step list as nothing left to verify', () => {
    expect(nextRoute(status([]), '3')).toEqual({ kind: 'done', to: '/product/3/detail' });
    expect(nextRoute(status(['selfie']), '3').kind).toBe('done');
  });

  it('encodes the pid in every path', () => {
    expect(links.authStep.href('face', { pid: 'a b&c', step: 1, total: 2 })).toBe('/auth/face?pid=a+b%26c&step=1&as=2');
    expect(links.productDetail.href('a/b')).toBe('/product/a%2Fb/detail');
  });
});

describe('verification machine: paths generated from the machine', () => {
  it('covers every transition', () => {
    const coverage = transitionCoverage(verificationMachine, paths);
    expect(coverage.missing, formatCoverage('verification', coverage)).toEqual([]);
    expect(coverage.total).toBeGreaterThanOrEqual(6);
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    for (const step of path.steps) {
      const s = step.state;
      if (s.matches('failed')) expect(s.context.error).toBeTruthy();
      if (s.matches('noProduct')) expect(s.context.pid).toBe('');
      if (s.matches('loading')) {
        expect(s.context.pid).not.toBe('');
        expect(s.hasTag('busy')).toBe(true);
      }
    }
  });

  it('runs with provided effects: one replace navigation per outcome', async () => {
    const run = async (pid: string, load: () => Promise<VerificationStatusFlags>) => {
      const navigations: string[] = [];
      const reported: string[][] = [];
      const actor = createActor(
        verificationMachine.provide({
          actors: { loadStatus: fromPromise(load) },
          actions: { navigate: (_, { to, replace }) => navigations.push(replace ? to : `push ${to}`), reportUnknownSteps: (_, { keys }) => reported.push(keys) },
        }),
        { input: { pid } },
      ).start();
      await new Promise((r) => setTimeout(r, 0));
      return { actor, navigations, reported };
    };
    const pending = await run('7', async () => FACE_PENDING);
    expect(pending.navigations).toEqual([FACE_PENDING_PATH]);
    expect(pending.reported).toEqual([['selfie']]);
    expect((await run('7', async () => ALL_DONE)).navigations).toEqual(['/product/7/detail']);
    const failed = await run('7', () => Promise.reject(new Error('Down')));
    expect(failed.actor.getSnapshot().context.error).toEqual({ server: 'Down' });
    failed.actor.send({ type: 'info.dismissed' });
    expect(failed.navigations).toEqual(['/product/7']);
    let loads = 0;
    const none = await run('', async () => {
      loads++;
      return ALL_DONE;
    });
    expect(none.actor.getSnapshot().value).toBe('noProduct');
    expect(loads).toBe(0);
  });
});
