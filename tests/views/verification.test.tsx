/**
 * The verification hub (/auth/index): the router machine's generated paths replayed on the rendered
 * screen in StrictMode and normal mode (status loads counted, navigations made with replace), the
 * real route component wired to a memory history, and with every step done, each step page going
 * back to the hub, which goes on to the loan confirmation (a finished step is never offered again).
 */
import { StrictMode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it, vi } from 'vitest';
import { verificationMachine } from '../../machines/verification/verification.machine';
import { verificationText } from '../../i18n/en/verification';
import { textFor } from '../../src/ui/text';
import { ALL_DONE, cases, FACE_PENDING, FACE_PENDING_PATH, inputs, serialize } from '../../machines/verification/verification.cases';
import type { VerificationStatus } from '../../contract/verification';
import { VerificationFlow } from '../../src/flows/auth/VerificationRoute';
import { fromCall } from '../../src/lib/abortable';
import type { ActorDoneCase, ActorErrorCase } from '../../machines/shared/cases';
import { fakeCalls } from '../support/fakes';
import { generatePaths } from '../../model-testing/paths';
import { invocations, replayPath } from '../../model-testing/replay';

const api = vi.hoisted(() => ({
  getVerificationStatus: vi.fn(),
  getKycConfig: vi.fn(),
  getLivingCheckConfig: vi.fn(),
  getPageInfo: vi.fn(),
  getWorkPageInfo: vi.fn(),
  getStates: vi.fn(),
}));
vi.mock('../../src/api/verification', async (original) => ({ ...(await original<Record<string, unknown>>()), ...api }));

const paths = generatePaths(verificationMachine, { cases, inputs, serialize });


const mode = [
  ['StrictMode', true],
  ['normal mode', false],
] as const;

describe.each(mode)('verification hub paths (%s)', (_, strict) => {
  it.each(paths.map((p) => [p.title, p] as const))('%s', async (_, path) => {
    const user = userEvent.setup();
    const status = fakeCalls<VerificationStatus>();
    const replace = vi.fn();
    const push = vi.fn();
    const reportUnknownSteps = vi.fn();
    const machine = verificationMachine.provide({
      actors: { loadStatus: status.actor },
      actions: { navigate: (_, { to, replace: r }) => (r ? replace(to) : push(to)), reportUnknownSteps: (_, { keys }) => reportUnknownSteps(keys) },
    });
    const expected: string[] = [];
    const pid = path.input?.pid ?? '';
    const settle = async (c: ActorDoneCase | ActorErrorCase) => {
      await waitFor(() => status.pending());
      await act(async () => ('output' in c ? status.pending().resolve(c.output as VerificationStatus) : status.pending().reject(c.error)));
    };

    await replayPath(path, {
      act: {
        'xstate.init': () => {
          const { hook } = memoryLocation({ path: '/auth/index' });
          const tree = (
            <Router hook={hook}>
              <VerificationFlow pid={pid} machine={machine} />
            </Router>
          );
          render(strict ? <StrictMode>{tree}</StrictMode> : tree);
        },
        'xstate.done.actor.loadStatus': async (e) => {
          await settle(e as ActorDoneCase);
          expected.push((e as ActorDoneCase).output === ALL_DONE ? `/product/${pid}/detail` : FACE_PENDING_PATH);
        },
        'xstate.error.actor.loadStatus': (e) => settle(e as ActorErrorCase),
        'info.dismissed': async () => {
          await user.click(screen.getByRole('button', { name: 'OK' }));
          expected.push(`/product/${pid}`);
        },
      },
      assert: async (s) => {
        if (s.matches('loading')) expect(screen.getByRole('status').textContent).toContain('Checking your verification…');
        if (s.matches('noProduct')) {
          expect(screen.getByText(verificationText.en.noProduct)).toBeTruthy();
          expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
        }
        if (s.matches('failed')) {
          const dialog = await screen.findByRole('dialog', { name: 'Info' });
          expect(dialog.textContent).toContain(s.context.error ? textFor(verificationText, 'en').said(s.context.error) : '');
          expect(screen.queryByRole('status')).toBeNull();
        } else expect(screen.queryByRole('dialog')).toBeNull();
        await waitFor(() => expect(replace.mock.calls.map((c) => c[0])).toEqual(expected));
      },
    });
    // Exactly the loads the path starts (StrictMode's aborted first start set aside), none without a pid.
    expect(status.live().length).toBe(invocations(path.steps, 'loadStatus'));
    if (pid === '') expect(status.live().length).toBe(0);
    expect(push).not.toHaveBeenCalled();
    if (path.steps.some((st) => (st.event as { output?: unknown }).output === FACE_PENDING)) expect(reportUnknownSteps).toHaveBeenCalledWith(['selfie']);
  });
});

/** Like fetch: rejects with an abort error as soon as its signal aborts, else answers after a moment. */
function fetchLike<T>(value: T) {
  const signals: AbortSignal[] = [];
  const fn = (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      signals.push(signal);
      signal.addEventListener('abort', () => reject(new Error('The request was cancelled.')));
      setTimeout(() => resolve(value), 10);
    });
  return { fn, signals };
}

describe('StrictMode remount (development)', () => {
  it("does not report the first, aborted status call: no 'Info' dialog, one navigation", async () => {
    const status = fetchLike(FACE_PENDING);
    const replace = vi.fn();
    render(
      <StrictMode>
        <Router hook={memoryLocation({ path: '/auth/index' }).hook}>
          <VerificationFlow
            pid="7"
            machine={verificationMachine.provide({
              actors: { loadStatus: fromCall((_, signal) => status.fn(signal)) },
              actions: { navigate: (_, { to, replace: r }) => (r ? replace(to) : undefined), reportUnknownSteps: () => {} },
            })}
          />
        </Router>
      </StrictMode>,
    );
    await waitFor(() => expect(replace).toHaveBeenCalledWith(FACE_PENDING_PATH));
    expect(status.signals.filter((s) => s.aborted)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(replace).toHaveBeenCalledTimes(1);
  });
});

describe.each(mode)('the /auth/index route (%s)', (_, strict) => {
  it('replaces the hub with the first pending step, so Back skips it', async () => {
    api.getVerificationStatus.mockReset().mockResolvedValue(FACE_PENDING);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { default: VerificationRoute } = await import('../../src/flows/auth/VerificationRoute');
    const memory = memoryLocation({ path: '/product/7', record: true });
    memory.navigate('/auth/index?pid=7');
    const tree = (
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <VerificationRoute />
      </Router>
    );
    render(strict ? <StrictMode>{tree}</StrictMode> : tree);
    await waitFor(() => expect(memory.history).toEqual(['/product/7', FACE_PENDING_PATH]));
    const live = api.getVerificationStatus.mock.calls.filter(([o]) => !(o as { signal: AbortSignal }).signal.aborted);
    expect(live).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('selfie'));
    warn.mockRestore();
  });

  it('replaces the hub with the loan confirmation when every step is done', async () => {
    api.getVerificationStatus.mockReset().mockResolvedValue(ALL_DONE);
    const { default: VerificationRoute } = await import('../../src/flows/auth/VerificationRoute');
    const memory = memoryLocation({ path: '/auth/index?pid=12', record: true });
    const tree = (
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <VerificationRoute />
      </Router>
    );
    render(strict ? <StrictMode>{tree}</StrictMode> : tree);
    await waitFor(() => expect(memory.history).toEqual(['/product/12/detail']));
  });

  it("shows the server's msg in an 'Info' dialog; OK replaces the hub with the product page", async () => {
    api.getVerificationStatus.mockReset().mockRejectedValue(new Error('System busy, please try again later'));
    const { default: VerificationRoute } = await import('../../src/flows/auth/VerificationRoute');
    const memory = memoryLocation({ path: '/auth/index?pid=12', record: true });
    const tree = (
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <VerificationRoute />
      </Router>
    );
    render(strict ? <StrictMode>{tree}</StrictMode> : tree);
    const dialog = await screen.findByRole('dialog', { name: 'Info' });
    expect(dialog.textContent).toContain('System busy, please try again later');
    // (Focus on OK comes from the native showModal, which jsdom lacks: checked in Chromium.)
    await userEvent.setup().click(screen.getByRole('button', { name: 'OK' }));
    expect(memory.history).toEqual(['/product/12']);
  });
});

describe.each(mode)('every step done: a step page goes back to the hub, which goes on (%s)', (_, strict) => {
  it.each(['kyc', 'identity', 'face', 'basic', 'work'])('/auth/%s?pid=1 replaces itself with /auth/index, then /product/1/detail', async (key) => {
    api.getVerificationStatus.mockReset().mockResolvedValue(ALL_DONE);
    api.getKycConfig.mockReset().mockResolvedValue({ KycPageInfoVo: [{ photoType: '1' }, { photoType: '2' }, { photoType: '3' }] });
    api.getLivingCheckConfig.mockReset().mockResolvedValue({ needsHold: true });
    api.getPageInfo.mockReset().mockResolvedValue([]);
    api.getWorkPageInfo.mockReset().mockResolvedValue({ cannotHidden: [], canHidden: [] });
    api.getStates.mockReset().mockResolvedValue([]);
    const [{ default: VerificationRoute }, { default: KycRoute }, { default: FaceRoute }, { default: BasicRoute }, { default: WorkRoute }] = await Promise.all([
      import('../../src/flows/auth/VerificationRoute'),
      import('../../src/flows/auth/KycRoute'),
      import('../../src/flows/auth/FaceRoute'),
      import('../../src/flows/auth/BasicRoute'),
      import('../../src/flows/auth/WorkRoute'),
    ]);
    const memory = memoryLocation({ path: '/product/1', record: true });
    memory.navigate(`/auth/${key}?pid=1&step=2&as=5`);
    const tree = (
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <Switch>
          <Route path="/auth/index" component={VerificationRoute} />
          <Route path="/auth/kyc" component={KycRoute} />
          <Route path="/auth/identity" component={KycRoute} />
          <Route path="/auth/face" component={FaceRoute} />
          <Route path="/auth/basic" component={BasicRoute} />
          <Route path="/auth/work" component={WorkRoute} />
          <Route path="/product/:pid/detail">Loan confirmation</Route>
        </Switch>
      </Router>
    );
    render(strict ? <StrictMode>{tree}</StrictMode> : tree);
    // Back from the confirmation goes to the product page: neither the step nor the hub stays in history.
    await waitFor(() => expect(memory.history).toEqual(['/product/1', '/product/1/detail']));
    expect(await screen.findByText('Loan confirmation')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'I agree' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });
});
