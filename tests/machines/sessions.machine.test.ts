/**
 * Signed-in devices: the rules (a device's name, how it signed in, the order, who is signed out by
 * id), transition coverage of the generated paths, invariants along every path, and the running
 * machine (a backend without the calls, one revoke per confirmed Sign out).
 */
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Offered } from '../../contract/beyond-spec';
import type { SessionList } from '../../contract/sessions';
import { say } from '../../i18n/core';
import * as sessionCases from '../../machines/sessions/sessions.cases';
import { device, LISTED, LOST_PHONE, SHELL, THIS_DEVICE } from '../../machines/sessions/sessions.cases';
import { sessionsMachine } from '../../machines/sessions/sessions.machine';
import { deviceName, isOtherDevice, methodKey, ordered } from '../../machines/sessions/sessions.rules';
import { formatCoverage, transitionCoverage } from '../../model-testing/coverage';
import { deferred } from '../support/fakes';
import { generatePaths } from '../../model-testing/paths';

const paths = generatePaths(sessionsMachine, sessionCases);

describe('sessions rules', () => {
  it('names a device by the shell’s device, else its browser on its system, else what is known', () => {
    expect(deviceName(SHELL)).toEqual({ server: 'Apple iPhone15,2' });
    expect(deviceName(LOST_PHONE)).toEqual(say('browserOnOs', { browser: 'Chrome', os: 'Android' }));
    expect(deviceName(device({ id: 'x', browser: 'Firefox' }))).toEqual({ server: 'Firefox' });
    expect(deviceName(device({ id: 'x', os: 'Windows' }))).toEqual(say('osDevice', { os: 'Windows' }));
    expect(deviceName(device({ id: 'x', model: '  ' }))).toEqual(say('unknownDevice'));
  });

  it('says how it signed in for the methods the app knows, nothing for another word', () => {
    expect(['code', 'app', 'partner', 'biometric', ''].map(methodKey)).toEqual(['methodCode', 'methodApp', 'methodPartner', null, null]);
  });

  it('this device first, the others as the lender sent them; only the others are signed out by id', () => {
    expect(ordered(LISTED.sessions).map((s) => s.id)).toEqual([THIS_DEVICE.id, LOST_PHONE.id, SHELL.id]);
    expect(isOtherDevice(LISTED.sessions, LOST_PHONE.id)).toBe(true);
    expect(isOtherDevice(LISTED.sessions, THIS_DEVICE.id)).toBe(false);
    expect(isOtherDevice(LISTED.sessions, 'gone')).toBe(false);
  });
});

describe('sessions machine: paths generated from the machine', () => {
  it('covers every transition', () => {
    const coverage = transitionCoverage(sessionsMachine, paths);
    expect(coverage.missing, formatCoverage('sessions', coverage)).toEqual([]);
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    for (const { state: s } of path.steps) {
      // Nothing shows while loading or without the call; the list shows this device first.
      expect(s.hasTag('hidden')).toBe(s.matches({ loading: 'first' }) || s.matches('notOffered'));
      if (s.hasTag('ready')) expect(s.context.sessions[0]?.current).toBe(true);
      if (s.hasTag('asking')) expect(isOtherDevice(s.context.sessions, s.context.chosen ?? '')).toBe(true);
      if (!s.hasTag('asking')) expect(s.context.chosen).toBeNull();
      if (s.hasTag('failed')) expect(s.context.error).toEqual({ server: sessionCases.FAILURE.message });
      if (s.context.signedOut) expect(s.context.sessions.map((d) => d.id)).not.toContain(s.context.signedOut.id);
    }
  });
});

describe('the running machine', () => {
  it('one revoke per confirmed Sign out, for the device chosen; a second tap while it runs sends nothing', async () => {
    const revokes: string[] = [];
    const answer = deferred<Offered<void>>();
    const actor = createActor(
      sessionsMachine.provide({
        actors: {
          listSessions: fromPromise<Offered<SessionList>>(() => Promise.resolve({ offered: true, value: LISTED })),
          revokeSession: fromPromise<Offered<void>, { id: string }>(({ input }) => {
            revokes.push(input.id);
            return answer.promise;
          }),
        },
      }),
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    actor.send({ type: 'device.signOutTapped', id: THIS_DEVICE.id });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    actor.send({ type: 'device.signOutTapped', id: SHELL.id });
    actor.send({ type: 'signOut.confirmed' });
    actor.send({ type: 'signOut.confirmed' });
    actor.send({ type: 'device.signOutTapped', id: LOST_PHONE.id });
    expect(revokes).toEqual([SHELL.id]);
    answer.resolve({ offered: true, value: undefined });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context.sessions.map((s) => s.id)).toEqual([THIS_DEVICE.id, LOST_PHONE.id]);
    expect(actor.getSnapshot().context.signedOut?.id).toBe(SHELL.id);
    actor.stop();
  });

  it('a backend without the list: the machine ends there and never asks again', async () => {
    let asked = 0;
    const actor = createActor(
      sessionsMachine.provide({
        actors: {
          listSessions: fromPromise<Offered<SessionList>>(() => (asked++, Promise.resolve({ offered: false }))),
        },
      }),
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('notOffered');
    expect(actor.getSnapshot().status).toBe('done');
    actor.send({ type: 'devices.retried' });
    expect(asked).toBe(1);
  });
});
