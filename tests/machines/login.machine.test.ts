/**
 * The sign-in machine on its own: paths generated from the machine with machines/login/login.cases.ts,
 * invariants in every state they reach, full transition coverage, and the effects the machine asks
 * the edge for (run on a real actor with a simulated clock).
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import { loginMachine, type LoginInput } from '../../machines/login/login.machine';
import { loginAllowed, RESEND_COOLDOWN_MS, type LoginDraft } from '../../machines/login/login.rules';
import { say, type Said } from '../../i18n/core';
import { loginText, type LoginKey } from '../../i18n/en/login';
import { textFor } from '../../src/ui/text';
import { cases, inputs, LOGIN_FAILURE, REDIRECT, RELOAD_REMAINING_MS, SEND_FAILURE, serialize, TOKEN, VALID_PHONE } from '../../machines/login/login.cases';
import { remainingSeconds } from '../../machines/shared/countdown';
import type { NavigateParams } from '../../machines/shared/navigation';
import { isValidMobile, mobileOf, phoneDigits, phoneText } from '../../machines/shared/phone';
import { formatCoverage, transitionCoverage } from '../../model-testing/coverage';
import { fakeCalls } from '../support/fakes';
import { generatePaths } from '../../model-testing/paths';
import { invocations } from '../../model-testing/replay';

const paths = generatePaths(loginMachine, { cases, inputs, serialize });
type Snapshot = SnapshotFrom<typeof loginMachine>;

const AGREEMENT_REQUIRED = say<LoginKey>('agreementRequired');
const INVALID_PHONE = say<LoginKey>('invalidPhone');
/** The errors the machine may hold: a message by key, or the server's text as it came. */
const ERRORS = new Set([null, AGREEMENT_REQUIRED, INVALID_PHONE, { server: SEND_FAILURE.message }].map((e) => JSON.stringify(e)));
const same = (a: Said<LoginKey> | null, b: Said<LoginKey>) => JSON.stringify(a) === JSON.stringify(b);
/** What the borrower reads in English (the spec's texts, verbatim). */
const shown = (said: Said<LoginKey> | null) => (said ? textFor(loginText, 'en').said(said) : null);

/** What must hold in every state the machine can reach (with the cases' clock at 0). */
function checkInvariants(s: Snapshot) {
  const c = s.context;
  expect(c.phone).toMatch(/^\d{0,10}$/);
  expect(c.code).toMatch(/^\d{0,4}$/);
  expect(ERRORS.has(JSON.stringify(c.error))).toBe(true);
  if (same(c.error, AGREEMENT_REQUIRED)) expect(c.agreed).toBe(false);
  if (same(c.error, INVALID_PHONE)) expect(isValidMobile(c.phone)).toBe(false);
  if (same(c.error, INVALID_PHONE)) expect(mobileOf(c.phone)).toBeNull();
  // The phone is kept as the field's rule keeps it; Log in needs it to stand for a mobile.
  expect(phoneText(c.phone)).toBe(c.phone);
  if (loginAllowed(c)) expect(mobileOf(c.phone)).toMatch(/^[6-9]\d{9}$/);
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
  // The view draws the countdown from the deadline: it is set exactly while the cooldown runs.
  expect(c.resendDeadline !== null).toBe(s.hasTag('cooldown'));
}

describe('login machine: generated paths', () => {
  it('take every transition of the machine', () => {
    const coverage = transitionCoverage(loginMachine, paths);
    expect(coverage.missing, formatCoverage('login', coverage)).toEqual([]);
  });

  it('start from both a first visit and a reload during the cooldown', () => {
    expect(new Set(paths.map((p) => p.inputName))).toEqual(new Set(Object.keys(inputs)));
    const reloaded = paths.find((p) => p.inputName === 'reloadedInCooldown')!;
    expect(reloaded.steps[0]!.state.hasTag('cooldown')).toBe(true);
    expect(paths.some((p) => p.state.status === 'done')).toBe(true);
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    for (const step of path.steps) checkInvariants(step.state);
    // The first visit came with ?redirect=, the reload without one.
    expect(path.state.context.redirectTo).toBe(path.inputName === 'firstVisit' ? REDIRECT : '/');
    const count = (type: string) => path.steps.filter((s) => s.event.type === type).length;
    // A request starts only from a tap (the machine never sends twice for one tap).
    expect(invocations(path.steps, 'sendCode')).toBeLessThanOrEqual(count('code.requested'));
    expect(invocations(path.steps, 'login')).toBeLessThanOrEqual(count('login.submitted'));
  });
});

/** Lets a settled call's outcome reach the actor. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A real actor with recorded effects and a simulated clock. */
function start(input: LoginInput = {}) {
  const clock = new SimulatedClock();
  /** Sessions and navigations in one log, to check their order. */
  type SignIn = { session: { token: string; phone: string } } | { navigate: NavigateParams };
  const effects = { drafts: [] as LoginDraft[], toasts: [] as string[], signIn: [] as SignIn[] };
  const send = fakeCalls<void, { phone10: string }>();
  const login = fakeCalls<{ token: string }, { phone10: string; code: string }>();
  const machine = loginMachine.provide({
    actors: { sendCode: send.actor, login: login.actor },
    actions: {
      persistDraft: (_, draft) => void effects.drafts.push(draft),
      showToast: (_, { message }) => void effects.toasts.push(textFor(loginText, 'en').said(message)),
      startSession: (_, session) => void effects.signIn.push({ session }),
      navigate: (_, to) => void effects.signIn.push({ navigate: to }),
    },
  });
  const actor = createActor(machine, { input: { now: () => clock.now(), ...input }, clock });
  actor.start();
  return {
    actor,
    clock,
    effects,
    calls: {
      sendCode: () => send.live().map((c) => c.input.phone10),
      login: () => login.live().map((c) => c.input),
    },
    settle: {
      send: async (fail?: Error) => {
        if (fail) send.pending().reject(fail);
        else send.pending().resolve();
        await flush();
      },
      login: async (result: { token: string } | Error) => {
        if (result instanceof Error) login.pending().reject(result);
        else login.pending().resolve(result);
        await flush();
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
    expect(shown(actor.getSnapshot().context.error)).toBe('Please agree with Loan Guarantee Argreement.');
    actor.send({ type: 'agreement.toggled' });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'code.requested' });
    expect(shown(actor.getSnapshot().context.error)).toBe('Please enter a valid 10-digit mobile number.');
    actor.send({ type: 'phone.changed', value: '5876543210' });
    actor.send({ type: 'code.requested' });
    expect(shown(actor.getSnapshot().context.error)).toBe('Please enter a valid 10-digit mobile number.');
    expect(calls.sendCode()).toEqual([]);
  });

  it('strips non-digits, keeps 10 phone digits and 4 code digits', () => {
    const { actor } = start();
    actor.send({ type: 'phone.changed', value: '+91 98765-43210' });
    actor.send({ type: 'code.changed', value: '12a345' });
    expect(actor.getSnapshot().context).toMatchObject({ phone: '9876543210', code: '1234' });
    actor.send({ type: 'phone.changed', value: '98765 432101' });
    expect(actor.getSnapshot().context.phone).toBe('9876543210');
  });

  /** Each key at the end of what the field shows, as the input reports it. */
  const typeKeys = (actor: ReturnType<typeof start>['actor'], keys: string) => {
    for (const key of keys) actor.send({ type: 'phone.changed', value: actor.getSnapshot().context.phone + key });
  };

  it.each(['+919876543210', '919876543210', '09876543210', '98765 43210', '+91 98765-43210'])(
    'typed key by key, %s sends the code to 9876543210 and signs in with it',
    async (keys) => {
      const { actor, calls, effects, settle } = start();
      typeKeys(actor, keys);
      expect(actor.getSnapshot().context.phone).toBe(VALID_PHONE);
      actor.send({ type: 'agreement.toggled' });
      actor.send({ type: 'code.requested' });
      expect(calls.sendCode()).toEqual([VALID_PHONE]);
      await settle.send();
      actor.send({ type: 'code.changed', value: '1234' });
      actor.send({ type: 'login.submitted' });
      expect(calls.login()).toEqual([{ phone10: VALID_PHONE, code: '1234' }]);
      await settle.login({ token: TOKEN });
      expect(effects.signIn[0]).toEqual({ session: { token: TOKEN, phone: VALID_PHONE } });
    },
  );

  it('keeps a prefixed number as typed while it is on its way, and sends nothing for it', () => {
    const { actor, calls, effects } = start();
    actor.send({ type: 'agreement.toggled' });
    actor.send({ type: 'code.changed', value: '1234' });
    typeKeys(actor, '+91987654321');
    const s = actor.getSnapshot();
    expect(s.context.phone).toBe('+91987654321');
    expect(s.hasTag('canLogin')).toBe(false);
    expect(effects.drafts.at(-1)?.phone).toBe('+91987654321');
    actor.send({ type: 'code.requested' });
    expect(actor.getSnapshot().context.error).toEqual(INVALID_PHONE);
    expect(calls.sendCode()).toEqual([]);
    typeKeys(actor, '0');
    expect(actor.getSnapshot().context.phone).toBe(VALID_PHONE);
    expect(actor.getSnapshot().hasTag('canLogin')).toBe(true);
  });

  it("takes more digits after '9198765432', which is a number of its own until then", () => {
    const { actor } = start();
    typeKeys(actor, '9198765432');
    expect(phoneDigits(actor.getSnapshot().context.phone)).toBe('9198765432');
    typeKeys(actor, '1');
    expect(actor.getSnapshot().context.phone).toBe('91987654321');
    expect(phoneDigits(actor.getSnapshot().context.phone)).toBeNull();
    typeKeys(actor, '0');
    expect(actor.getSnapshot().context.phone).toBe(VALID_PHONE);
  });

  it('deleting keeps what is left as typed', () => {
    const { actor } = start();
    typeKeys(actor, '+91987');
    actor.send({ type: 'phone.changed', value: '+9198' });
    expect(actor.getSnapshot().context.phone).toBe('+9198');
    actor.send({ type: 'phone.changed', value: '' });
    expect(actor.getSnapshot().context.phone).toBe('');
  });

  it('only a mobile counts for Log in: 10 digits that cannot be a mobile keep it inactive', () => {
    const { actor } = start();
    fill(actor, '5876543210');
    expect(actor.getSnapshot().hasTag('canLogin')).toBe(false);
  });

  it('restores a draft typed half-way with its prefix', () => {
    const { actor } = start({ draft: { phone: '+91 98765', agreed: true, resendDeadline: null } });
    expect(actor.getSnapshot().context.phone).toBe('+9198765');
    typeKeys(actor, '43210');
    expect(actor.getSnapshot().context.phone).toBe(VALID_PHONE);
  });

  it('sends one code for a double tap, then counts 60 s down from a deadline and persists it', async () => {
    const { actor, calls, clock, effects, settle } = start();
    clock.set(1_000);
    fill(actor);
    actor.send({ type: 'code.requested' });
    actor.send({ type: 'code.requested' });
    expect(calls.sendCode()).toEqual([VALID_PHONE]);
    await settle.send();
    const s = actor.getSnapshot();
    expect(s.hasTag('cooldown')).toBe(true);
    expect(s.context.resendDeadline).toBe(1_000 + RESEND_COOLDOWN_MS);
    expect(effects.drafts.at(-1)).toEqual({ phone: VALID_PHONE, agreed: true, resendDeadline: 61_000 });
    actor.send({ type: 'code.requested' });
    expect(calls.sendCode()).toHaveLength(1);
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
    expect(actor.getSnapshot().context.error).toEqual({ server: SEND_FAILURE.message });
    actor.send({ type: 'code.requested' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settle.send(new Error(''));
    expect(actor.getSnapshot().context.error).toEqual(say('sendFailed'));
  });

  it('resumes a cooldown after a reload with the time that was left', () => {
    const { actor, clock } = start({ draft: { phone: VALID_PHONE, agreed: true, resendDeadline: RELOAD_REMAINING_MS } });
    const s = actor.getSnapshot();
    expect(s.hasTag('cooldown')).toBe(true);
    expect(remainingSeconds(s.context.resendDeadline, clock.now())).toBe(42);
    clock.increment(RELOAD_REMAINING_MS - 1);
    expect(actor.getSnapshot().hasTag('cooldown')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().hasTag('cooldown')).toBe(false);
  });

  it('forgets an expired deadline from an old draft', () => {
    const { actor } = start({ draft: { phone: VALID_PHONE, agreed: false, resendDeadline: -5 } });
    expect(actor.getSnapshot().matches({ form: { codeRequest: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.resendDeadline).toBeNull();
  });

  it('logs in once for a double tap, starts the session, then replaces /login with home', async () => {
    const { actor, calls, effects, settle } = start();
    fill(actor);
    expect(actor.getSnapshot().hasTag('canLogin')).toBe(true);
    actor.send({ type: 'login.submitted' });
    actor.send({ type: 'login.submitted' });
    actor.send({ type: 'phone.changed', value: '9000000000' });
    expect(calls.login()).toEqual([{ phone10: VALID_PHONE, code: '1234' }]);
    await settle.login({ token: TOKEN });
    expect(actor.getSnapshot().status).toBe('done');
    expect(effects.signIn).toEqual([{ session: { token: TOKEN, phone: VALID_PHONE } }, { navigate: { to: '/', replace: true } }]);
  });

  it.each([
    [REDIRECT, REDIRECT],
    ['/auth/index?pid=3', '/auth/index?pid=3'],
    ['https://evil.example/x', '/'],
    ['//evil.example', '/'],
    ['/login', '/'],
    [null, '/'],
  ])('after sign-in goes to the checked redirect target (%s → %s)', async (redirect, to) => {
    const { actor, effects, settle } = start({ redirect });
    fill(actor);
    actor.send({ type: 'login.submitted' });
    await settle.login({ token: TOKEN });
    expect(effects.signIn.at(-1)).toEqual({ navigate: { to, replace: true } });
  });

  it("toasts the server's msg when login fails and lets the borrower try again", async () => {
    const { actor, calls, effects, settle } = start();
    fill(actor);
    actor.send({ type: 'login.submitted' });
    await settle.login(LOGIN_FAILURE);
    expect(effects.toasts).toEqual([LOGIN_FAILURE.message]);
    expect(actor.getSnapshot().hasTag('canLogin')).toBe(true);
    actor.send({ type: 'login.submitted' });
    expect(calls.login()).toHaveLength(2);
  });

  it('never persists the code', () => {
    const { actor, effects } = start();
    fill(actor);
    expect(effects.drafts.length).toBeGreaterThan(0);
    for (const d of effects.drafts) expect(Object.keys(d).sort()).toEqual(['agreed', 'phone', 'resendDeadline']);
  });
});
