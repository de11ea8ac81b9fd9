/**
 * The contacts screen (ContactsFlow with fake calls), in StrictMode and normal mode: what the name
 * and mobile keep, everything required, the exact payload, the errorColumn toast, the draft across
 * a reload, and one submit per tap.
 */
import { StrictMode, type ReactNode } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it, vi } from 'vitest';
import type { ContactPayloadLike, RelationChoice } from '../../machines/contacts/contacts.rules';
import { ApiError } from '../../src/api/client';
import { withErrorColumns } from '../../src/flows/auth/AuthFormRejection';
import { ContactsFlow, contactsDraft, type ContactsDeps } from '../../src/flows/auth/ContactsRoute';
import { ToastHost } from '../../src/ui/ToastHost';
import { deferred, type Deferred } from '../support/model';

const RELATIONS: RelationChoice[] = [
  { value: '1', label: 'Parents' },
  { value: '2', label: 'Spouse' },
  { value: '6', label: 'Friend' },
];
const OWN = '9000000001';

/** Like the real client: a call whose signal aborts rejects, as StrictMode's first calls do. */
function likeFetch<T>(signal: AbortSignal, d: Deferred<T>): Promise<T> {
  const cancelled = () => d.reject(new Error('The request was cancelled.'));
  if (signal.aborted) cancelled();
  else signal.addEventListener('abort', cancelled, { once: true });
  return d.promise;
}

function harness({ strict, relations = async () => RELATIONS }: { strict: boolean; relations?: () => Promise<RelationChoice[]> }) {
  const loadRelations = (signal: AbortSignal) => {
    const d = deferred<RelationChoice[]>();
    relations().then(d.resolve, d.reject);
    return likeFetch(signal, d);
  };
  const submits: { payload: ContactPayloadLike; signal: AbortSignal; d: Deferred<void> }[] = [];
  const leave = vi.fn();
  const deps: ContactsDeps = {
    loadRelations,
    submit: (payload, signal) => {
      const d = deferred<void>();
      submits.push({ payload, signal, d });
      return likeFetch(signal, d);
    },
    leave,
    draft: contactsDraft(),
    ownPhone: OWN,
  };
  const { hook } = memoryLocation({ path: '/auth/contacts?pid=7&step=5&as=5' });
  const ui: ReactNode = (
    <Router hook={hook}>
      <ContactsFlow query={{ pid: '7', step: 5, total: 5 }} deps={deps} />
      <ToastHost />
    </Router>
  );
  const view = render(strict ? <StrictMode>{ui}</StrictMode> : ui);
  return { view, submits, live: () => submits.filter((s) => !s.signal.aborted), leave, user: userEvent.setup({ delay: null }) };
}

const card = (n: number) => within(screen.getByRole('group', { name: `Contact ${n}` }));
const input = (n: number, label: 'Relationship' | 'Name' | 'Mobile number') => card(n).getByLabelText(label) as HTMLInputElement & HTMLSelectElement;
const submitButton = () => screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
const ready = () => screen.findByRole('button', { name: 'Submit' });
const errorOf = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((e) => e?.classList.contains('field-error'))?.textContent ?? null;

const PEOPLE = [
  { relation: 'Parents', name: 'asha', mobile: '9876543210' },
  { relation: 'Spouse', name: "d'souza", mobile: '8765432109' },
  { relation: 'Friend', name: 'k.ravi', mobile: '7654321098' },
];

async function fillAll(h: ReturnType<typeof harness>) {
  for (const [i, p] of PEOPLE.entries()) {
    await h.user.selectOptions(input(i + 1, 'Relationship'), p.relation);
    await h.user.type(input(i + 1, 'Name'), p.name);
    await h.user.type(input(i + 1, 'Mobile number'), p.mobile);
  }
}

describe.each([
  ['StrictMode', true],
  ['normal mode', false],
])('contacts (%s)', (_mode, strict) => {
  it("shows three contacts with the server's relations, under 'Step n / m'", async () => {
    harness({ strict });
    await ready();
    expect(screen.getByText('Step 5 / 5')).toBeTruthy();
    for (const n of [1, 2, 3]) expect([...input(n, 'Relationship').options].map((o) => o.textContent)).toEqual(['Select the relationship', 'Parents', 'Spouse', 'Friend']);
    expect(input(1, 'Mobile number').getAttribute('inputmode')).toBe('numeric');
  });

  it("keeps only lowercase letters, ' and . in the name (capitals lower-cased), digits only and at most 10 in the mobile", async () => {
    const h = harness({ strict });
    await ready();
    await h.user.type(input(1, 'Name'), "Ravi D'Souza-2 Jr.");
    expect(input(1, 'Name').value).toBe("ravid'souzajr.");
    await h.user.type(input(1, 'Mobile number'), '98a765-432109');
    expect(input(1, 'Mobile number').value).toBe('9876543210');
    await h.user.clear(input(2, 'Mobile number'));
    await h.user.click(input(2, 'Mobile number'));
    await h.user.paste('+91 87654 32109');
    expect(input(2, 'Mobile number').value).toBe('8765432109');
  });

  it('flags a finished mobile that is not a mobile, is repeated or is the borrower’s own', async () => {
    const h = harness({ strict });
    await ready();
    await h.user.type(input(1, 'Mobile number'), '5123456789');
    expect(errorOf(input(1, 'Mobile number'))).toBe('Enter a 10-digit mobile number starting with 6, 7, 8 or 9.');
    await h.user.clear(input(1, 'Mobile number'));
    await h.user.type(input(1, 'Mobile number'), '9876543210');
    expect(errorOf(input(1, 'Mobile number'))).toBeNull();
    await h.user.type(input(2, 'Mobile number'), '9876543210');
    expect(errorOf(input(2, 'Mobile number'))).toBe('This number is already given for another contact.');
    await h.user.type(input(3, 'Mobile number'), OWN);
    expect(errorOf(input(3, 'Mobile number'))).toBe('Enter someone else’s number, not your own.');
  });

  it('requires a relation, a name and a mobile for all three: a tap flags them and focuses the first', async () => {
    const h = harness({ strict });
    await ready();
    await h.user.click(submitButton());
    expect(h.submits).toHaveLength(0);
    expect(screen.getByText('Please fill in the highlighted fields.').getAttribute('role')).toBe('alert');
    for (const n of [1, 2, 3]) {
      expect(errorOf(input(n, 'Relationship'))).toBe('Please choose the relationship.');
      expect(errorOf(input(n, 'Name'))).toBe('Please enter the name.');
      expect(errorOf(input(n, 'Mobile number'))).toBe('Please enter the mobile number.');
    }
    expect(document.activeElement).toBe(input(1, 'Relationship'));
    await h.user.selectOptions(input(1, 'Relationship'), 'Parents');
    expect(errorOf(input(1, 'Relationship'))).toBeNull();
  });

  it('sends exactly the nine keys of the spec, once per tap, and goes back to the hub', async () => {
    const h = harness({ strict });
    await ready();
    await fillAll(h);
    await h.user.dblClick(submitButton());
    await h.user.type(input(3, 'Name'), '{Enter}');
    expect(h.submits).toHaveLength(1);
    expect(h.live()[0]!.payload).toEqual({
      oneName: 'asha',
      oneMobile: '9876543210',
      oneRelation: '1',
      twoName: "d'souza",
      twoMobile: '8765432109',
      twoRelation: '2',
      thirdName: 'k.ravi',
      thirdMobile: '7654321098',
      thirdRelation: '6',
    });
    await act(async () => h.live()[0]!.d.resolve());
    expect(h.leave).toHaveBeenCalledTimes(1);
    expect(contactsDraft().read()).toBeNull();
  });

  it('a refused submit lists data.errorColumn as a numbered toast and marks the fields', async () => {
    const h = harness({ strict });
    await ready();
    await fillAll(h);
    await h.user.click(submitButton());
    const refused = new ApiError('server', 'Please check the highlighted fields', {
      code: 1,
      data: { errorColumn: [{ column: 'twoName', msg: "Contact 2's name may only contain lowercase letters, ' and ." }, { column: 'thirdMobile', msg: 'Contact 3 mobile is not valid' }] },
    });
    await act(async () => h.live()[0]!.d.reject(withErrorColumns(refused)));
    const toast = await screen.findByText(/^1\. Contact 2/);
    expect(toast.textContent).toBe("1. Contact 2's name may only contain lowercase letters, ' and .\n2. Contact 3 mobile is not valid");
    expect(errorOf(input(3, 'Mobile number'))).toBe('Contact 3 mobile is not valid');
    expect(document.activeElement).toBe(input(2, 'Name'));
    expect(input(1, 'Name').value).toBe('asha');
    expect(h.leave).not.toHaveBeenCalled();
  });

  it('restores the draft after a reload; a relation no longer offered is emptied', async () => {
    const h = harness({ strict });
    await ready();
    await h.user.selectOptions(input(1, 'Relationship'), 'Friend');
    await h.user.type(input(1, 'Name'), 'asha');
    await h.user.type(input(2, 'Mobile number'), '87654');
    h.view.unmount();
    harness({ strict, relations: async () => RELATIONS.filter((r) => r.value !== '6') });
    await ready();
    await waitFor(() => expect(input(1, 'Name').value).toBe('asha'));
    expect(input(2, 'Mobile number').value).toBe('87654');
    expect(input(1, 'Relationship').value).toBe('');
  });

  it('offers a retry when the relations cannot be loaded', async () => {
    let fail = true;
    const h = harness({ strict, relations: async () => (fail ? Promise.reject(new Error('Service busy')) : RELATIONS) });
    expect(await screen.findByText('Service busy')).toBeTruthy();
    fail = false;
    await h.user.click(screen.getByRole('button', { name: 'Try again' }));
    await ready();
  });
});
