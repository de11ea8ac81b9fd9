/**
 * The privacy centre's generated paths replayed against the page, in StrictMode and normal mode:
 * after every step what the borrower sees matches the state (what was collected and the policy always;
 * the consents as the lender or this phone keeps them; the deletion requests), a withdrawal holds on
 * this phone from the tap on, and the page made exactly the requests the path calls for.
 */
import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it } from 'vitest';
import type { Offered } from '../../contract/offered';
import type { ConsentItem, ConsentPurpose, DeletionRequest, PrivacyOverview } from '../../contract/privacy';
import { privacyText } from '../../i18n/en/privacy';
import * as privacyCases from '../../machines/privacy/privacy.cases';
import { privacyMachine } from '../../machines/privacy/privacy.machine';
import type { ActorDoneCase, ActorErrorCase } from '../../machines/shared/cases';
import { CONSENTS_KEY, localConsents } from '../../src/lib/consents';
import { privacyEffects } from '../../src/flows/personal/privacy.effects';
import { PrivacyFlow } from '../../src/flows/personal/PrivacyRoute';
import { textFor } from '../../src/ui/text';
import { fakeCalls, type Deferred } from '../support/fakes';
import { generatePaths } from '../../model-testing/paths';
import { invocations, replayPath } from '../../model-testing/replay';

const d = privacyText.en;
const english = textFor(privacyText, 'en');
const paths = generatePaths(privacyMachine, privacyCases);
const PURPOSE = { identity: d.purposeIdentity, face: d.purposeFace, location: d.purposeLocation, device: d.purposeDevice } as const;

type Pending = { pending: () => Deferred<never> };
const settle = async (c: ActorDoneCase | ActorErrorCase, calls: Pending) => {
  await waitFor(() => calls.pending());
  await act(async () => ('output' in c ? calls.pending().resolve(c.output as never) : calls.pending().reject(c.error)));
};
const section = (name: string) => screen.getByRole('region', { name });
const question = () => screen.queryByRole('dialog', { name: d.deletionQuestion });

afterEach(() => localStorage.removeItem(CONSENTS_KEY));

describe.each([
  ['StrictMode', true],
  ['normal mode', false],
] as const)('privacy centre paths (%s)', (_, strict) => {
  it.each(paths.map((p) => [p.title, p] as const))('%s', async (_, path) => {
    const loads = fakeCalls<Offered<PrivacyOverview>>();
    const saves = fakeCalls<Offered<ConsentItem>, { purpose: ConsentPurpose; given: boolean }>();
    const deletions = fakeCalls<Offered<DeletionRequest>>();
    // The route's own effect on the device (src/lib/consents.ts), with the calls faked.
    const machine = privacyMachine.provide({
      actors: { loadPrivacy: loads.actor, saveConsent: saves.actor, requestDeletion: deletions.actor },
      actions: privacyEffects().actions,
    });
    await replayPath(path, {
      act: {
        'xstate.init': () => {
          // This phone's record as the path's input has it (the route reads it from storage).
          for (const c of privacyCases.inputs.device!.device) localConsents.give(c.purpose, new Date(c.givenAt));
          const tree = (
            <Router hook={memoryLocation({ path: '/personal/privacy' }).hook}>
              <PrivacyFlow machine={machine} />
            </Router>
          );
          render(strict ? <StrictMode>{tree}</StrictMode> : tree);
        },
        'xstate.done.actor.loadPrivacy': (e) => settle(e as ActorDoneCase, loads as never),
        'xstate.error.actor.loadPrivacy': (e) => settle(e as ActorErrorCase, loads as never),
        'xstate.done.actor.saveConsent': (e) => settle(e as ActorDoneCase, saves as never),
        'xstate.error.actor.saveConsent': (e) => settle(e as ActorErrorCase, saves as never),
        'xstate.done.actor.requestDeletion': (e) => settle(e as ActorDoneCase, deletions as never),
        'xstate.error.actor.requestDeletion': (e) => settle(e as ActorErrorCase, deletions as never),
        'privacy.retried': () => void fireEvent.click(within(section(d.consentsHeading)).getByRole('button', { name: 'Try again' })),
        'consent.withdrawn': (e) => void fireEvent.click(screen.getByRole('button', { name: english('withdrawPurpose', { purpose: PURPOSE[e.purpose] }) })),
        'consent.given': (e) => void fireEvent.click(screen.getByRole('button', { name: english('allowAgainPurpose', { purpose: PURPOSE[e.purpose] }) })),
        'deletion.asked': () => void fireEvent.click(screen.getByRole('button', { name: d.deletionAsk })),
        'deletion.cancelled': () => void fireEvent.click(within(question()!).getByRole('button', { name: 'Cancel' })),
        'deletion.confirmed': () => void fireEvent.click(within(question()!).getByRole('button', { name: d.deletionSend })),
      },
      assert: (s) => {
        // What was collected and the policy need no call: always there.
        expect(within(section(d.collectedHeading)).getByText(d.collectedContacts)).toBeTruthy();
        expect(within(section(d.policyHeading)).getByText(d.policyRights)).toBeTruthy();
        const consents = section(d.consentsHeading);
        if (s.hasTag('busy')) expect(within(consents).getByRole('status').textContent).toContain(d.loading);
        if (s.hasTag('failed')) expect(within(consents).getByRole('alert').textContent).toContain(privacyCases.LOAD_FAILURE.message);
        expect(Boolean(within(consents).queryByText(d.consentsLocalNote))).toBe(s.hasTag('local'));
        if (s.hasTag('ready') || s.hasTag('local')) {
          expect(within(consents).getAllByRole('listitem')).toHaveLength(4);
          // A withdrawal holds on this phone from the tap on: nothing more is sent under it.
          for (const c of s.context.device) expect(localConsents.withdrawn(c.purpose)).toBe(Boolean(c.withdrawnAt));
          const line = within(consents).getByRole('status').textContent;
          const c = s.context;
          expect(line).toBe(c.status ? english.said(c.status) : c.changed ? english(c.changed.given ? 'allowed' : 'withdrawn', { purpose: PURPOSE[c.changed.purpose] }) : '');
        }
        const deletion = section(d.deletionHeading);
        expect(Boolean(within(deletion).queryByText(d.deletionNotOffered))).toBe(s.hasTag('local') || (s.context.deletionStatus !== null && 'key' in s.context.deletionStatus && s.context.deletionStatus.key === 'deletionNotOffered'));
        if (s.hasTag('ready')) {
          expect(Boolean(within(deletion).queryByRole('button', { name: d.deletionAsk }))).toBe(s.can({ type: 'deletion.asked' }));
          for (const r of s.context.requests) if (r.reason) expect(within(deletion).getByText(english('deletionReason', { reason: r.reason }), { exact: false })).toBeTruthy();
        }
        expect(question() !== null).toBe(s.hasTag('asking'));
        if (s.hasTag('requesting')) expect(within(question()!).getByRole('button', { name: d.deletionSend }).getAttribute('aria-busy')).toBe('true');
        if (s.hasTag('saving')) expect(screen.getAllByRole('button').some((b) => b.getAttribute('aria-busy') === 'true')).toBe(true);
      },
    });
    expect(loads.live().length).toBe(invocations(path.steps, 'loadPrivacy'));
    expect(saves.live().length).toBe(invocations(path.steps, 'saveConsent'));
    expect(deletions.live().length).toBe(invocations(path.steps, 'requestDeletion'));
  });
});
