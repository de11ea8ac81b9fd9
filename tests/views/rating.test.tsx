/**
 * The rating prompt (/rate) and the rating audit page (/orders/audit): both machines' generated paths
 * replayed on the rendered pages in StrictMode and normal mode (bridge calls and order reads counted),
 * the 1 s close on fake timers, Refresh (10 → finish once, others nothing, an error → 'Info', a double
 * tap → one request), the routes wired to the real effects (API and bridge mocked), and the notice
 * when the link carried another sign-in.
 */
import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SimulatedClock } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../contract/orders';
import { rateMachine } from '../../machines/rating/rate.machine';
import * as rateCases from '../../machines/rating/rate.cases';
import { ratingAuditMachine } from '../../machines/rating/rating-audit.machine';
import * as auditCases from '../../machines/rating/rating-audit.cases';
import { NO_SHELL } from '../../machines/rating/rating.fixtures';
import { CLOSE_DELAY_MS } from '../../machines/rating/rating.rules';
import { ratingText } from '../../i18n/en/rating';
import { textFor } from '../../src/ui/text';
import type { ActorDoneCase, ActorErrorCase } from '../../machines/shared/cases';
import { RateFlow } from '../../src/flows/rating/RateRoute';
import { RatingAuditFlow } from '../../src/flows/rating/RatingAuditRoute';
import { rateEffects, ratingAuditEffects, type RatingBridge } from '../../src/flows/rating/rating.effects';
import { session } from '../../src/lib/session';
import { linkToken, takeUrlToken } from '../../src/lib/url-token';
import { fakeCalls } from '../support/fakes';
import { generatePaths } from '../../model-testing/paths';
import { invocations, replayPath } from '../../model-testing/replay';

const api = vi.hoisted(() => ({ getOrder: vi.fn() }));
vi.mock('../../src/api/orders', async (original) => ({ ...(await original<Record<string, unknown>>()), ...api }));

const ratePaths = generatePaths(rateMachine, { cases: rateCases.cases, serialize: rateCases.serialize });
const auditPaths = generatePaths(ratingAuditMachine, { cases: auditCases.cases, inputs: auditCases.inputs, serialize: auditCases.serialize });

const mode = [
  ['StrictMode', true],
  ['normal mode', false],
] as const;

const wrap = (strict: boolean, tree: React.ReactElement) => render(strict ? <StrictMode>{tree}</StrictMode> : tree);
const button = (name: string) => screen.queryByRole('button', { name });
/** What the machines said, in English (the spec's texts). */
const english = textFor(ratingText, 'en');

afterEach(() => {
  vi.useRealTimers();
  linkToken.decline();
});

describe.each(mode)('rating prompt paths (%s)', (_, strict) => {
  it.each(ratePaths.map((p) => [p.title, p] as const))('%s', async (_, path) => {
    const clock = new SimulatedClock();
    const open = fakeCalls<void>();
    const close = fakeCalls<void>();
    const machine = rateMachine.provide({ actors: { openStoreReview: open.actor, closeWebview: close.actor } });
    const settle = async (calls: ReturnType<typeof fakeCalls<void>>, c: ActorDoneCase | ActorErrorCase) => {
      await waitFor(() => calls.pending());
      await act(async () => ('output' in c ? calls.pending().resolve(undefined) : calls.pending().reject(c.error)));
    };
    await replayPath(path, {
      act: {
        'xstate.init': () => void wrap(strict, <RateFlow machine={machine} clock={clock} />),
        'evaluate.tapped': () => void fireEvent.click(button(ratingText.en.evaluateUs)!),
        'cancel.tapped': () => void fireEvent.click(button(ratingText.en.cancel)!),
        'xstate.done.actor.openStoreReview': (e) => settle(open, e as ActorDoneCase),
        'xstate.error.actor.openStoreReview': (e) => settle(open, e as ActorErrorCase),
        'xstate.done.actor.closeWebview': (e) => settle(close, e as ActorDoneCase),
        'xstate.error.actor.closeWebview': (e) => settle(close, e as ActorErrorCase),
        [`xstate.after.closeDelay.rate.waiting`]: () => act(() => clock.increment(CLOSE_DELAY_MS)),
      },
      assert: async (s) => {
        await waitFor(() => {
          if (s.hasTag('outside')) {
            expect(screen.getByRole('status').textContent).toBe(english(s.context.notice!));
            expect(button(ratingText.en.evaluateUs)).toBeNull();
            return;
          }
          const evaluate = button(ratingText.en.evaluateUs)!;
          expect((evaluate as HTMLButtonElement).disabled).toBe(!s.hasTag('idle'));
          expect((button(ratingText.en.cancel) as HTMLButtonElement).disabled).toBe(!s.hasTag('idle'));
          expect(screen.getByRole('status').textContent).toBe(s.hasTag('closing') || s.hasTag('closed') ? ratingText.en.closing : '');
          if (s.hasTag('idle') && s.context.notice) expect(screen.getByRole('alert').textContent).toBe(english(s.context.notice));
          else expect(screen.queryByRole('alert')).toBeNull();
        });
      },
    });
    expect(open.live().length).toBe(invocations(path.steps, 'openStoreReview'));
    expect(close.live().length).toBe(invocations(path.steps, 'closeWebview'));
  });
});

describe.each(mode)('rating audit paths (%s)', (_, strict) => {
  it.each(auditPaths.map((p) => [p.title, p] as const))('%s', async (_, path) => {
    const fakes = { loadOrder: fakeCalls<Order, { orderId: string }>(), finish: fakeCalls<void>(), openStoreReview: fakeCalls<void>() };
    const machine = ratingAuditMachine.provide({
      actors: { loadOrder: fakes.loadOrder.actor, finish: fakes.finish.actor, openStoreReview: fakes.openStoreReview.actor },
    });
    const settle = (id: keyof typeof fakes) => async (e: ActorDoneCase | ActorErrorCase) => {
      const calls = fakes[id] as ReturnType<typeof fakeCalls<unknown>>;
      await waitFor(() => calls.pending());
      await act(async () => ('output' in e ? calls.pending().resolve(e.output) : calls.pending().reject(e.error)));
    };
    await replayPath(path, {
      act: {
        'xstate.init': () => void wrap(strict, <RatingAuditFlow machine={machine} orderId={path.input?.orderId ?? null} />),
        'refresh.tapped': () => void fireEvent.click(button(ratingText.en.refresh)!),
        'evaluate.tapped': () => void fireEvent.click(button(ratingText.en.toEvaluate)!),
        'info.dismissed': () => void fireEvent.click(within(screen.getByRole('dialog', { name: 'Info' })).getByRole('button', { name: 'OK' })),
        'xstate.done.actor.loadOrder': settle('loadOrder'),
        'xstate.error.actor.loadOrder': settle('loadOrder'),
        'xstate.done.actor.finish': settle('finish'),
        'xstate.error.actor.finish': settle('finish'),
        'xstate.done.actor.openStoreReview': settle('openStoreReview'),
        'xstate.error.actor.openStoreReview': settle('openStoreReview'),
      },
      assert: async (s) => {
        await waitFor(() => {
          expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('In Auditing...');
          expect(screen.getByText(ratingText.en.fiveStars)).toBeTruthy();
          expect(screen.getByText(ratingText.en.growth)).toBeTruthy();
          const refresh = button(ratingText.en.refresh) as HTMLButtonElement | null;
          if (s.hasTag('noOrder')) {
            expect(refresh).toBeNull();
            expect(screen.getByText(ratingText.en.noOrder)).toBeTruthy();
          } else {
            expect(refresh!.disabled).toBe(s.hasTag('refreshing') || s.hasTag('finished'));
            expect(screen.getByRole('status').textContent).toBe(s.context.status ? english(s.context.status) : '');
          }
          if (s.hasTag('info')) expect(screen.getByRole('dialog', { name: 'Info' }).textContent).toContain(s.context.error ? english.said(s.context.error) : '');
          else expect(screen.queryByRole('dialog')).toBeNull();
          expect((button(ratingText.en.toEvaluate) as HTMLButtonElement).disabled).toBe(s.hasTag('opening'));
          if (s.context.reviewNotice) expect(screen.getByText(english(s.context.reviewNotice))).toBeTruthy();
        });
      },
    });
    expect(fakes.loadOrder.live().length).toBe(invocations(path.steps, 'loadOrder'));
    expect(fakes.loadOrder.live().every((c) => c.input.orderId === auditCases.ORDER_ID)).toBe(true);
    expect(fakes.finish.live().length).toBe(invocations(path.steps, 'finish'));
    expect(fakes.openStoreReview.live().length).toBe(invocations(path.steps, 'openStoreReview'));
  });
});

/** A fake shell: every call recorded, answered at once (or failing with `failWith`). */
function fakeBridge(failWith?: unknown) {
  const calls: string[] = [];
  const answer = (name: string) => () => (calls.push(name), failWith ? Promise.reject(failWith) : Promise.resolve());
  const bridge: RatingBridge = { openStoreReview: vi.fn(answer('openStoreReview')), closeWebview: vi.fn(answer('closeWebview')), finish: vi.fn(answer('finish')) };
  return { bridge, calls };
}

describe.each(mode)('/rate timings on fake timers (%s)', (_, strict) => {
  it('Evaluate Us: the store page at once, the webview closed 1 s later, once', async () => {
    vi.useFakeTimers();
    const { bridge, calls } = fakeBridge();
    wrap(strict, <RateFlow machine={rateMachine.provide(rateEffects(bridge))} />);
    fireEvent.click(button('Evaluate Us')!);
    fireEvent.click(button('Evaluate Us')!);
    await act(() => vi.advanceTimersByTimeAsync(CLOSE_DELAY_MS - 1));
    expect(calls).toEqual(['openStoreReview']);
    expect(screen.getByRole('status').textContent).toBe(ratingText.en.closing);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls).toEqual(['openStoreReview', 'closeWebview']);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(calls).toEqual(['openStoreReview', 'closeWebview']);
  });

  it('Cancel: closed 1 s later, no store page', async () => {
    vi.useFakeTimers();
    const { bridge, calls } = fakeBridge();
    wrap(strict, <RateFlow machine={rateMachine.provide(rateEffects(bridge))} />);
    fireEvent.click(button('Cancel')!);
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(calls).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls).toEqual(['closeWebview']);
  });

  it("outside the shell: says 'Please rate us in the app store.', nothing closes, nothing broken", async () => {
    vi.useFakeTimers();
    const { bridge, calls } = fakeBridge(NO_SHELL);
    wrap(strict, <RateFlow machine={rateMachine.provide(rateEffects(bridge))} />);
    fireEvent.click(button('Evaluate Us')!);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByRole('status').textContent).toBe('Please rate us in the app store.');
    expect(calls).toEqual(['openStoreReview']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Rate us');
  });
});

describe.each(mode)('/orders/audit route, real effects (%s)', (_, strict) => {
  async function openAudit(search: string, bridge: RatingBridge) {
    vi.doMock('../../src/lib/native-bridge', async (original) => ({ ...(await original<Record<string, unknown>>()), bridge }));
    vi.resetModules();
    const { default: RatingAuditRoute } = await import('../../src/flows/rating/RatingAuditRoute');
    const memory = memoryLocation({ path: `/orders/audit${search}` });
    wrap(
      strict,
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <RatingAuditRoute />
      </Router>,
    );
  }
  afterEach(() => vi.doUnmock('../../src/lib/native-bridge'));

  it('Refresh reads the order of the address; 10 → the shell finishes, once', async () => {
    api.getOrder.mockReset().mockResolvedValue(auditCases.order(10));
    const { bridge, calls } = fakeBridge();
    await openAudit('?orderId=77', bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls).toEqual(['finish']));
    expect(api.getOrder).toHaveBeenCalledTimes(1);
    expect(api.getOrder.mock.calls[0]![0]).toBe('77');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(ratingText.en.finished));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(api.getOrder).toHaveBeenCalledTimes(1);
    expect(calls).toEqual(['finish']);
  });

  it.each([1, 2, 4, 6, 8, 11])('state %i: nothing happens but a quiet status line', async (state) => {
    api.getOrder.mockReset().mockResolvedValue(auditCases.order(state));
    const { bridge, calls } = fakeBridge();
    await openAudit('?orderId=77', bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Still in review.'));
    expect(calls).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("an error: the server's msg in the 'Info' dialog; OK closes it", async () => {
    api.getOrder.mockReset().mockRejectedValue(new Error('Order does not exist'));
    const { bridge } = fakeBridge();
    await openAudit('?orderId=77', bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    const dialog = await screen.findByRole('dialog', { name: 'Info' });
    expect(dialog.textContent).toContain('Order does not exist');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a double tap on Refresh sends one request', async () => {
    let answer!: (o: Order) => void;
    api.getOrder.mockReset().mockImplementation(() => new Promise<Order>((r) => (answer = r)));
    const { bridge } = fakeBridge();
    await openAudit('?orderId=77', bridge);
    const refresh = await screen.findByRole('button', { name: 'Refresh' });
    fireEvent.click(refresh);
    fireEvent.click(refresh);
    fireEvent.click(refresh);
    await waitFor(() => expect((refresh as HTMLButtonElement).disabled).toBe(true));
    expect(api.getOrder).toHaveBeenCalledTimes(1);
    await act(async () => answer(auditCases.order(1)));
    await waitFor(() => expect((refresh as HTMLButtonElement).disabled).toBe(false));
    expect(api.getOrder).toHaveBeenCalledTimes(1);
  });

  it('without an orderId: a clear message, no Refresh; To Evaluate still opens the store page', async () => {
    const { bridge, calls } = fakeBridge();
    await openAudit('', bridge);
    expect(await screen.findByText(ratingText.en.noOrder)).toBeTruthy();
    expect(button('Refresh')).toBeNull();
    fireEvent.click(button('To Evaluate')!);
    await waitFor(() => expect(calls).toEqual(['openStoreReview']));
  });

  it("To Evaluate outside the shell: 'Please rate us in the app store.'", async () => {
    const { bridge } = fakeBridge(NO_SHELL);
    await openAudit('?orderId=77', bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'To Evaluate' }));
    expect(await screen.findByText('Please rate us in the app store.')).toBeTruthy();
  });
});

describe('a link carrying another sign-in', () => {
  const LINK = 'c'.repeat(64);
  const OWN = 'd'.repeat(64);
  function openWithOther() {
    session.signIn({ token: OWN, phone: '919000000001' });
    window.history.replaceState(null, '', `/rate?token=${LINK}`);
    expect(takeUrlToken(['/rate'])).toEqual({ kind: 'held' });
    window.history.replaceState(null, '', '/');
    const { bridge } = fakeBridge();
    render(<RateFlow machine={rateMachine.provide(rateEffects(bridge))} />);
    return screen.getByRole('region', { name: ratingText.en.linkTitle });
  }

  it('says so with the signed-in phone; the page works as that borrower meanwhile', () => {
    const region = openWithOther();
    expect(region.textContent).toContain('You are signed in as +91 90000 00001');
    expect(region.textContent).toContain('Nothing was switched.');
    expect(session.token()).toBe(OWN);
    expect(button('Evaluate Us')).toBeTruthy();
  });

  it('Stay keeps the borrower and forgets the link', () => {
    const region = openWithOther();
    fireEvent.click(within(region).getByRole('button', { name: 'Stay as +91 90000 00001' }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(session.token()).toBe(OWN);
  });

  it("Use the link's account switches to it (app mode)", () => {
    const region = openWithOther();
    fireEvent.click(within(region).getByRole('button', { name: "Use the link's account" }));
    expect(screen.queryByRole('region')).toBeNull();
    expect([session.token(), session.appMode()]).toEqual([LINK, true]);
  });
});

describe('effects', () => {
  it('pass the bridge and the order call through', async () => {
    api.getOrder.mockReset().mockResolvedValue(auditCases.order(1));
    const { bridge } = fakeBridge();
    expect(Object.keys(rateEffects(bridge).actors ?? {}).sort()).toEqual(['closeWebview', 'openStoreReview']);
    expect(Object.keys(ratingAuditEffects(bridge).actors ?? {}).sort()).toEqual(['finish', 'loadOrder', 'openStoreReview']);
  });
});
