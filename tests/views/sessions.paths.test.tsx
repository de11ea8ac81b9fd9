/**
 * The signed-in devices machine's generated paths replayed against Account, in StrictMode and normal
 * mode: after every step what the borrower sees matches the state (nothing at all while the list
 * first loads or when the lender does not offer it), and the screen made exactly the requests the
 * path calls for (StrictMode must not double them).
 */
import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import type { Offered } from '../../contract/beyond-spec';
import type { SessionList } from '../../contract/sessions';
import { accountText } from '../../i18n/en/account';
import { sessionsText } from '../../i18n/en/sessions';
import type { ActorDoneCase, ActorErrorCase } from '../../machines/shared/cases';
import * as sessionCases from '../../machines/sessions/sessions.cases';
import { sessionsMachine } from '../../machines/sessions/sessions.machine';
import { deviceName } from '../../machines/sessions/sessions.rules';
import { AccountFlow } from '../../src/flows/personal/AccountRoute';
import { textFor } from '../../src/ui/text';
import { fakeCalls, type Deferred } from '../support/fakes';
import { generatePaths } from '../../model-testing/paths';
import { invocations, replayPath } from '../../model-testing/replay';

const d = sessionsText.en;
const english = textFor(sessionsText, 'en');
const paths = generatePaths(sessionsMachine, sessionCases);

const mode = [
  ['StrictMode', true],
  ['normal mode', false],
] as const;

type Pending = { pending: () => Deferred<never> };
const settle = async (c: ActorDoneCase | ActorErrorCase, calls: Pending) => {
  await waitFor(() => calls.pending());
  await act(async () => ('output' in c ? calls.pending().resolve(c.output as never) : calls.pending().reject(c.error)));
};

const block = () => screen.queryByRole('region', { name: d.heading });
const question = () => screen.queryByRole('dialog', { name: /^Sign out .+\?$/ });

describe.each(mode)('signed-in devices paths (%s)', (_, strict) => {
  it.each(paths.map((p) => [p.title, p] as const))('%s', async (_, path) => {
    const lists = fakeCalls<Offered<SessionList>>();
    const revokes = fakeCalls<Offered<void>, { id: string }>();
    const machine = sessionsMachine.provide({ actors: { listSessions: lists.actor, revokeSession: revokes.actor } });
    let quits = 0;
    await replayPath(path, {
      act: {
        'xstate.init': () => {
          const tree = (
            <Router hook={memoryLocation({ path: '/personal' }).hook}>
              <AccountFlow machine={machine} onQuit={() => quits++} />
            </Router>
          );
          render(strict ? <StrictMode>{tree}</StrictMode> : tree);
        },
        'xstate.done.actor.listSessions': (e) => settle(e as ActorDoneCase, lists as never),
        'xstate.error.actor.listSessions': (e) => settle(e as ActorErrorCase, lists as never),
        'xstate.done.actor.revokeSession': (e) => settle(e as ActorDoneCase, revokes as never),
        'xstate.error.actor.revokeSession': (e) => settle(e as ActorErrorCase, revokes as never),
        'devices.retried': () => void fireEvent.click(within(block()!).getByRole('button', { name: 'Try again' })),
        'device.signOutTapped': (e) => {
          const target = sessionCases.LISTED.sessions.find((s) => s.id === e.id)!;
          fireEvent.click(within(block()!).getByRole('button', { name: `Sign out ${english.said(deviceName(target))}` }));
        },
        'signOut.declined': () => void fireEvent.click(within(question()!).getByRole('button', { name: 'Cancel' })),
        'signOut.confirmed': () => void fireEvent.click(within(question()!).getByRole('button', { name: d.signOut })),
      },
      assert: (s) => {
        // Account itself is always there, as the spec has it.
        expect(screen.getByRole('button', { name: accountText.en.quit })).toBeTruthy();
        if (s.hasTag('hidden')) {
          expect(block()).toBeNull();
          expect(screen.queryByText(d.heading)).toBeNull();
        }
        if (s.hasTag('busy')) expect(within(block()!).getByRole('status').textContent).toContain(d.loading);
        if (s.hasTag('failed')) expect(within(block()!).getByRole('alert').textContent).toContain(sessionCases.FAILURE.message);
        if (s.hasTag('ready')) {
          const rows = within(block()!).getAllByRole('listitem');
          expect(rows).toHaveLength(s.context.sessions.length);
          expect(rows[0]?.textContent).toContain(d.thisDevice);
          const status = within(block()!).getByRole('status').textContent;
          expect(status).toBe(s.context.signedOut ? english('signedOut', { device: english.said(deviceName(s.context.signedOut)) }) : '');
          if (s.context.signOutError) expect(within(block()!).getByRole('alert').textContent).toBe(english.said(s.context.signOutError));
        }
        expect(question() !== null).toBe(s.hasTag('asking'));
        if (s.hasTag('signingOut')) expect(within(question()!).getByRole('button', { name: d.signOut }).getAttribute('aria-busy')).toBe('true');
      },
    });
    expect(lists.live().length).toBe(invocations(path.steps, 'listSessions'));
    expect(revokes.live().length).toBe(invocations(path.steps, 'revokeSession'));
    expect(quits).toBe(0);
  });
});
