import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { jointMachine } from '../../machines/joint/joint.machine';
import { cases, LOGGED_IN, NO_SHELL, REFUSED, serialize, SIGNED_DEVICE } from '../../machines/joint/joint.cases';
import { bridgeFailureKind, failureSaid, isNoShell } from '../../machines/joint/joint.rules';
import { say } from '../../i18n/core';
import { jointText } from '../../i18n/en/joint';
import { textFor } from '../../src/ui/text';
import type { DeviceInfo } from '../../contract/device';
import { formatCoverage, transitionCoverage } from '../../model-testing/coverage';
import { generatePaths } from '../../model-testing/paths';

const paths = generatePaths(jointMachine, { cases, serialize });

describe('joint rules', () => {
  it("reads the bridge's failure kind structurally", () => {
    expect(bridgeFailureKind(NO_SHELL)).toBe('no-shell');
    expect(bridgeFailureKind(REFUSED)).toBe('refused');
    expect(bridgeFailureKind(Object.assign(new Error('x'), { kind: 'timeout' }))).toBe('timeout');
    expect(bridgeFailureKind(Object.assign(new Error('x'), { kind: 'server' }))).toBeNull();
    expect(bridgeFailureKind(new Error('x'))).toBeNull();
    expect(bridgeFailureKind(null)).toBeNull();
    expect(isNoShell(NO_SHELL)).toBe(true);
    expect(isNoShell(REFUSED)).toBe(false);
  });

  it("says the shell's or the server's message as it came; a shell's timeout in the borrower's language", () => {
    const english = textFor(jointText, 'en');
    expect(failureSaid(REFUSED)).toEqual({ server: REFUSED.message });
    expect(failureSaid(new Error('The device info signature is not valid.'))).toEqual({ server: 'The device info signature is not valid.' });
    expect(english.said(failureSaid(Object.assign(new Error('The app did not answer in time. Please try again.'), { kind: 'timeout' })))).toBe(
      'The app did not answer in time. Please try again.',
    );
    expect(failureSaid(Object.assign(new Error('x'), { kind: 'timeout' }))).toEqual(say('shellTimeout'));
    expect(english.said(failureSaid(new Error('')))).toBe('Could not sign you in. Please try again.');
  });
});

describe('joint machine: paths generated from the machine', () => {
  it('covers every transition', () => {
    const coverage = transitionCoverage(jointMachine, paths);
    expect(coverage.missing, formatCoverage('joint', coverage)).toEqual([]);
    expect(coverage.total).toBeGreaterThanOrEqual(7);
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    for (const step of path.steps) {
      const s = step.state;
      if (s.hasTag('failed')) expect(s.context.error).toBeTruthy();
      if (s.hasTag('asking')) expect(s.context.error).toBeNull();
      if (s.hasTag('loggingIn')) expect(s.context.device).toEqual(SIGNED_DEVICE);
      if (s.hasTag('noShell')) expect(s.context.error).toBeNull();
      if (s.status === 'done') expect(s.context.device).not.toBeNull();
    }
  });

  it('runs with provided effects: device info → login with it → token adopted, then / replacing /joint', async () => {
    const log: string[] = [];
    const logins: DeviceInfo[] = [];
    let deviceAnswer: () => Promise<DeviceInfo> = async () => SIGNED_DEVICE;
    let loginAnswer: () => Promise<typeof LOGGED_IN> = async () => LOGGED_IN;
    const actor = createActor(
      jointMachine.provide({
        actors: {
          deviceInfo: fromPromise(() => deviceAnswer()),
          login: fromPromise(({ input }: { input: DeviceInfo }) => (logins.push(input), loginAnswer())),
        },
        actions: {
          adoptToken: (_, { token }) => log.push(`token ${token}`),
          navigate: (_, { to, replace }) => log.push(`${replace ? 'replace' : 'push'} ${to}`),
        },
      }),
    );
    // The login fails first: the server's msg, then Try again asks the shell again.
    loginAnswer = () => Promise.reject(new Error('The device info signature is not valid.'));
    actor.start();
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ server: 'The device info signature is not valid.' });
    loginAnswer = async () => LOGGED_IN;
    actor.send({ type: 'joint.retried' });
    await new Promise((r) => setTimeout(r, 0));
    expect(logins).toEqual([SIGNED_DEVICE, SIGNED_DEVICE]);
    expect(log).toEqual([`token ${LOGGED_IN.token}`, 'replace /']);
    expect(actor.getSnapshot().status).toBe('done');

    // No shell: its own state, nothing logged in; a failure without a message gets the fallback.
    deviceAnswer = () => Promise.reject(NO_SHELL);
    const browser = createActor(jointMachine.provide({ actors: { deviceInfo: fromPromise(() => deviceAnswer()) } })).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(browser.getSnapshot().hasTag('noShell')).toBe(true);
    deviceAnswer = () => Promise.reject(Object.assign(new Error(''), { kind: 'timeout' }));
    browser.send({ type: 'joint.retried' });
    await new Promise((r) => setTimeout(r, 0));
    expect(browser.getSnapshot().context.error).toEqual(say('failedFallback'));
  });
});
