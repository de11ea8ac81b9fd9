/**
 * The sign-in machine on its own: paths generated from the machine with machines/login/login.cases.ts,
 * invariants in every state they reach, full transition coverage, and the effects the machine asks
 * the edge for (run on a real actor with a simulated clock).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { LOGIN_MESSAGES, loginAllowed, loginMachine, remainingSeconds, RESEND_COOLDOWN_MS, type LoginDraft, type LoginInput } from '../../machines/login/login.machine';
import { cases, inputs, LOGIN_FAILURE, RELOAD_REMAINING_MS, SEND_FAILURE, serialize, TOKEN, VALID_PHONE } from '../../machines/login/login.cases';
import { isValidMobile } from '../../machines/shared/phone';
import { deferred, formatCoverage, generatePaths, invocations, transitionCoverage } from '../support/model';

const paths = generatePaths(loginMachine, { cases, inputs, serialize });
type Snapshot = SnapshotFrom<typeof loginMachine>;

const ERRORS = new Set<string | null>([null, LOGIN_MESSAGES.agreementRequired, LOGIN_MESSAGES.invalidPhone, SEND_FAILURE.message]);

/** What must hold in every state the machine can reach (with the cases' clock at 0). */
function checkInvariants(s: Snapshot) {
  const c = s.context;
  expect(c.phone).toMatch(/^\d{0,10}$/);
  expect(c.code).toMatch(/^\d{0,4}$/);
  expect(ERRORS.has(c.error)).toBe(true);
  if (c.error === LOGIN_MESSAGES.agreementRequired) expect(c.agreed).toBe(false);
  if (c.error === LOGIN_MESSAGES.invalidPhone) expect(isValidMobile(c.phone)).toBe(false);
  if (s.status === 'done') {
    expect(s.value).toBe('signedIn');
    expect(loginAllowed(c)).toBe(true);
    return;
  }
  // The tag the view enables 'Log in' with is exactly the rule.
  expect(s.hasTag('canLogin')).toBe(loginAllowed(c) && !s.hasTag('loggingIn'));
  // One request of each kind at most, and only in its state.
  expect(Boolean(s.children.sendCode)).toBe(s.hasTag('sending'));
  expect(Boolean(s.children.login)).toBe(s.hasTag('loggingIn'));
  if (s.hasTag('cooldown')) expect(remainingSeconds(c.resendDeadline, c.now())).toBeGreaterThan(0);
  else expect(c.resendDeadline === null || c.resendDeadline <= c.now()).toBe(true);
}

describe('login machine: generated paths', () => {
  it('take every transition of the machine', () => {
    const coverage = transitionCoverage(loginMachine, paths);
    expect(coverage.missing, formatCoverage('login', coverage)).toEqual([]);
    expect(coverage.total).toBe(16);
  });

  it('start from both a first visit and a reload during the cooldown', () => {
    expect(new Set(paths.map((p) => p.inputName))).toEqual(new Set(Object.keys(inputs)));
    const reloaded = paths.find((p) => p.inputName === 'reloadedInCooldown')!;
    expect(reloaded.steps[0]!.state.hasTag('cooldown')).toBe(true);
    expect(paths.some((p) => p.state.status === 'done')).toBe(true);
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    for (const step of path.steps) checkInvariants(step.state);
    const count = (type: string) => path.steps.filter((s) => s.event.type === type).length;
    // A request starts only from a tap (the machine never sends twice for one tap).
    expect(invocations(path.steps, 'sendCode')).toBeLessThanOrEqual(count('code.requested'));
    expect(invocations(path.steps, 'login')).toBeLessThanOrEqual(count('login.submitted'));
  });
});

/** A real actor with recorded effects and a simulated clock. */
function start(input: LoginInput = {}) {
  const clock = new SimulatedClock();
  const effects = { drafts: [] as LoginDraft[], toasts: [] as string[], signedIn: [] as { token: string; phone: string }[] };
  const calls = { sendCode: [] as string[], login: [] as { phone10: string; code: string }[] };
  let send = deferred<void>();
  let login = deferred<{ token: string }>();
  const machine = loginMachine.provide({
    actors: {
      sendCode: fromPromise(({ input: i }) => {
        calls.sendCode.push(i.phone10);
        return send.promise;
      }),
      login: fromPromise(({ input: i }) => {
        calls.login.push(i);
        return login.promise;
      }),
    },
    actions: {
      persistDraft: (_, draft) => void effects.drafts.push(draft),
      showToast: (_, { message }) => void effects.toasts.push(message),
      signedIn: (_, params) => void effects.signedIn.push(params),
    },
  });
  const actor = createActor(machine, { input: { now: () => clock.now(), ...input }, clock });
  actor.start();
  return {
    actor,
    clock,
    effects,
    calls,
    settle: {
      send: async (fail?: Error) => {
        if (fail) send.reject(fail);
        else send.resolve();
        await Promise.resolve();
        await Promise.resolve();
        send = deferred();
      },
      login: async (result: { token: string } | Error) => {
        if (result instanceof Error) login.reject(result);
        else login.resolve(result);
        await Promise.resolve();
        await Promise.resolve();
        login = deferred();
      },
    },
  };
}

const fill = (actor: ReturnType<typeof start>['actor'], phone = VALID_PHONE, code = '1234') => {
  actor.send({ type: 'phone.changed', value: phone });
  actor.send({ type: 'code.changed', value: code });
  actor.send({ type: 'agreement.toggled' });
};

describe('login machine: rules and effects', () => {
  it('asks for the tick first, then a valid number, in the login error area', () => {
    const { actor, calls } = start();
    actor.send({ type: 'phone.changed', value: '12345' });
    actor.send({ type: 'code.requested' });
    expect(actor.getSnapshot().context.error).toBe('Please agree with Loan Guarantee Argreement.');
    actor.send({ type: 'agreement.toggled' });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'code.requested' });
    expect(actor.getSnapshot().context.error).toBe('Please enter a valid 10-digit mobile number.');
    actor.send({ type: 'phone.changed', value: '5876543210' });
    actor.send({ type: 'code.requested' });
    expect(actor.getSnapshot().context.error).toBe('Please enter a valid 10-digit mobile number.');
    expect(calls.sendCode).toEqual([]);
  });

  it('strips non-digits, keeps 10 phone digits and 4 code digits', () => {
    const { actor } = start();
    actor.send({ type: 'phone.changed', value: '+91 98765-43210' });
    actor.send({ type: 'code.changed', value: '12a345' });
    expect(actor.getSnapshot().context).toMatchObject({ phone: '9876543210', code: '1234' });
    actor.send({ type: 'phone.changed', value: '98765 432101' });
    expect(actor.getSnapshot().context.phone).toBe('9876543210');
  });

  it('sends one code for a double tap, then counts 60 s down from a deadline and persists it', async () => {
    const { actor, calls, clock, effects, settle } = start();
    clock.set(1_000);
    fill(actor);
    actor.send({ type: 'code.requested' });
    actor.send({ type: 'code.requested' });
    expect(calls.sendCode).toEqual([VALID_PHONE]);
    await settle.send();
    const s = actor.getSnapshot();
    expect(s.hasTag('cooldown')).toBe(true);
    expect(s.context.resendDeadline).toBe(1_000 + RESEND_COOLDOWN_MS);
    expect(effects.drafts.at(-1)).toEqual({ phone: VALID_PHONE, agreed: true, resendDeadline: 61_000 });
    actor.send({ type: 'code.requested' });
    expect(calls.sendCode).toHaveLength(1);
    clock.increment(RESEND_COOLDOWN_MS - 1);
    expect(actor.getSnapshot().hasTag('cooldown')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ form: { codeRequest: 'idle' } })).toBe(true);
    expect(effects.drafts.at(-1)?.resendDeadline).toBeNull();
  });

  it("shows the server's msg when the code cannot be sent, and a fallback without one", async () => {
    const { actor, settle } = start();
    fill(actor);
    actor.send({ type: 'code.requested' });
    await settle.send(SEND_FAILURE);
    expect(actor.getSnapshot().context.error).toBe(SEND_FAILURE.message);
    actor.send({ type: 'code.requested' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settle.send(new Error(''));
    expect(actor.getSnapshot().context.error).toBe(LOGIN_MESSAGES.sendFailed);
  });

  it('resumes a cooldown after a reload with the time that was left', () => {
    const { actor, clock } = start({ phone: VALID_PHONE, agreed: true, resendDeadline: RELOAD_REMAINING_MS });
    const s = actor.getSnapshot();
    expect(s.hasTag('cooldown')).toBe(true);
    expect(remainingSeconds(s.context.resendDeadline, clock.now())).toBe(42);
    clock.increment(RELOAD_REMAINING_MS - 1);
    expect(actor.getSnapshot().hasTag('cooldown')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().hasTag('cooldown')).toBe(false);
  });

  it('forgets an expired deadline from an old draft', () => {
    const { actor } = start({ phone: VALID_PHONE, resendDeadline: -5 });
    expect(actor.getSnapshot().matches({ form: { codeRequest: 'idle' } })).toBe(true);
  });

  it('logs in once for a double tap, and reports token and phone', async () => {
    const { actor, calls, effects, settle } = start();
    fill(actor);
    expect(actor.getSnapshot().hasTag('canLogin')).toBe(true);
    actor.send({ type: 'login.submitted' });
    actor.send({ type: 'login.submitted' });
    actor.send({ type: 'phone.changed', value: '9000000000' });
    expect(calls.login).toEqual([{ phone10: VALID_PHONE, code: '1234' }]);
    await settle.login({ token: TOKEN });
    expect(actor.getSnapshot().status).toBe('done');
    expect(effects.signedIn).toEqual([{ token: TOKEN, phone: VALID_PHONE }]);
  });

  it("toasts the server's msg when login fails and lets the borrower try again", async () => {
    const { actor, calls, effects, settle } = start();
    fill(actor);
    actor.send({ type: 'login.submitted' });
    await settle.login(LOGIN_FAILURE);
    expect(effects.toasts).toEqual([LOGIN_FAILURE.message]);
    expect(actor.getSnapshot().hasTag('canLogin')).toBe(true);
    actor.send({ type: 'login.submitted' });
    expect(calls.login).toHaveLength(2);
  });

  it('never persists the code', () => {
    const { actor, effects } = start();
    fill(actor);
    expect(effects.drafts.length).toBeGreaterThan(0);
    for (const d of effects.drafts) expect(Object.keys(d).sort()).toEqual(['agreed', 'phone', 'resendDeadline']);
  });
});
