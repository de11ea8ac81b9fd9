/**
 * The sign-in screen, focused tests (the generated paths are replayed in login.paths.test.tsx):
 * typing and pasting, the messages, double taps, the countdown after a reload, the agreement
 * dialog, the toast, and where the borrower goes after signing in.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SimulatedClock } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { loginMachine } from '../../machines/login/login.machine';
import { CODE, LOGIN_FAILURE, TOKEN, VALID_PHONE } from '../../machines/login/login.cases';
import { loginEffects } from '../../src/flows/login/login.effects';
import LoginRoute, { LoginFlow } from '../../src/flows/login/LoginRoute';
import { session } from '../../src/lib/session';
import { ToastHost } from '../../src/ui/ToastHost';
import { deferred } from '../support/fakes';
import { harness, MemoryStorage, settle, ui, type LoginHarness } from '../support/login-harness';
import { tapAndExpectBusy } from '../support/busy';
import { firstTap } from '../../src/lib/first-tap';

// The real effects call src/api/auth: fake it here (the harness provides its own fakes).
const api = vi.hoisted(() => ({ sendCode: vi.fn(), login: vi.fn() }));
vi.mock('../../src/api/auth', () => api);

/** Fill the form the way a borrower does: type, tick. */
async function fill(h: LoginHarness, phone = VALID_PHONE, code = CODE) {
  await h.user.type(ui.phone(), phone);
  await h.user.type(ui.code(), code);
  await h.user.click(ui.agreement());
}

describe.each([
  ['StrictMode', true],
  ['normal mode', false],
])('login screen (%s)', (_mode, strict) => {
  it('keeps digits only: typed letters and dashes, a pasted +91 number, at most 4 code digits', async () => {
    const h = harness({ strict });
    await h.user.type(ui.phone(), 'a98765-432');
    expect(ui.phone().value).toBe('98765432');
    await h.user.clear(ui.phone());
    await h.user.paste('+91 98765-43210');
    expect(ui.phone().value).toBe('9876543210');
    await h.user.type(ui.phone(), '7');
    expect(ui.phone().value).toBe('9876543210');
    await h.user.type(ui.code(), '1a2b34');
    expect(ui.code().value).toBe('1234');
    expect(screen.getByText('+91')).toBeTruthy();
    expect(ui.phone().getAttribute('inputmode')).toBe('numeric');
    expect(ui.phone().getAttribute('autocomplete')).toBe('tel-national');
    expect(ui.code().getAttribute('autocomplete')).toBe('one-time-code');
    expect(ui.code().getAttribute('maxlength')).toBe('4');
  });

  it.each(['+919876543210', '919876543210', '09876543210', '98765 43210'])('typed key by key, %s ends as the right 10 digits and the code goes there', async (keys) => {
    const h = harness({ strict });
    const shown: string[] = [];
    for (const key of keys) {
      await h.user.type(ui.phone(), key);
      shown.push(ui.phone().value);
    }
    // What was typed shows until the number is whole, never a valid-looking wrong number in between.
    expect(shown.at(-2)).toBe(keys.replace(/ /g, '').slice(0, -1));
    expect(ui.phone().value).toBe(VALID_PHONE);
    expect(screen.getByText('+91')).toBeTruthy();
    await h.user.type(ui.code(), CODE);
    await h.user.click(ui.agreement());
    await h.user.click(ui.sendCode());
    expect(h.calls.sendCode).toEqual([VALID_PHONE]);
    await settle(h.fakes.sendCode, { value: undefined });
    await h.user.click(ui.login());
    expect(h.calls.login).toEqual([{ phone10: VALID_PHONE, code: CODE }]);
  });

  it("shows the borrower's own +91 instead of the fixed one while it is typed; Log in waits for the whole number", async () => {
    const h = harness({ strict });
    await h.user.type(ui.code(), CODE);
    await h.user.click(ui.agreement());
    await h.user.type(ui.phone(), '+9198765432');
    expect(ui.phone().value).toBe('+9198765432');
    expect(screen.queryByText('+91')).toBeNull();
    expect(ui.login()).toHaveProperty('disabled', true);
    await h.user.click(ui.sendCode());
    expect(ui.error().textContent).toBe('Please enter a valid 10-digit mobile number.');
    expect(h.calls.sendCode).toEqual([]);
    await h.user.type(ui.phone(), '10');
    expect(ui.phone().value).toBe(VALID_PHONE);
    expect(screen.getByText('+91')).toBeTruthy();
    expect(ui.login()).toHaveProperty('disabled', false);
  });

  it('deletes and pastes in the middle like any text; the draft keeps what is typed', async () => {
    const h = harness({ strict });
    await h.user.type(ui.phone(), '+91987654321');
    await h.user.type(ui.phone(), '{Backspace}{Backspace}');
    expect(ui.phone().value).toBe('+919876543');
    expect(h.draft.read()?.phone).toBe('+919876543');
    // A prefix pasted before typed digits.
    await h.user.clear(ui.phone());
    await h.user.type(ui.phone(), '98765');
    ui.phone().setSelectionRange(0, 0);
    await h.user.paste('+91 ');
    expect(ui.phone().value).toBe('+9198765');
    await h.user.type(ui.phone(), '43210', { initialSelectionStart: 8, initialSelectionEnd: 8 });
    expect(ui.phone().value).toBe(VALID_PHONE);
  });

  it('asks for the tick before sending a code, then for a valid number', async () => {
    const h = harness({ strict });
    await h.user.type(ui.phone(), '98765');
    await h.user.click(ui.sendCode());
    expect(ui.error().textContent).toBe('Please agree with Loan Guarantee Argreement.');
    await h.user.click(ui.agreement());
    expect(ui.error().textContent).toBe('');
    await h.user.click(ui.sendCode());
    expect(ui.error().textContent).toBe('Please enter a valid 10-digit mobile number.');
    expect(h.calls.sendCode).toEqual([]);
  });

  it('Send code and Log in show they are working in the render of the tap', async () => {
    const h = harness({ strict });
    await fill(h);
    tapAndExpectBusy(ui.sendCode() as HTMLButtonElement);
    expect(h.calls.sendCode).toEqual([VALID_PHONE]);
    await settle(h.fakes.sendCode, { value: undefined });
    tapAndExpectBusy(ui.login() as HTMLButtonElement);
    expect(h.calls.login).toEqual([{ phone10: VALID_PHONE, code: CODE }]);
  });

  it('a Send code tapped on the prerendered screen is busy from the first render, then sent once with what was typed', async () => {
    // The boot script noted the tap on #root (scripts/prerender.ts); the app has not taken over yet.
    const root = document.createElement('div');
    root.id = 'root';
    root.dataset.pendingTapName = 'sendCode';
    document.body.append(root);
    try {
      const h = harness({ strict, input: { draft: { phone: VALID_PHONE, agreed: true, resendDeadline: null } } });
      const send = h.el.sendCode;
      expect(send.getAttribute('aria-busy')).toBe('true');
      expect(send.disabled).toBe(true);
      expect(h.calls.sendCode).toEqual([]);
      // The takeover (src/app/first-paint.ts): the view acts on the tap; the machine's own busy follows.
      act(() => {
        root.dataset.takenOver = '1';
        expect(firstTap.replay('sendCode')).toBe(true);
      });
      expect(h.calls.sendCode).toEqual([VALID_PHONE]);
      expect(send.getAttribute('aria-busy')).toBe('true');
      await settle(h.fakes.sendCode, { value: undefined });
      expect(send.getAttribute('aria-busy')).toBeNull();
      expect(send.textContent).toBe('Resend in 60s');
    } finally {
      root.remove();
    }
  });

  it('a tap on the static screen the machine refuses (no tick) shows the reason, not a spinner', async () => {
    const root = document.createElement('div');
    root.id = 'root';
    root.dataset.pendingTapName = 'sendCode';
    document.body.append(root);
    try {
      const h = harness({ strict, input: { draft: { phone: VALID_PHONE, agreed: false, resendDeadline: null } } });
      act(() => {
        root.dataset.takenOver = '1';
        firstTap.replay('sendCode');
      });
      await waitFor(() => expect(h.el.sendCode.getAttribute('aria-busy')).toBeNull());
      expect(ui.error().textContent).toBe('Please agree with Loan Guarantee Argreement.');
      expect(h.calls.sendCode).toEqual([]);
    } finally {
      root.remove();
    }
  });

  it('sends one code and logs in once for double taps', async () => {
    const h = harness({ strict });
    await fill(h);
    await h.user.dblClick(ui.sendCode());
    expect(h.calls.sendCode).toEqual([VALID_PHONE]);
    await h.user.dblClick(ui.login());
    await h.user.keyboard('{Enter}');
    expect(h.calls.login).toEqual([{ phone10: VALID_PHONE, code: CODE }]);
    await settle(h.fakes.login, { value: { token: TOKEN } });
    expect(h.effects.sessions).toEqual([{ token: TOKEN, phone: VALID_PHONE }]);
    expect(h.effects.navigations).toEqual([{ to: '/', replace: true }]);
    expect(h.calls.sendCode).toHaveLength(1);
  });

  it('resumes the countdown after a reload, from the stored deadline', async () => {
    const storage = new MemoryStorage();
    const clock = new SimulatedClock();
    clock.set(1_000_000);
    const first = harness({ strict, storage, clock });
    await fill(first);
    await first.user.click(ui.sendCode());
    await settle(first.fakes.sendCode, { value: undefined });
    expect(ui.sendCode().textContent).toBe('Resend in 60s');
    expect(screen.getByTestId('cooldown-announcement').textContent).toBe('You can request a new code in 60 seconds.');
    first.view.unmount();

    clock.increment(18_000); // the reload took 18 s
    const second = harness({ strict, storage, clock });
    expect(ui.phone().value).toBe(VALID_PHONE);
    expect(ui.agreement().checked).toBe(true);
    expect(ui.code().value).toBe('');
    expect(ui.sendCode().textContent).toBe('Resend in 42s');
    expect(ui.sendCode()).toHaveProperty('disabled', true);
    expect(screen.getByTestId('cooldown-announcement').textContent).toBe('You can request a new code in 42 seconds.');

    act(() => clock.increment(41_999));
    expect(ui.sendCode()).toHaveProperty('disabled', true);
    act(() => clock.increment(1));
    expect(ui.sendCode().textContent).toBe('Send code');
    expect(ui.sendCode()).toHaveProperty('disabled', false);
    expect(screen.getByTestId('cooldown-announcement').textContent).toBe('You can request a new code now.');
    await second.user.click(ui.sendCode());
    expect(second.calls.sendCode).toEqual([VALID_PHONE]);
  });

  it("shows the server's msg when the code is not sent, and toasts a failed login", async () => {
    const h = harness({ strict });
    await fill(h);
    await h.user.click(ui.sendCode());
    await settle(h.fakes.sendCode, { error: new Error('SMS limit reached') });
    expect(ui.error().textContent).toBe('SMS limit reached');
    await h.user.click(ui.login());
    await settle(h.fakes.login, { error: LOGIN_FAILURE });
    expect(h.effects.toasts).toEqual([LOGIN_FAILURE.message]);
    expect(ui.login()).toHaveProperty('disabled', false);
  });

  it('opens the agreement without ticking the box', async () => {
    const h = harness({ strict });
    await h.user.click(screen.getByRole('button', { name: 'Loan Guarantee Agreement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Loan Guarantee Agreement' });
    await within(dialog).findByText(/18% GST on the processing fee/);
    expect(ui.agreement().checked).toBe(false);
    await h.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(ui.agreement().checked).toBe(false);
  });
});

describe('login screen: the app toast', () => {
  it("shows a failed login's msg in the toast host", async () => {
    const clock = new SimulatedClock();
    const d = deferred<{ token: string }>();
    api.login.mockReset().mockReturnValue(d.promise);
    render(
      <>
        <LoginFlow machine={loginMachine.provide(loginEffects(() => {}))} draft={null} redirect={null} now={() => clock.now()} clock={clock} />
        <ToastHost />
      </>,
    );
    const user = userEvent.setup({ delay: null });
    await user.type(ui.phone(), VALID_PHONE);
    await user.type(ui.code(), CODE);
    await user.click(ui.agreement());
    await user.click(ui.login());
    await act(async () => {
      d.reject(LOGIN_FAILURE);
      await d.promise.catch(() => {});
    });
    expect(screen.getByRole('status').textContent).toBe(LOGIN_FAILURE.message);
  });
});

describe('login route: where the borrower goes after signing in', () => {
  async function signInVia(search: string) {
    const location = memoryLocation({ path: `/login${search}`, record: true });
    api.sendCode.mockReset().mockResolvedValue(undefined);
    api.login.mockReset().mockResolvedValue({ token: TOKEN });
    render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <LoginRoute />
      </Router>,
    );
    const user = userEvent.setup({ delay: null });
    await user.type(ui.phone(), VALID_PHONE);
    await user.type(ui.code(), CODE);
    await user.click(ui.agreement());
    await user.click(ui.login());
    await waitFor(() => expect(location.history).toHaveLength(1));
    await waitFor(() => expect(location.history[0]).not.toMatch(/^\/login/));
    return location.history;
  }

  it('goes to a path of the app given in ?redirect=, replacing /login, and stores the session', async () => {
    expect(await signInVia('?redirect=%2Fproduct%2F3')).toEqual(['/product/3']);
    expect(session.token()).toBe(TOKEN);
    expect(session.phone()).toBe(VALID_PHONE);
  });

  it('goes home for a redirect that is not a path of the app', async () => {
    expect(await signInVia('?redirect=https%3A%2F%2Fevil.com')).toEqual(['/']);
  });

  it('goes home without a redirect', async () => {
    expect(await signInVia('')).toEqual(['/']);
  });

  it("restores the device's draft from 'bw.draft.login' and keeps it there, never the code", async () => {
    localStorage.setItem('bw.draft.login', JSON.stringify({ phone: VALID_PHONE, agreed: true, resendDeadline: null }));
    const location = memoryLocation({ path: '/login' });
    render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <LoginRoute />
      </Router>,
    );
    expect(ui.phone().value).toBe(VALID_PHONE);
    expect(ui.agreement().checked).toBe(true);
    const user = userEvent.setup({ delay: null });
    await user.type(ui.code(), CODE);
    await user.click(ui.agreement());
    expect(JSON.parse(localStorage.getItem('bw.draft.login')!)).toEqual({ phone: VALID_PHONE, agreed: false, resendDeadline: null });
  });
});
