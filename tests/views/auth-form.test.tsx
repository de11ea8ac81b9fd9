/**
 * The basic-info and work-info screens (AuthFormFlow with the app's effects and fake calls), in
 * StrictMode and normal mode: every dataType rendered, what inputs keep, the district following its
 * state, when the button is active, the workState rule, flags for what is missing, the errorColumn
 * messages said once (at their fields; only the rest in a toast), the draft across a reload, one submit per tap, and the submit's idempotency key.
 */
import { StrictMode, type ReactNode } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it, vi } from 'vitest';
import { authFormMachine } from '../../machines/auth-form/auth-form.machine';
import type { FormDefinition, FormKind } from '../../machines/auth-form/auth-form.rules';
import { authFormText } from '../../i18n/en/authForm';
import { ALL_DONE, field as fieldSpec, FORMS_PENDING } from '../../machines/auth-form/auth-form.cases';
import type { FormAnswers, Place } from '../../contract/verification';
import { ApiError } from '../../src/api/client';
import { authFormEffects, formDraft } from '../../src/flows/auth/auth-form.effects';
import { AuthFormFlow } from '../../src/flows/auth/AuthFormFlow';
import { withErrorColumns } from '../../src/flows/auth/AuthFormRejection';
import { fromCall } from '../../src/lib/abortable';
import { ToastHost } from '../../src/ui/ToastHost';
import { tapAndExpectBusy } from '../support/busy';
import { fakeCalls } from '../support/fakes';

const api = vi.hoisted(() => ({
  getPageInfo: vi.fn(),
  getWorkPageInfo: vi.fn(),
  getVerificationStatus: vi.fn(),
  getStates: vi.fn(),
  getDistricts: vi.fn(),
  submitBaseInfo: vi.fn(),
  submitWorkInfo: vi.fn(),
}));
vi.mock('../../src/api/verification', async (original) => ({ ...(await original<Record<string, unknown>>()), ...api }));

const f = fieldSpec;
const dict = (...labels: string[]) => labels.map((dictLabel, i) => ({ dictLabel, dictValue: String(i + 1) }));

const BASIC: FormDefinition = {
  cannotHidden: [
    f({ key: 'Education', value: 'education', dataType: 0, label: 'Select your highest education', dictionaryVoList: dict('10th pass', 'Graduate') }),
    f({ key: 'State', value: 'state', dataType: 4, label: 'Select your state' }),
    f({ key: 'District', value: 'district', dataType: 5, label: 'Select your district' }),
    f({ key: 'Address', value: 'address', dataType: 1, label: 'House no., street, locality', lengthLimitMax: 100 }),
    f({ key: 'PIN code', value: 'pinCode', dataType: 1, checkType: 1, lengthLimitMax: 6, label: '6-digit PIN code' }),
    f({ key: 'Email', value: 'email', dataType: 1, checkReq: 0, lengthLimitMax: 60, label: 'name@example.com (optional)' }),
  ],
  canHidden: [],
};
const WORK: FormDefinition = {
  cannotHidden: [
    f({ key: 'Employment type', value: 'workState', dataType: 0, label: 'Select your employment type', dictionaryVoList: dict('Salaried', 'Self-employed', 'Unemployed / student') }),
    f({ key: 'Monthly income', value: 'monthlyIncome', dataType: 1, checkType: 1, label: 'e.g. 25000' }),
  ],
  canHidden: [
    f({ key: 'Company name', value: 'companyName', dataType: 1, lengthLimitMax: 60, label: 'Where you work' }),
    f({ key: 'Salary day', value: 'salaryDay', dataType: 3, label: 'Day of the month your salary arrives' }),
    f({ key: 'Office state', value: 'companyState', dataType: 4, checkReq: 0, label: 'Office state (optional)' }),
    f({ key: 'Office district', value: 'companyDistrict', dataType: 5, checkReq: 0, label: 'Office district (optional)' }),
  ],
};
const STATES: Place[] = [
  { id: '12', name: 'Karnataka' },
  { id: '13', name: 'Kerala' },
];
const DISTRICTS: Record<string, Place[]> = {
  '12': [
    { id: '12001', name: 'Bagalkot' },
    { id: '12004', name: 'Bengaluru Urban' },
  ],
  '13': [{ id: '13007', name: 'Ernakulam' }],
};

interface Options {
  kind: FormKind;
  strict: boolean;
  definition?: FormDefinition;
  /** Districts answer at once unless the test holds them. */
  holdDistricts?: boolean;
}

/** The form with the app's effects (draft, toast, keys, navigation) and fake calls; `draft` is read as the route does when the page opens. */
function harness({ kind, strict, definition = kind === 'basic' ? BASIC : WORK, holdDistricts = false }: Options) {
  const submits = fakeCalls<void, { values: FormAnswers; idempotencyKey: string }>();
  // Every submit started, aborted ones included: a second one must not even start.
  const submitCalls = vi.fn(submits.call);
  const districts = fakeCalls<Place[], { stateId: string }>();
  const navigate = vi.fn();
  const machine = authFormMachine.provide({
    actors: {
      loadStatus: fromCall(async () => FORMS_PENDING),
      loadForm: fromCall(async () => definition),
      loadStates: fromCall(async () => STATES),
      loadDistricts: holdDistricts ? districts.actor : fromCall(async ({ stateId }) => DISTRICTS[stateId] ?? []),
      submit: fromCall(submitCalls),
    },
    actions: authFormEffects(kind, navigate).actions,
  });
  const { hook } = memoryLocation({ path: `/auth/${kind}?pid=7&step=3&as=5` });
  const ui: ReactNode = (
    <Router hook={hook}>
      <AuthFormFlow machine={machine} kind={kind} query={{ pid: '7', step: 3, total: 5 }} draft={formDraft(kind).read()} />
      <ToastHost />
    </Router>
  );
  const view = render(strict ? <StrictMode>{ui}</StrictMode> : ui);
  const live = () => submits.live();
  const keys = () => live().map((s) => s.input.idempotencyKey);
  return { view, submitCalls, live, keys, districts, navigate, user: userEvent.setup({ delay: null }) };
}

/** The navigation of a saved form: the hub replaces it. */
const TO_HUB = ['/auth/index?pid=7', { replace: true }];

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement & HTMLSelectElement;
const submitButton = () => screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
const optionLabels = (el: HTMLSelectElement) => [...el.options].map((o) => o.textContent);
const ready = () => screen.findByRole('button', { name: 'Submit' });

async function fillBasic({ user }: { user: ReturnType<typeof userEvent.setup> }) {
  await user.selectOptions(field('Education'), 'Graduate');
  await user.selectOptions(field('State'), 'Karnataka');
  await waitFor(() => expect(field('District').disabled).toBe(false));
  await user.selectOptions(field('District'), 'Bengaluru Urban');
  await user.type(field('Address'), '12 MG Road');
  await user.type(field('PIN code'), '560001');
}

describe.each([
  ['StrictMode', true],
  ['normal mode', false],
])('auth forms (%s)', (_mode, strict) => {
  it("renders every dataType with its label and hint, under 'Step n / m'", async () => {
    harness({ kind: 'work', strict });
    await ready();
    expect(screen.getByRole('heading', { name: 'Work information' })).toBeTruthy();
    expect(screen.getByText('Step 3 / 5')).toBeTruthy();
    // 0: a dropdown of the dictionary, the label as the empty choice.
    expect(optionLabels(field('Employment type'))).toEqual(['Select your employment type', 'Salaried', 'Self-employed', 'Unemployed / student']);
    // 1: an input, numeric for checkType 1, with the label as placeholder.
    expect(field('Monthly income').getAttribute('inputmode')).toBe('numeric');
    expect(field('Company name').getAttribute('placeholder')).toBe('Where you work');
    expect(field('Company name').getAttribute('inputmode')).toBeNull();
    // 3: days 1–31.
    expect(optionLabels(field('Salary day')).slice(1)).toEqual(Array.from({ length: 31 }, (_, i) => String(i + 1)));
    // 4: the state list; 5: waits for a state.
    expect(optionLabels(field('Office state')).slice(1)).toEqual(['Karnataka', 'Kerala']);
    expect(field('Office district').disabled).toBe(true);
    expect(screen.getByText('Choose the state first.')).toBeTruthy();
  });

  it('keeps digits only in numeric inputs, at most lengthLimitMax (default 5); text up to lengthLimitMax', async () => {
    const h = harness({ kind: 'basic', strict });
    await ready();
    await h.user.type(field('PIN code'), 'a56-00 01x9');
    expect(field('PIN code').value).toBe('560001');
    expect(field('PIN code').getAttribute('maxlength')).toBe('6');
    expect(field('Address').getAttribute('maxlength')).toBe('100');
    h.view.unmount();
    const w = harness({ kind: 'work', strict });
    await ready();
    await w.user.type(field('Monthly income'), '₹1,23,45678');
    expect(field('Monthly income').value).toBe('12345');
  });

  it('loads the districts of the chosen state and empties the district when the state changes', async () => {
    const h = harness({ kind: 'basic', strict, holdDistricts: true });
    await ready();
    await h.user.selectOptions(field('State'), 'Karnataka');
    expect(optionLabels(field('District'))).toEqual(['Loading districts…']);
    // Typing goes on while the districts load.
    await h.user.type(field('Address'), '12 MG Road');
    await act(async () => h.districts.pending().resolve(DISTRICTS['12']!));
    await h.user.selectOptions(field('District'), 'Bengaluru Urban');
    expect(field('District').value).toBe('12004');
    await h.user.selectOptions(field('State'), 'Kerala');
    expect(field('District').value).toBe('');
    await act(async () => h.districts.pending().resolve(DISTRICTS['13']!));
    expect(optionLabels(field('District')).slice(1)).toEqual(['Ernakulam']);
    expect(h.districts.live().map((c) => c.input.stateId)).toEqual(['12', '13']);
  });

  it('offers a retry when the districts cannot be loaded', async () => {
    const h = harness({ kind: 'basic', strict, holdDistricts: true });
    await ready();
    await h.user.selectOptions(field('State'), 'Karnataka');
    await act(async () => h.districts.pending().reject(new Error('Service busy')));
    expect(await screen.findByText('Could not load the districts.')).toBeTruthy();
    await h.user.click(screen.getByRole('button', { name: 'Try again' }));
    await act(async () => h.districts.pending().resolve(DISTRICTS['12']!));
    expect(field('District').disabled).toBe(false);
    expect(screen.queryByText('Could not load the districts.')).toBeNull();
  });

  it('basic: the button is active only when every field is filled (the optional email aside)', async () => {
    const h = harness({ kind: 'basic', strict });
    await ready();
    expect(submitButton().disabled).toBe(true);
    // Which fields are still empty is said under the disabled button (it cannot be tapped to flag them).
    expect(screen.getByText(/^Still to fill in: Education, .* and PIN code\.$/)).toBeTruthy();
    await fillBasic(h);
    await h.user.clear(field('PIN code'));
    expect(submitButton().disabled).toBe(true);
    await h.user.type(field('PIN code'), '560001');
    expect(submitButton().disabled).toBe(false);
    await h.user.click(submitButton());
    expect(h.live().map((s) => s.input.values)).toEqual([{ education: '2', state: '12', district: '12004', address: '12 MG Road', pinCode: '560001' }]);
  });

  it('work: workState 3 hides the canHidden fields, which are neither required nor sent', async () => {
    const h = harness({ kind: 'work', strict });
    await ready();
    await h.user.type(field('Company name'), 'Acme');
    await h.user.selectOptions(field('Employment type'), 'Unemployed / student');
    expect(screen.queryByLabelText('Company name')).toBeNull();
    expect(screen.queryByLabelText('Salary day')).toBeNull();
    await h.user.type(field('Monthly income'), '0');
    await h.user.click(submitButton());
    expect(h.live().map((s) => s.input.values)).toEqual([{ workState: '3', monthlyIncome: '0' }]);
    // Back to another employment type: what was typed is still there.
    await act(async () => h.live()[0]!.d.reject(new Error('Service busy')));
    await h.user.selectOptions(field('Employment type'), 'Salaried');
    expect(field('Company name').value).toBe('Acme');
  });

  it('work: a tap with required fields unfilled flags them, says which, and focuses the first', async () => {
    const h = harness({ kind: 'work', strict });
    await ready();
    expect(submitButton().disabled).toBe(false);
    await h.user.selectOptions(field('Employment type'), 'Salaried');
    await h.user.click(submitButton());
    expect(h.submitCalls).not.toHaveBeenCalled();
    const summary = screen.getByText(/^Please fill in/);
    expect(summary.getAttribute('role')).toBe('alert');
    expect(summary.textContent).toBe('Please fill in Monthly income and 2 other fields.');
    expect(document.activeElement).toBe(field('Monthly income'));
    const income = field('Monthly income');
    expect(income.getAttribute('aria-invalid')).toBe('true');
    const errorId = income.getAttribute('aria-describedby')!;
    expect(document.getElementById(errorId)!.textContent).toBe('Required');
    expect(field('Office state').getAttribute('aria-invalid')).toBeNull();
    await h.user.type(income, '25000');
    expect(income.getAttribute('aria-invalid')).toBeNull();
    expect(summary.textContent).toBe('Please fill in Company name and Salary day.');
  });

  it('the e-mail field gets the e-mail keyboard; a malformed address is said once, at the field, brought into view: no toast, nothing sent', async () => {
    const scrolled: { el: Element; options: unknown }[] = [];
    const scrollIntoView = vi.fn(function (this: Element, options?: unknown) {
      scrolled.push({ el: this, options });
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      const h = harness({ kind: 'basic', strict });
      await ready();
      const email = field('Email');
      expect(email.getAttribute('type')).toBe('email');
      expect(email.getAttribute('inputmode')).toBe('email');
      expect(email.getAttribute('autocomplete')).toBe('email');
      expect(email.getAttribute('autocapitalize')).toBe('none');
      expect(field('Address').getAttribute('type')).toBeNull();
      await fillBasic(h);
      await h.user.type(email, 'asha@example');
      await h.user.click(submitButton());
      expect(h.submitCalls).not.toHaveBeenCalled();
      expect(email.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(email.getAttribute('aria-describedby')!)!.textContent).toBe(authFormText.en.emailInvalid);
      // Once: at the field, not again in a toast or in the summary above Submit.
      expect(screen.getAllByText(authFormText.en.emailInvalid)).toHaveLength(1);
      expect(document.querySelector('.toast')).toBeNull();
      expect(screen.queryByText(/^Please fill in/)).toBeNull();
      // Focused, and its field (label, input, message) brought to the middle of the screen, clear of the sticky Submit bar.
      expect(document.activeElement).toBe(email);
      expect(scrolled.at(-1)).toEqual({ el: email.closest('.field'), options: { block: 'center' } });
      await h.user.type(email, '.com');
      expect(email.getAttribute('aria-invalid')).toBeNull();
      await h.user.click(submitButton());
      expect(h.live().map((x) => x.input.values)).toEqual([
        { education: '2', state: '12', district: '12004', address: '12 MG Road', pinCode: '560001', email: 'asha@example.com' },
      ]);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('a refused submit says each errorColumn message once, under its field, with no toast; focus goes to the first; everything is kept', async () => {
    const h = harness({ kind: 'basic', strict });
    await ready();
    await fillBasic(h);
    await h.user.click(submitButton());
    const refused = new ApiError('server', 'Please check the highlighted fields', {
      code: 1,
      data: {
        errorColumn: [
          { column: 'pinCode', msg: 'PIN code must be 6 digits and cannot start with 0' },
          { column: 'address', msg: 'Address is too short' },
        ],
      },
    });
    await act(async () => h.live()[0]!.d.reject(withErrorColumns(refused)));
    // Once, at its field: never repeated in a toast (which would also cover the fields below).
    await waitFor(() => expect(screen.getAllByText('PIN code must be 6 digits and cannot start with 0')).toHaveLength(1));
    expect(within(field('PIN code').closest('.field')!).getByText('PIN code must be 6 digits and cannot start with 0')).toBeTruthy();
    expect(screen.getAllByText('Address is too short')).toHaveLength(1);
    expect(document.querySelector('.toast')).toBeNull();
    expect(field('PIN code').getAttribute('aria-invalid')).toBe('true');
    expect(document.querySelector('.form-actions .form-error')!.textContent).toBe('Please correct the highlighted fields.');
    expect(document.activeElement).toBe(field('Address'));
    expect(field('PIN code').value).toBe('560001');
    expect(h.navigate).not.toHaveBeenCalled();
    // Corrected: the message and the summary go.
    await h.user.clear(field('PIN code'));
    await h.user.type(field('PIN code'), '560002');
    expect(screen.queryByText('PIN code must be 6 digits and cannot start with 0')).toBeNull();
    // A refusal without columns shows msg, in a toast.
    await h.user.click(submitButton());
    await act(async () => h.live()[1]!.d.reject(withErrorColumns(new ApiError('server', 'Service busy, please try again later', { code: 1 }))));
    expect((await screen.findByText('Service busy, please try again later')).closest('.toast')).not.toBeNull();
  });

  it('a message the form cannot tie to a field it shows goes to the toast, numbered; the rest stays at its field', async () => {
    const h = harness({ kind: 'basic', strict });
    await ready();
    await fillBasic(h);
    await h.user.click(submitButton());
    const refused = new ApiError('server', 'Please check the highlighted fields', {
      code: 1,
      data: { errorColumn: [{ column: 'pinCode', msg: 'PIN code must be 6 digits and cannot start with 0' }, { column: 'income', msg: 'Income is required' }] },
    });
    await act(async () => h.live()[0]!.d.reject(withErrorColumns(refused)));
    const toast = await screen.findByText(/^1\. Income/);
    expect(toast.textContent).toBe('1. Income is required');
    expect(screen.getAllByText('PIN code must be 6 digits and cannot start with 0')).toHaveLength(1);
    expect(document.activeElement).toBe(field('PIN code'));
  });

  it('Submit shows it is working in the render of the tap, and sends once', async () => {
    const h = harness({ kind: 'basic', strict });
    await ready();
    await fillBasic(h);
    tapAndExpectBusy(submitButton());
    expect(h.submitCalls).toHaveBeenCalledTimes(1);
  });

  it('restores the draft after a reload, and removes it once saved', async () => {
    const h = harness({ kind: 'basic', strict });
    await ready();
    await fillBasic(h);
    h.view.unmount();
    const again = harness({ kind: 'basic', strict });
    await ready();
    await waitFor(() => expect(field('District').value).toBe('12004'));
    expect(field('Education').value).toBe('2');
    expect(field('State').value).toBe('12');
    expect(field('Address').value).toBe('12 MG Road');
    expect(field('PIN code').value).toBe('560001');
    expect(submitButton().disabled).toBe(false);
    await again.user.click(submitButton());
    await act(async () => again.live()[0]!.d.resolve());
    expect(again.navigate.mock.calls).toEqual([TO_HUB]);
    expect(formDraft('basic').read()).toBeNull();
  });

  it('a restored district that is no longer in its state is dropped once the districts load', async () => {
    formDraft('basic').write({ values: { education: '2', state: '12', district: '12999', address: 'x', pinCode: '560001', stray: 'y' }, idempotencyKey: null });
    const h = harness({ kind: 'basic', strict, holdDistricts: true });
    await ready();
    expect(submitButton().disabled).toBe(true);
    await act(async () => h.districts.pending().resolve(DISTRICTS['12']!));
    expect(field('District').value).toBe('');
    expect(formDraft('basic').read()?.values).toMatchObject({ state: '12', district: '' });
  });

  it('sends one request per tap: a double tap and Enter while saving send nothing more', async () => {
    const h = harness({ kind: 'basic', strict });
    await ready();
    await fillBasic(h);
    await h.user.dblClick(submitButton());
    await h.user.type(field('Address'), '{Enter}');
    expect(h.live()).toHaveLength(1);
    expect(h.submitCalls).toHaveBeenCalledTimes(1);
    expect(submitButton().getAttribute('aria-busy')).toBe('true');
    await act(async () => h.live()[0]!.d.resolve());
    expect(h.navigate.mock.calls).toEqual([TO_HUB]);
  });

  it('a retry after a failure sends the key of the first try; the draft keeps it', async () => {
    const h = harness({ kind: 'basic', strict });
    await ready();
    await fillBasic(h);
    await h.user.click(submitButton());
    const [first] = h.keys();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(formDraft('basic').read()?.idempotencyKey).toBe(first);
    await act(async () => h.live()[0]!.d.reject(new Error('Service busy, please try again later')));
    await h.user.click(submitButton());
    expect(h.keys()).toEqual([first, first]);
  });

  it('a reload while sending restores the key: the answer-less submit is sent again with it', async () => {
    const h = harness({ kind: 'basic', strict });
    await ready();
    await fillBasic(h);
    await h.user.click(submitButton());
    const [first] = h.keys();
    h.view.unmount();
    const again = harness({ kind: 'basic', strict });
    await ready();
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    await again.user.click(submitButton());
    expect(again.keys()).toEqual([first]);
    await act(async () => again.live()[0]!.d.resolve());
    expect(formDraft('basic').read()).toBeNull();
  });

  it('an edited answer is a new submit: a new key', async () => {
    const h = harness({ kind: 'work', strict });
    await ready();
    await h.user.selectOptions(field('Employment type'), 'Unemployed / student');
    await h.user.type(field('Monthly income'), '25000');
    await h.user.click(submitButton());
    await act(async () => h.live()[0]!.d.reject(new Error('Service busy, please try again later')));
    await h.user.clear(field('Monthly income'));
    await h.user.type(field('Monthly income'), '30000');
    expect(formDraft('work').read()?.idempotencyKey).toBeNull();
    await h.user.click(submitButton());
    const [first, second] = h.keys();
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect(h.live()[1]!.input.values).toEqual({ workState: '3', monthlyIncome: '30000' });
  });
});

describe('a form step done before the visit (find-user-auth)', () => {
  it.each([
    ['basic', 'Basic information'],
    ['work', 'Work information'],
  ] as const)('/auth/%s replaces itself with the hub before loading the form: no %s form, nothing sent, the draft removed', async (kind, title) => {
    api.getPageInfo.mockReset().mockResolvedValue(BASIC.cannotHidden);
    api.getWorkPageInfo.mockReset().mockResolvedValue(WORK);
    api.getStates.mockReset().mockResolvedValue(STATES);
    api.getVerificationStatus.mockReset().mockResolvedValue({ userAuthConfigVoList: [], ...ALL_DONE });
    api.submitBaseInfo.mockReset();
    api.submitWorkInfo.mockReset();
    formDraft(kind).write({ values: { address: 'old answer' }, idempotencyKey: null });
    const { default: Route } = await import(kind === 'basic' ? '../../src/flows/auth/BasicRoute' : '../../src/flows/auth/WorkRoute');
    const memory = memoryLocation({ path: '/auth/index?pid=1', record: true });
    memory.navigate(`/auth/${kind}?pid=1&step=3&as=5`, { replace: true });
    render(
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <Route />
      </Router>,
    );
    await waitFor(() => expect(memory.history).toEqual(['/auth/index?pid=1']));
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(api.submitBaseInfo).not.toHaveBeenCalled();
    expect(api.submitWorkInfo).not.toHaveBeenCalled();
    expect(api.getPageInfo).not.toHaveBeenCalled();
    expect(api.getWorkPageInfo).not.toHaveBeenCalled();
    expect(formDraft(kind).read()).toBeNull();
  });
});

describe('the /auth/basic route', () => {
  it("sends the answers with the tap's key (the same on a retry), then replaces the form with the hub", async () => {
    api.getPageInfo.mockReset().mockResolvedValue(BASIC.cannotHidden);
    api.getVerificationStatus.mockReset().mockResolvedValue({ userAuthConfigVoList: [], ...FORMS_PENDING });
    api.getStates.mockReset().mockResolvedValue(STATES);
    api.getDistricts.mockReset().mockImplementation(async (stateId: string) => DISTRICTS[stateId] ?? []);
    api.submitBaseInfo.mockReset().mockRejectedValueOnce(new Error('Service busy, please try again later')).mockResolvedValueOnce(undefined);
    const { default: BasicRoute } = await import('../../src/flows/auth/BasicRoute');
    const memory = memoryLocation({ path: '/auth/basic?pid=7&step=3&as=5', record: true });
    render(
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <BasicRoute />
        <ToastHost />
      </Router>,
    );
    const user = userEvent.setup({ delay: null });
    await ready();
    await fillBasic({ user });
    await user.click(submitButton());
    expect(await screen.findByText('Service busy, please try again later')).toBeTruthy();
    await user.click(submitButton());
    await waitFor(() => expect(memory.history).toEqual(['/auth/index?pid=7']));
    const [first, retry] = api.submitBaseInfo.mock.calls as [FormAnswers, { signal: AbortSignal; idempotencyKey: string }][];
    expect(first![0]).toEqual({ education: '2', state: '12', district: '12004', address: '12 MG Road', pinCode: '560001' });
    expect(first![1].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry![1].idempotencyKey).toBe(first![1].idempotencyKey);
    expect(formDraft('basic').read()).toBeNull();
  });
});
