/**
 * The contacts screen (ContactsFlow with the app's effects and fake calls), in StrictMode and
 * normal mode: what the name and mobile keep (mobiles typed key by key with +91, 91 or 0), everything
 * required (each problem once, at its field), the name's rule said before typing, the exact payload,
 * the errorColumn messages said once (at their fields; only the rest in a toast), the draft
 * across a reload, one submit per tap, the submit's idempotency key, and the step already done.
 */
import { StrictMode, type ReactNode } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it, vi } from 'vitest';
import { contactsMachine } from '../../machines/contacts/contacts.machine';
import type { StepStatus } from '../../machines/shared/steps';
import type { RelationChoice } from '../../machines/contacts/contacts.rules';
import { STATUS_DONE, STATUS_OPEN } from '../../machines/contacts/contacts.cases';
import type { ContactPayload } from '../../contract/verification';
import { ApiError } from '../../src/api/client';
import { withErrorColumns } from '../../src/flows/auth/AuthFormRejection';
import { contactsDraft, contactsEffects } from '../../src/flows/auth/contacts.effects';
import { ContactsFlow } from '../../src/flows/auth/ContactsRoute';
import { fromCall } from '../../src/lib/abortable';
import { ToastHost } from '../../src/ui/ToastHost';
import { tapAndExpectBusy } from '../support/busy';
import { fakeCalls } from '../support/fakes';

const api = vi.hoisted(() => ({ getPageInfo: vi.fn(), getVerificationStatus: vi.fn(), submitContacts: vi.fn() }));
vi.mock('../../src/api/verification', async (original) => ({ ...(await original<Record<string, unknown>>()), ...api }));

const RELATIONS: RelationChoice[] = [
  { value: '1', label: 'Parents' },
  { value: '2', label: 'Spouse' },
  { value: '6', label: 'Friend' },
];
const OWN = '9000000001';

/** The step with the app's effects (draft, toast, keys, navigation) and fake calls; `draft` is read as the route does when the page opens. */
function harness({
  strict,
  relations = async () => RELATIONS,
  status = STATUS_OPEN,
}: {
  strict: boolean;
  relations?: () => Promise<RelationChoice[]>;
  status?: StepStatus;
}) {
  const submits = fakeCalls<void, { payload: ContactPayload; idempotencyKey: string }>();
  // Every submit started, aborted ones included: a second one must not even start.
  const submitCalls = vi.fn(submits.call);
  const navigate = vi.fn();
  const machine = contactsMachine.provide({
    actors: { loadStatus: fromCall(async () => status), loadRelations: fromCall(relations), submit: fromCall(submitCalls) },
    actions: contactsEffects(navigate).actions,
  });
  const { hook } = memoryLocation({ path: '/auth/contacts?pid=7&step=5&as=5' });
  const ui: ReactNode = (
    <Router hook={hook}>
      <ContactsFlow machine={machine} query={{ pid: '7', step: 5, total: 5 }} draft={contactsDraft().read()} ownPhone={OWN} />
      <ToastHost />
    </Router>
  );
  const view = render(strict ? <StrictMode>{ui}</StrictMode> : ui);
  const live = () => submits.live();
  const keys = () => live().map((x) => x.input.idempotencyKey);
  return { view, submitCalls, live, keys, navigate, user: userEvent.setup({ delay: null }) };
}

/** The navigation of saved contacts: the hub replaces the step. */
const TO_HUB = ['/auth/index?pid=7', { replace: true }];

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

async function fillAll({ user }: { user: ReturnType<typeof userEvent.setup> }) {
  for (const [i, p] of PEOPLE.entries()) {
    await user.selectOptions(input(i + 1, 'Relationship'), p.relation);
    await user.type(input(i + 1, 'Name'), p.name);
    await user.type(input(i + 1, 'Mobile number'), p.mobile);
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

  it.each(['+919876543210', '919876543210', '09876543210', '98765 43210'])('a mobile typed key by key as %s ends as 9876543210, unflagged on the way', async (keys) => {
    const h = harness({ strict });
    await ready();
    for (const key of keys) {
      await h.user.type(input(1, 'Mobile number'), key);
      if (input(1, 'Mobile number').value !== '9876543210') expect(errorOf(input(1, 'Mobile number'))).toBeNull();
    }
    expect(input(1, 'Mobile number').value).toBe('9876543210');
    expect(errorOf(input(1, 'Mobile number'))).toBeNull();
    expect(contactsDraft().read()?.values.oneMobile).toBe('9876543210');
  });

  it('shows what is being typed with its own +91 (the fixed +91 steps aside); repeated and own numbers are caught whatever the prefix', async () => {
    const h = harness({ strict });
    await ready();
    const prefixOf = (n: number) => card(n).queryByText('+91');
    await h.user.type(input(1, 'Mobile number'), '+9198765');
    expect(input(1, 'Mobile number').value).toBe('+9198765');
    expect(prefixOf(1)).toBeNull();
    expect(prefixOf(2)).toBeTruthy();
    await h.user.type(input(1, 'Mobile number'), '43210');
    expect(prefixOf(1)).toBeTruthy();
    await h.user.type(input(2, 'Mobile number'), '09876543210');
    expect(errorOf(input(2, 'Mobile number'))).toBe('This number is already given for another contact.');
    await h.user.type(input(3, 'Mobile number'), `91${OWN}`);
    expect(errorOf(input(3, 'Mobile number'))).toBe('Enter someone else’s number, not your own.');
    await h.user.type(input(3, 'Mobile number'), '{Backspace}');
    expect(input(3, 'Mobile number').value).toBe(OWN.slice(0, -1));
    expect(errorOf(input(3, 'Mobile number'))).toBeNull();
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
    expect(h.submitCalls).not.toHaveBeenCalled();
    expect(screen.getByText('Please fill in the highlighted fields.').getAttribute('role')).toBe('alert');
    for (const n of [1, 2, 3]) {
      expect(errorOf(input(n, 'Relationship'))).toBe('Please choose the relationship.');
      expect(errorOf(input(n, 'Name'))).toBe('Please enter the name.');
      expect(errorOf(input(n, 'Mobile number'))).toBe('Please enter the mobile number.');
    }
    expect(document.activeElement).toBe(input(1, 'Relationship'));
    // Each problem once, at its field: no toast repeats them.
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.getAllByText('Please enter the mobile number.')).toHaveLength(3);
    await h.user.selectOptions(input(1, 'Relationship'), 'Parents');
    expect(errorOf(input(1, 'Relationship'))).toBeNull();
  });

  it('sends exactly the nine keys of the spec, once per tap, and goes back to the hub', async () => {
    const h = harness({ strict });
    await ready();
    await fillAll(h);
    await h.user.dblClick(submitButton());
    await h.user.type(input(3, 'Name'), '{Enter}');
    expect(h.submitCalls).toHaveBeenCalledTimes(1);
    expect(h.live()[0]!.input.payload).toEqual({
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
    expect(h.navigate.mock.calls).toEqual([TO_HUB]);
    expect(contactsDraft().read()).toBeNull();
  });

  it("a refused submit says each contact's message once, under its field, with no toast; what names no field goes to the toast", async () => {
    const h = harness({ strict });
    await ready();
    await fillAll(h);
    await h.user.click(submitButton());
    const refused = new ApiError('server', 'Please check the highlighted fields', {
      code: 1,
      data: { errorColumn: [{ column: 'twoName', msg: "Contact 2's name may only contain lowercase letters, ' and ." }, { column: 'thirdMobile', msg: 'Contact 3 mobile is not valid' }] },
    });
    await act(async () => h.live()[0]!.d.reject(withErrorColumns(refused)));
    await waitFor(() => expect(errorOf(input(3, 'Mobile number'))).toBe('Contact 3 mobile is not valid'));
    expect(errorOf(input(2, 'Name'))).toBe("Contact 2's name may only contain lowercase letters, ' and .");
    expect(screen.getAllByText('Contact 3 mobile is not valid')).toHaveLength(1);
    expect(document.querySelector('.toast')).toBeNull();
    expect(document.querySelector('.form-actions .form-error')!.textContent).toBe('Please correct the highlighted fields.');
    expect(document.activeElement).toBe(input(2, 'Name'));
    expect(input(1, 'Name').value).toBe('asha');
    expect(h.navigate).not.toHaveBeenCalled();
    // A column no field of the step has: numbered, in the toast.
    await h.user.click(submitButton());
    await act(async () => h.live()[1]!.d.reject(withErrorColumns(new ApiError('server', 'x', { code: 1, data: { errorColumn: [{ column: 'age', msg: 'Too young' }] } }))));
    expect((await screen.findByText('1. Too young')).closest('.toast')).not.toBeNull();
  });

  it("says the name's rule under each Name before anything is typed, tied to the field (aria-describedby)", async () => {
    harness({ strict });
    await ready();
    for (const n of [1, 2, 3]) {
      const name = input(n, 'Name');
      const described = (name.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
      expect(described).toEqual(["Only lowercase letters a–z, ' and . (no spaces). Capitals become lowercase."]);
    }
  });

  it('Submit shows it is working in the render of the tap, and sends once', async () => {
    const h = harness({ strict });
    await ready();
    await fillAll(h);
    tapAndExpectBusy(submitButton());
    expect(h.submitCalls).toHaveBeenCalledTimes(1);
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

  it('contacts already done: the hub replaces the step at once, without the form', async () => {
    const h = harness({ strict, status: STATUS_DONE });
    await waitFor(() => expect(h.navigate.mock.calls).toEqual([TO_HUB]));
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.getByText('Loading the form…')).toBeTruthy();
    expect(h.submitCalls).not.toHaveBeenCalled();
  });

  it('offers a retry when the relations cannot be loaded', async () => {
    let fail = true;
    const h = harness({ strict, relations: async () => (fail ? Promise.reject(new Error('Service busy')) : RELATIONS) });
    expect(await screen.findByText('Service busy')).toBeTruthy();
    fail = false;
    await h.user.click(screen.getByRole('button', { name: 'Try again' }));
    await ready();
  });

  it('a retry after a failure sends the key of the first try; the draft keeps it', async () => {
    const h = harness({ strict });
    await ready();
    await fillAll(h);
    await h.user.click(submitButton());
    const [first] = h.keys();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(contactsDraft().read()?.idempotencyKey).toBe(first);
    await act(async () => h.live()[0]!.d.reject(new Error('Service busy, please try again later')));
    await h.user.click(submitButton());
    expect(h.keys()).toEqual([first, first]);
  });

  it('a reload while sending restores the key: the answer-less submit is sent again with it', async () => {
    const h = harness({ strict });
    await ready();
    await fillAll(h);
    await h.user.click(submitButton());
    const [first] = h.keys();
    h.view.unmount();
    const again = harness({ strict });
    await ready();
    await waitFor(() => expect(input(3, 'Mobile number').value).toBe('7654321098'));
    await again.user.click(submitButton());
    expect(again.keys()).toEqual([first]);
    await act(async () => again.live()[0]!.d.resolve());
    expect(contactsDraft().read()).toBeNull();
  });

  it('an edited contact is a new submit: a new key', async () => {
    const h = harness({ strict });
    await ready();
    await fillAll(h);
    await h.user.click(submitButton());
    await act(async () => h.live()[0]!.d.reject(new Error('Service busy, please try again later')));
    await h.user.type(input(2, 'Name'), 'x');
    expect(contactsDraft().read()?.idempotencyKey).toBeNull();
    await h.user.click(submitButton());
    const [first, second] = h.keys();
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect(h.live()[1]!.input.payload.twoName).toBe("d'souzax");
  });
});

describe('the /auth/contacts route', () => {
  const pageInfo = () =>
    api.getPageInfo.mockReset().mockResolvedValue([{ key: 'Relationship', value: 'relation', dataType: 0, label: '', dictionaryVoList: RELATIONS.map((r) => ({ dictLabel: r.label, dictValue: r.value })) }]);

  it('/auth/contacts?pid=1 with contacts already done (find-user-auth) is replaced by the hub, before the choices are asked for', async () => {
    pageInfo();
    api.getVerificationStatus.mockReset().mockResolvedValue(STATUS_DONE);
    api.submitContacts.mockReset();
    const { default: ContactsRoute } = await import('../../src/flows/auth/ContactsRoute');
    const memory = memoryLocation({ path: '/auth/contacts?pid=1', record: true });
    render(
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <ContactsRoute />
      </Router>,
    );
    await waitFor(() => expect(memory.history).toEqual(['/auth/index?pid=1']));
    expect(api.getVerificationStatus).toHaveBeenCalledTimes(1);
    expect(api.getPageInfo).not.toHaveBeenCalled();
    expect(api.submitContacts).not.toHaveBeenCalled();
  });

  it("sends the contacts with the tap's key (the same on a retry), then replaces the step with the hub", async () => {
    pageInfo();
    api.getVerificationStatus.mockReset().mockResolvedValue(STATUS_OPEN);
    api.submitContacts.mockReset().mockRejectedValueOnce(new Error('Service busy, please try again later')).mockResolvedValueOnce(undefined);
    const { default: ContactsRoute } = await import('../../src/flows/auth/ContactsRoute');
    const memory = memoryLocation({ path: '/auth/contacts?pid=7&step=5&as=5', record: true });
    render(
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <ContactsRoute />
        <ToastHost />
      </Router>,
    );
    const user = userEvent.setup({ delay: null });
    await ready();
    await fillAll({ user });
    await user.click(submitButton());
    expect(await screen.findByText('Service busy, please try again later')).toBeTruthy();
    await user.click(submitButton());
    await waitFor(() => expect(memory.history).toEqual(['/auth/index?pid=7']));
    const [first, retry] = api.submitContacts.mock.calls as [ContactPayload, { signal: AbortSignal; idempotencyKey: string }][];
    expect(first![0]).toMatchObject({ oneName: 'asha', oneMobile: '9876543210', oneRelation: '1' });
    expect(first![1].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry![1].idempotencyKey).toBe(first![1].idempotencyKey);
    expect(contactsDraft().read()).toBeNull();
  });
});
