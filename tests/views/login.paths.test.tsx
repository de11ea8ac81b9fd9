/**
 * The sign-in screen driven by the paths generated from its machine (machines/login/login.cases.ts),
 * replayed on the rendered LoginFlow in React StrictMode and in normal mode: fake calls backed by
 * deferred promises settle when the path says so, and a simulated clock ends the cooldown. After
 * every step the test checks what the borrower sees, and that the screen made exactly the requests
 * the path made (StrictMode must not send twice).
 */
import { loginText } from '../../i18n/en/login';
import { textFor } from '../../src/ui/text';
import { act } from '@testing-library/react';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { loginMachine } from '../../machines/login/login.machine';
import { RESEND_COOLDOWN_MS } from '../../machines/login/login.rules';
import { cases, inputs, LOGIN_FAILURE, REDIRECT, serialize, TOKEN } from '../../machines/login/login.cases';
import { remainingSeconds } from '../../machines/shared/countdown';
import type { ModelPath } from '../../model-testing/edges';
import { harness, settle, type LoginHarness } from '../support/login-harness';
import { generatePaths } from '../../model-testing/paths';
import { invocations, replayPath } from '../../model-testing/replay';

/** What the machine said, in English (the spec's texts). */
const english = textFor(loginText, 'en');

type Path = ModelPath<typeof loginMachine>;
type Snapshot = SnapshotFrom<typeof loginMachine>;

const paths = generatePaths(loginMachine, { cases, inputs, serialize });

describe.each([
  ['StrictMode', true],
  ['normal mode', false],
])('login screen replays the generated paths (%s)', (_mode, strict) => {
  it.each(paths.map((p) => [p.title, p] as const))('%s', async (_title, path: Path) => {
    let h!: LoginHarness;
    await replayPath(path, {
      act: {
        'xstate.init': () => {
          h = harness({ strict, input: path.input ?? {} });
        },
        'phone.changed': async (e) => {
          await h.user.clear(h.el.phone);
          if (e.value) await h.user.paste(e.value);
        },
        'code.changed': async (e) => {
          await h.user.clear(h.el.code);
          if (e.value) await h.user.paste(e.value);
        },
        'agreement.toggled': () => h.user.click(h.el.agreement),
        'code.requested': () => h.user.click(h.el.sendCode),
        'login.submitted': () => h.user.click(h.el.login),
        'xstate.done.actor.sendCode': () => settle(h.fakes.sendCode, { value: undefined }),
        'xstate.error.actor.sendCode': (e) => settle(h.fakes.sendCode, { error: e.error }),
        'xstate.done.actor.login': (e) => settle(h.fakes.login, { value: e.output as { token: string } }),
        'xstate.error.actor.login': (e) => settle(h.fakes.login, { error: e.error }),
        'xstate.after.resendCooldown.login.form.codeRequest.cooldown': () => act(() => h.clock.increment(RESEND_COOLDOWN_MS)),
      },
      assert: (s: Snapshot, _step, index) => {
        const c = s.context;
        // Exactly the requests the path made: a double render or effect must not send again.
        const sofar = path.steps.slice(0, index + 1);
        expect(h.calls.sendCode).toHaveLength(invocations(sofar, 'sendCode'));
        expect(h.calls.login).toHaveLength(invocations(sofar, 'login'));
        expect(h.effects.toasts).toEqual(sofar.filter((st) => st.event.type === 'xstate.error.actor.login').map(() => LOGIN_FAILURE.message));
        if (s.status === 'done') {
          // The session is stored and /login replaced by the checked ?redirect= (home without one).
          expect(h.effects.sessions).toEqual([{ token: TOKEN, phone: c.phone }]);
          expect(h.effects.navigations).toEqual([{ to: path.inputName === 'firstVisit' ? REDIRECT : '/', replace: true }]);
          return;
        }
        expect(h.effects.sessions).toEqual([]);
        expect(h.effects.navigations).toEqual([]);
        expect(h.el.phone.value).toBe(c.phone);
        expect(h.el.code.value).toBe(c.code);
        expect(h.el.agreement.checked).toBe(c.agreed);
        expect(h.el.error.textContent).toBe(c.error ? english.said(c.error) : '');
        const send = h.el.sendCode;
        if (s.hasTag('cooldown')) {
          expect(send.textContent).toBe(`Resend in ${remainingSeconds(c.resendDeadline, c.now())}s`);
          expect(send).toHaveProperty('disabled', true);
        } else {
          expect(send.textContent).toBe('Send code');
          expect(send).toHaveProperty('disabled', s.hasTag('sending'));
          expect(send.getAttribute('aria-busy')).toBe(s.hasTag('sending') ? 'true' : null);
        }
        const login = h.el.login;
        expect(login).toHaveProperty('disabled', !s.hasTag('canLogin'));
        expect(login.getAttribute('aria-busy')).toBe(s.hasTag('loggingIn') ? 'true' : null);
        expect(h.el.phone.readOnly).toBe(s.hasTag('loggingIn'));
        // The draft keeps phone and tick, never the code.
        const stored = h.storage.getItem('bw.draft.login');
        if (stored) {
          expect(h.draft.read()).toMatchObject({ phone: c.phone, agreed: c.agreed });
          expect(stored).not.toContain('"code"');
        }
      },
    });
  });
});
