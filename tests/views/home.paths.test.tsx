/**
 * The home machine's generated paths replayed against the rendered home screen, in StrictMode and
 * normal mode: after every step, what the borrower sees matches the state, and the screen made
 * exactly the requests and navigations the path calls for.
 */
import { StrictMode } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it, vi } from 'vitest';
import type { HomeResponse } from '../../contract/home';
import type { OrderListItem } from '../../contract/orders';
import { homeMachine } from '../../machines/home/home.machine';
import { cases, inputs, OPEN_ORDERS, serialize } from '../../machines/home/home.cases';
import type { ActorDoneCase, ActorErrorCase } from '../../machines/shared/cases';
import { HomeFlow } from '../../src/flows/home/HomeRoute';
import { homeText } from '../../i18n/en/home';
import { textFor } from '../../src/ui/text';
import { showToast } from '../../src/ui/toast';
import { ToastHost } from '../../src/ui/ToastHost';
import { fakeCalls, type Deferred } from '../support/fakes';
import { generatePaths } from '../../model-testing/paths';
import { invocations, replayPath } from '../../model-testing/replay';

const paths = generatePaths(homeMachine, { cases, inputs, serialize });
/** What the machine said, in English (the spec's texts). */
const english = textFor(homeText, 'en');
const LINK_BROKEN = 'This product is not available right now.';

describe.each([
  ['StrictMode', true],
  ['normal mode', false],
])('home paths (%s)', (_, strict) => {
  it.each(paths.map((p) => [p.title, p] as const))('%s', async (_, path) => {
    const user = userEvent.setup();
    const home = fakeCalls<HomeResponse>();
    const orders = fakeCalls<OrderListItem[]>();
    const navigate = vi.fn();
    const openExternal = vi.fn();
    const machine = homeMachine.provide({
      actors: { loadHome: home.actor, loadOrders: orders.actor },
      actions: {
        // Home stays in history: every navigation is a push.
        navigate: (_, { to, replace }) => navigate(to, { replace }),
        openExternal: (_, { url }) => openExternal(url),
        showToast: (_, { message }) => showToast(english.said(message)),
      },
    });
    let expectedEffects = 0;
    const settle = async (c: ActorDoneCase | ActorErrorCase, calls: { pending: () => Deferred<never> }) => {
      await waitFor(() => calls.pending());
      await act(async () => ('output' in c ? calls.pending().resolve(c.output as never) : calls.pending().reject(c.error)));
    };
    const applyButton = (productId: string) =>
      screen.queryByRole('button', { name: `Apply for Product ${productId}` }) ?? screen.getByRole('button', { name: 'Apply now' });

    await replayPath(path, {
      act: {
        'xstate.init': () => {
          const { hook } = memoryLocation({ path: '/' });
          const tree = (
            <Router hook={hook}>
              <HomeFlow machine={machine} androidBrowser={path.input?.androidBrowser ?? false} />
              <ToastHost />
            </Router>
          );
          render(strict ? <StrictMode>{tree}</StrictMode> : tree);
        },
        'xstate.done.actor.loadHome': (e) => settle(e as ActorDoneCase, home as never),
        'xstate.error.actor.loadHome': (e) => settle(e as ActorErrorCase, home as never),
        'xstate.done.actor.loadOrders': async (e) => {
          await settle(e as ActorDoneCase, orders as never);
          expectedEffects++; // Loan History (saying why) or /auth/index
          const to = (e as ActorDoneCase).output === OPEN_ORDERS ? '/orders?blocked=1' : '/auth/index?pid=1';
          await waitFor(() => expect(navigate).toHaveBeenLastCalledWith(to, { replace: false }));
        },
        'xstate.error.actor.loadOrders': (e) => settle(e as ActorErrorCase, orders as never),
        'home.retried': () => user.click(screen.getByRole('button', { name: 'Try again' })),
        'product.applied': async (e, step) => {
          await user.click(applyButton(e.productId));
          // Leaving the page (navigate or an external link) unless the guard taken checks orders or refuses a broken link.
          if (step.edges.some((l) => /\[(androidBrowser|externalProduct|applicable)\]/.test(l))) expectedEffects++;
          if (step.edges.some((l) => l.includes('[externalLinkBroken]'))) expect(await screen.findByText(LINK_BROKEN)).toBeTruthy();
        },
        'inProgress.opened': async () => {
          await user.click(within(screen.getByRole('region', { name: 'In progress' })).getAllByRole('button')[0]!);
          expectedEffects++;
        },
      },
      assert: async (s) => {
        if (s.matches('loading')) expect(screen.getByText('Loading your offers…')).toBeTruthy();
        if (s.matches('failed')) {
          expect(await screen.findByText(s.context.error ? english.said(s.context.error) : '')).toBeTruthy();
          expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
        }
        if (s.matches('ready') || s.matches('checkingOrders')) {
          const heading = s.context.home?.userStatus === 1 ? 'Your loan offer' : 'Loan products';
          expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
        }
        if (s.matches('checkingOrders')) expect(screen.getByRole('button', { name: 'Apply now' }).getAttribute('aria-busy')).toBe('true');
        // Every navigation or external link the path calls for happened, and no more.
        await waitFor(() => expect(navigate.mock.calls.length + openExternal.mock.calls.length).toBe(expectedEffects));
      },
    });
    // Requests: exactly as many (not aborted) as the path starts — StrictMode must not double them.
    expect(home.live().length).toBe(invocations(path.steps, 'loadHome'));
    expect(orders.live().length).toBe(invocations(path.steps, 'loadOrders'));
    for (const [, options] of navigate.mock.calls) expect(options).toEqual({ replace: false });
  });
});
