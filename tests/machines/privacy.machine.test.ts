/**
 * The privacy centre: the rules (a consent's status, what may be given here, the lender's record
 * before the device's), transition coverage of the generated paths, invariants along every path
 * (a withdrawal applies on the device before anything is sent), and the running machine against a
 * backend without the calls.
 */
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Offered } from '../../contract/offered';
import type { ConsentItem, ConsentPurpose, DeletionRequest, PrivacyOverview } from '../../contract/privacy';
import * as privacyCases from '../../machines/privacy/privacy.cases';
import { IDENTITY_GIVEN, LOCATION_GIVEN, OVERVIEW, RECEIVED } from '../../machines/privacy/privacy.cases';
import { privacyMachine } from '../../machines/privacy/privacy.machine';
import { applied, canWithdraw, consentRows, consentStatus, givenHere, hasOpenRequest, withRequest } from '../../machines/privacy/privacy.rules';
import { formatCoverage, transitionCoverage } from '../../model-testing/coverage';
import { generatePaths } from '../../model-testing/paths';

const paths = generatePaths(privacyMachine, privacyCases);

describe('privacy rules', () => {
  it('reads each consent: withdrawn, given, not given yet; device information is on until withdrawn', () => {
    expect(consentStatus('identity', undefined)).toBe('notGiven');
    expect(consentStatus('device', undefined)).toBe('on');
    expect(consentStatus('location', LOCATION_GIVEN)).toBe('given');
    expect(consentStatus('location', { ...LOCATION_GIVEN, withdrawnAt: '2026-05-03 18:45:00' })).toBe('withdrawn');
    expect(['given', 'on', 'withdrawn', 'notGiven'].map((s) => canWithdraw(s as never))).toEqual([true, true, false, false]);
    expect(['identity', 'face', 'location', 'device'].map((p) => givenHere(p as ConsentPurpose))).toEqual([false, false, true, true]);
  });

  it("shows the lender's record before the device's, one row per purpose in one order", () => {
    const device: ConsentItem[] = [{ purpose: 'location', givenAt: '2026-01-01T00:00:00.000Z', withdrawnAt: '' }, { purpose: 'device', givenAt: '', withdrawnAt: '2026-01-02T00:00:00.000Z' }];
    expect(consentRows([IDENTITY_GIVEN, LOCATION_GIVEN], device)).toEqual([
      { purpose: 'identity', item: IDENTITY_GIVEN },
      { purpose: 'face', item: undefined },
      { purpose: 'location', item: LOCATION_GIVEN },
      { purpose: 'device', item: device[1] },
    ]);
  });

  it('a withdrawal keeps the first time and the time given; giving again clears it', () => {
    const once = applied([LOCATION_GIVEN], 'location', false, 'T1');
    expect(once).toEqual([{ ...LOCATION_GIVEN, withdrawnAt: 'T1' }]);
    expect(applied(once, 'location', false, 'T2')).toEqual([{ ...LOCATION_GIVEN, withdrawnAt: 'T1' }]);
    expect(applied(once, 'location', true, 'T3')).toEqual([{ purpose: 'location', givenAt: 'T3', withdrawnAt: '' }]);
    expect(withRequest([RECEIVED], { ...RECEIVED, state: 'done' })).toEqual([{ ...RECEIVED, state: 'done' }]);
    expect(hasOpenRequest([RECEIVED])).toBe(true);
  });
});

describe('privacy machine: generated paths', () => {
  it('take every transition of the machine', () => {
    const coverage = transitionCoverage(privacyMachine, paths);
    expect(coverage.missing, formatCoverage('privacy', coverage)).toEqual([]);
  });

  it('the states that change a consent say which rule they enforce', () => {
    expect(privacyMachine.getStateNodeById('privacy.ready.saving').meta).toEqual({ rules: ['consent-withdrawal'] });
    expect(privacyMachine.getStateNodeById('privacy.local').meta).toEqual({ rules: ['consent-withdrawal'] });
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    for (const [i, step] of path.steps.entries()) {
      const s = step.state;
      // One call at a time, each in its own state.
      expect(Boolean(s.children.saveConsent)).toBe(s.matches({ ready: 'saving' }));
      expect(Boolean(s.children.requestDeletion)).toBe(s.matches({ ready: 'requesting' }));
      // A withdrawal holds on the device from the tap on, before (and whatever) the lender answers.
      const event = step.event;
      if (event.type === 'consent.withdrawn' && path.steps[i - 1]?.state.can(event)) {
        expect(s.context.device.find((c) => c.purpose === event.purpose)?.withdrawnAt).toBeTruthy();
      }
      // Only the location and device information are given here.
      if (event.type === 'consent.given') expect(event.purpose === 'location' || !path.steps[i - 1]?.state.can(event)).toBe(true);
    }
  });
});

describe('privacy machine: running', () => {
  const start = (over: { loadPrivacy?: Offered<PrivacyOverview>; saveConsent?: Offered<ConsentItem> } = {}) => {
    const applied: { purpose: ConsentPurpose; given: boolean }[] = [];
    const saved: { purpose: ConsentPurpose; given: boolean }[] = [];
    const machine = privacyMachine.provide({
      actors: {
        loadPrivacy: fromPromise(async (): Promise<Offered<PrivacyOverview>> => over.loadPrivacy ?? { offered: true, value: OVERVIEW }),
        saveConsent: fromPromise(async ({ input }: { input: { purpose: ConsentPurpose; given: boolean } }): Promise<Offered<ConsentItem>> => {
          saved.push(input);
          return over.saveConsent ?? { offered: true, value: { purpose: input.purpose, givenAt: '2026-05-02 09:30:00', withdrawnAt: '2026-05-05 12:00:00' } };
        }),
        requestDeletion: fromPromise(async (): Promise<Offered<DeletionRequest>> => ({ offered: true, value: RECEIVED })),
      },
      actions: { applyOnDevice: (_, p) => void applied.push(p) },
    });
    const actor = createActor(machine, { input: { device: [], now: () => '2026-05-05T06:30:00.000Z' } }).start();
    return { actor, applied, saved };
  };
  const settled = () => new Promise((r) => setTimeout(r, 0));

  it('withdraws on the device, then tells the lender once; the row shows the lender’s time', async () => {
    const t = start();
    await settled();
    t.actor.send({ type: 'consent.withdrawn', purpose: 'location' });
    expect(t.applied).toEqual([{ purpose: 'location', given: false }]);
    await settled();
    expect(t.saved).toEqual([{ purpose: 'location', given: false }]);
    const c = t.actor.getSnapshot().context;
    expect(c.consents.find((x) => x.purpose === 'location')?.withdrawnAt).toBe('2026-05-05 12:00:00');
    expect(c.changed).toEqual({ purpose: 'location', given: false });
  });

  it('against a backend without the calls: the device record, a withdrawal held on the device, no deletion', async () => {
    const t = start({ loadPrivacy: { offered: false } });
    await settled();
    expect(t.actor.getSnapshot().value).toBe('local');
    t.actor.send({ type: 'consent.withdrawn', purpose: 'device' });
    expect(t.applied).toEqual([{ purpose: 'device', given: false }]);
    expect(t.saved).toEqual([]);
    expect(t.actor.getSnapshot().context.device).toEqual([{ purpose: 'device', givenAt: '', withdrawnAt: '2026-05-05T06:30:00.000Z' }]);
    expect(t.actor.getSnapshot().can({ type: 'deletion.asked' })).toBe(false);
  });
});
