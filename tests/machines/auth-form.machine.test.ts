import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise } from 'xstate';
import { authFormMachine, type AuthFormDraft, type AuthFormInput } from '../../machines/auth-form/auth-form.machine';
import type { StepStatus } from '../../machines/shared/steps';
import {
  cases,
  DEFINITION,
  DISTRICTS,
  DRAFT_KEY,
  field,
  ALL_DONE,
  FORMS_PENDING,
  inputs,
  PLAIN_DEFINITION,
  REJECTED,
  REJECTED_PIN,
  REJECTED_PLAIN,
  serialize,
  STATES,
} from '../../machines/auth-form/auth-form.cases';
import {
  applyChange,
  DEFAULT_NUMERIC_MAX,
  fieldProblem,
  formatProblem,
  isComplete,
  isEmailName,
  isWellFormed,
  missingFields,
  problemSummary,
  shownFieldNames,
  toFillHint,
  restoreValues,
  samePayload,
  sanitize,
  submitEnabled,
  submitPayload,
  toFields,
} from '../../machines/auth-form/auth-form.rules';
import type { AuthPageField, FormAnswers, Place } from '../../contract/verification';
import { allAtFields, numberedList, placeRejection, rejectionOf, toastOfRejection } from '../../machines/shared/rejection';
import { say } from '../../i18n/core';
import { authFormText, type AuthFormKey } from '../../i18n/en/authForm';
import { textFor } from '../../src/ui/text';
import { formatCoverage, transitionCoverage } from '../../model-testing/coverage';
import { deferred } from '../support/fakes';
import { generatePaths } from '../../model-testing/paths';
import { invocations } from '../../model-testing/replay';

const paths = generatePaths(authFormMachine, { cases, inputs, serialize });
const EMAIL_INVALID = say<AuthFormKey>('emailInvalid');
/** What the borrower reads in English. */
const english = textFor(authFormText, 'en');

describe('auth-form machine: paths generated from the machine', () => {
  it('covers every transition', () => {
    const coverage = transitionCoverage(authFormMachine, paths);
    expect(coverage.missing, formatCoverage('auth-form', coverage)).toEqual([]);
  });

  it('generates paths for both kinds', () => {
    const kinds = new Set(paths.map((p) => p.input?.kind));
    expect([...kinds].sort()).toEqual(['basic', 'work']);
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    let previous = path.steps[0]!.state;
    for (const step of path.steps) {
      const s = step.state;
      const c = s.context;
      if (s.matches('form') || s.matches('done')) {
        // A chosen state is one of the list; a district is one of its districts once they are loaded.
        if (c.values.state) expect(STATES.map((x) => x.id)).toContain(c.values.state);
        const loaded = c.values.state ? c.districts[c.values.state] : undefined;
        if (c.values.district && loaded) expect(loaded.map((d) => d.id)).toContain(c.values.district);
        if (c.values.district) expect(c.values.state).toBeTruthy();
      }
      // Only a complete form is sent; a state change empties the district.
      if (s.matches({ form: { submission: 'submitting' } })) {
        expect(isComplete(c)).toBe(true);
        expect(isWellFormed(c)).toBe(true);
      }
      // A step done before the visit goes on at once, straight from the status (the form is not loaded): nothing was typed or sent.
      if (s.matches('done') && step.event.type === 'xstate.done.actor.loadStatus') {
        expect(previous.matches('checking')).toBe(true);
        expect(invocations(path.steps, 'submit')).toBe(0);
        expect(c.values).toEqual({});
      }
      // The status comes first: the definition is asked for only after a status that says "not done".
      if (s.matches({ loading: 'definition' })) expect(previous.matches('checking')).toBe(true);
      if (s.matches('done')) expect(s.status).toBe('done');
      const before = previous.context.values;
      if (step.event.type === 'field.changed' && step.event.name === 'state' && before.state !== c.values.state) expect(c.values.district ?? '').toBe('');
      // The districts load only while a shown district field waits for them.
      if (s.hasTag('districtsLoading')) expect(c.values.state).toBeTruthy();
      // Idempotency: a submit is sent with a key, made by the tap; a retry (nothing changed since) sends
      // the same one, a reloaded draft's included; a change to what would be sent (an edit, a restored
      // answer dropped) drops it; a failure keeps it; success clears it.
      const key = previous.context.idempotencyKey;
      if (s.matches({ form: { submission: 'submitting' } })) {
        expect(c.idempotencyKey).toBeTruthy();
        if (key !== null) expect(c.idempotencyKey).toBe(key);
      }
      if (c.idempotencyKey !== null && c.idempotencyKey !== key) expect(step.event.type).toBe('form.submitted');
      if (!samePayload(c.fields, before, c.values)) expect(c.idempotencyKey).toBeNull();
      if (step.event.type === 'xstate.error.actor.submit') expect(c.idempotencyKey).toBe(key);
      if (s.matches('done')) expect(c.idempotencyKey).toBeNull();
      previous = s;
    }
  });
});

const spec = (over: Partial<AuthPageField> & Pick<AuthPageField, 'value' | 'dataType'>): AuthPageField => field({ key: over.value, ...over });
const NO_PLACES = { states: [] as Place[], districts: undefined };

describe('auth-form rules', () => {
  it('numeric inputs keep digits only, at most lengthLimitMax (default 5); text keeps lengthLimitMax or is not capped', () => {
    const [pin, income, address, note] = toFields({
      cannotHidden: [
        spec({ value: 'pinCode', dataType: 1, checkType: 1, lengthLimitMax: 6 }),
        spec({ value: 'income', dataType: 1, checkType: 1 }),
        spec({ value: 'address', dataType: 1, lengthLimitMax: 10 }),
        spec({ value: 'note', dataType: 1 }),
      ],
      canHidden: [],
    });
    expect(sanitize(pin!, '56a0-0012', NO_PLACES)).toBe('560001');
    expect(income!.maxLength).toBe(DEFAULT_NUMERIC_MAX);
    expect(sanitize(income!, '1234567', NO_PLACES)).toBe('12345');
    expect(sanitize(address!, '12 MG Road, Bengaluru', NO_PLACES)).toBe('12 MG Road');
    expect(note!.maxLength).toBeNull();
    expect(sanitize(note!, 'x'.repeat(300), NO_PLACES)).toHaveLength(300);
  });

  it('dropdowns keep only their choices; the day is 1–31', () => {
    const [edu, day] = toFields({
      cannotHidden: [spec({ value: 'education', dataType: 0, dictionaryVoList: [{ dictLabel: 'Graduate', dictValue: '5' }] }), spec({ value: 'salaryDay', dataType: 3 })],
      canHidden: [],
    });
    expect(sanitize(edu!, '5', NO_PLACES)).toBe('5');
    expect(sanitize(edu!, '9', NO_PLACES)).toBe('');
    expect(day!.options).toHaveLength(31);
    expect(sanitize(day!, '31', NO_PLACES)).toBe('31');
    expect(sanitize(day!, '32', NO_PLACES)).toBe('');
  });

  it('another state empties its district; each district follows the state above it', () => {
    const fields = toFields({
      cannotHidden: [spec({ value: 'state', dataType: 4 }), spec({ value: 'district', dataType: 5 })],
      canHidden: [spec({ value: 'companyState', dataType: 4 }), spec({ value: 'companyDistrict', dataType: 5 })],
    });
    expect(fields.map((f) => f.stateField)).toEqual([null, 'state', null, 'companyState']);
    const data = { fields, states: STATES, districts: { '10': DISTRICTS }, values: { state: '10', district: '10001', companyState: '10', companyDistrict: '10001' } };
    expect(applyChange(data, 'state', '20')).toEqual({ state: '20', district: '', companyState: '10', companyDistrict: '10001' });
    expect(applyChange(data, 'state', '10')).toBe(data.values);
    expect(applyChange(data, 'state', '77')).toEqual({ ...data.values, state: '', district: '' });
  });

  it('a restored draft keeps what still fits: a gone state drops its district, a gone choice is dropped', () => {
    const fields = toFields(DEFINITION);
    expect(restoreValues({ fields, states: STATES, districts: {} }, { state: '99', district: '99001', workState: '7', companyName: 'Acme', stray: 'x' })).toEqual({
      companyName: 'Acme',
    });
    // The district is kept until the districts of its state are loaded.
    expect(restoreValues({ fields, states: STATES, districts: {} }, { state: '10', district: '10999' })).toEqual({ state: '10', district: '10999' });
  });

  it('workState 3 hides canHidden: not required, not sent', () => {
    const fields = toFields(DEFINITION);
    const values = { workState: '3', state: '10', district: '10001', companyName: 'Acme' };
    expect(missingFields({ fields, values: { workState: '3' }, districts: {} }).map((f) => f.name)).toEqual(['state', 'district']);
    expect(submitPayload(fields, values)).toEqual({ workState: '3', state: '10', district: '10001' });
    expect(submitPayload(fields, { ...values, workState: '1', companyName: '  Acme  ' })).toEqual({ workState: '1', state: '10', district: '10001', companyName: 'Acme' });
  });

  it("names the missing fields by the server's titles, in the borrower's language", () => {
    const fields = toFields({ cannotHidden: ['Name', 'City', 'Income', 'Email'].map((t) => spec({ value: t.toLowerCase(), key: t, dataType: 1 })), canHidden: [] });
    const summary = (values: Record<string, string>) => {
      const said = problemSummary({ fields, values, districts: {}, flagged: true, serverErrors: {} });
      return said && english.said(said);
    };
    const toFill = (values: Record<string, string>) => english.said(toFillHint({ fields, values, districts: {} }));
    expect(summary({ name: 'a', city: 'b', income: '1' })).toBe('Please fill in Email.');
    expect(summary({ name: 'a', city: 'b' })).toBe('Please fill in Income and Email.');
    expect(summary({})).toBe('Please fill in Name and 3 other fields.');
    expect(summary({ name: 'a', city: 'b', income: '1', email: 'x' })).toBeNull();
    expect(toFill({ name: 'a', city: 'b', income: '1' })).toBe('Still to fill in: Email.');
    expect(toFill({ name: 'a' })).toBe('Still to fill in: City, Income and Email.');
    expect(toFill({ name: 'a', city: 'b', income: '1', email: 'x' })).toBe('Fill in every field to continue.');
    expect(toFillHint({ fields, values: { name: 'a', city: 'b', income: '1' }, districts: {} })).toEqual(say('toFillOne', { field: 'Email' }));
  });

  it('answers send the same request when their visible, filled values are the same', () => {
    const fields = toFields(DEFINITION);
    const values = { workState: '3', state: '10', district: '10001' };
    expect(samePayload(fields, values, { ...values, companyName: 'Acme', stray: 'x' })).toBe(true);
    expect(samePayload(fields, values, { ...values, district: '' })).toBe(false);
    expect(samePayload(fields, values, { ...values, workState: '1', companyName: 'Acme' })).toBe(false);
  });

  it('basic waits for every (required) field; work is always active', () => {
    const fields = toFields({ cannotHidden: [spec({ value: 'a', dataType: 1 }), spec({ value: 'email', dataType: 1, checkReq: 0 })], canHidden: [] });
    const enabled = (kind: 'basic' | 'work', values: Record<string, string>) => submitEnabled(kind, { fields, values, districts: {} });
    expect(enabled('basic', {})).toBe(false);
    expect(enabled('basic', { a: '  ' })).toBe(false);
    expect(enabled('basic', { a: 'x' })).toBe(true);
    expect(enabled('work', {})).toBe(true);
  });

  it('a message naming a shown field is said there only; the rest goes to the toast as a numbered list, msg when there are no columns', () => {
    const fields = toFields(DEFINITION);
    const shown = shownFieldNames({ fields, values: { workState: '1' } });
    const hiding = shownFieldNames({ fields, values: { workState: '3' } });
    const refused = rejectionOf(REJECTED);
    // Both fields shown: nothing is left for a toast.
    expect(placeRejection(refused, shown)).toEqual({
      atFields: { companyName: 'Company name can be at most 60 characters', district: 'This district is not in Karnataka' },
      elsewhere: [],
    });
    expect(allAtFields(refused, shown)).toBe(true);
    // workState 3 hides the company name: its message cannot be tied to a field the borrower sees.
    expect(placeRejection(refused, hiding).atFields).toEqual({ district: 'This district is not in Karnataka' });
    expect(allAtFields(refused, hiding)).toBe(false);
    expect(toastOfRejection(refused, hiding, 'submitFailed')).toEqual({ server: '1. Company name can be at most 60 characters' });
    // A column the form does not have (the PIN code on a form without one), or none at all.
    expect(toastOfRejection(rejectionOf(REJECTED_PIN), shown, 'submitFailed')).toEqual({ server: '1. PIN code must be 6 digits and cannot start with 0' });
    const unnamed = Object.assign(new Error('x'), { columns: [{ column: null, msg: 'Try later' }, { column: 'district', msg: 'Bad district' }] });
    expect(placeRejection(rejectionOf(unnamed), shown)).toEqual({ atFields: { district: 'Bad district' }, elsewhere: [{ column: null, msg: 'Try later' }] });
    expect(numberedList(rejectionOf(REJECTED).columns)).toBe('1. Company name can be at most 60 characters\n2. This district is not in Karnataka');
    // No columns: msg, else the form's own message.
    expect(allAtFields(rejectionOf(REJECTED_PLAIN), shown)).toBe(false);
    expect(toastOfRejection(rejectionOf(REJECTED_PLAIN), shown, 'submitFailed')).toEqual({ server: 'Service busy, please try again later' });
    expect(toastOfRejection(rejectionOf('??'), shown, 'submitFailed')).toEqual({ key: 'submitFailed' });
  });

  it("says 'Please correct the highlighted fields.' above Submit while a server message stands under a shown field", () => {
    const fields = toFields(PLAIN_DEFINITION);
    const data = { fields, values: { pinCode: '012345' }, districts: {}, flagged: false, serverErrors: { pinCode: 'PIN code must be 6 digits and cannot start with 0' } };
    expect(english.said(problemSummary(data)!)).toBe('Please correct the highlighted fields.');
    expect(fieldProblem(data, fields[0]!)).toEqual({ server: 'PIN code must be 6 digits and cannot start with 0' });
    expect(problemSummary({ ...data, serverErrors: {} })).toBeNull();
    // What is missing comes first once a tap flagged the form.
    expect(english.said(problemSummary({ ...data, values: {}, flagged: true })!)).toBe('Please fill in PIN code.');
  });
});

describe('auth-form rules: the e-mail field', () => {
  it('is found by its parameter name (what the server reads), not by its title', () => {
    for (const name of ['email', 'Email', 'EMAIL', 'e-mail', 'e_mail', 'officeEmail', 'work_email', 'contact-email']) expect(isEmailName(name)).toBe(true);
    for (const name of ['voicemail', 'emailVerified', 'mail', 'hotmailUser', 'address']) expect(isEmailName(name)).toBe(false);
    const [email, titled, numeric] = toFields({
      cannotHidden: [
        spec({ value: 'email', key: 'Contact', dataType: 1 }),
        spec({ value: 'contact', key: 'Email', dataType: 1 }),
        spec({ value: 'officeEmail', dataType: 1, checkType: 1 }),
      ],
      canHidden: [],
    });
    expect([email!.email, titled!.email, numeric!.email]).toEqual([true, false, false]);
  });

  it('checks the format of a filled e-mail only, trimmed; shown at the field once a tap flagged the form', () => {
    const fields = toFields({ cannotHidden: [spec({ value: 'email', dataType: 1, checkReq: 0 })], canHidden: [] });
    const email = fields[0]!;
    const data = (value: string, flagged = true) => ({ fields, values: { email: value }, districts: {}, flagged, serverErrors: {} });
    for (const ok of ['', 'asha@example.com', ' asha.verma+loans@mail.example.in ']) expect(formatProblem(email, { email: ok })).toBeNull();
    for (const bad of ['asha', 'asha@', 'asha@example', '@example.com', 'asha @example.com']) expect(formatProblem(email, { email: bad })).toEqual(EMAIL_INVALID);
    expect(isWellFormed(data('asha@'))).toBe(false);
    expect(fieldProblem(data('asha@', false), email)).toBeNull();
    expect(fieldProblem(data('asha@'), email)).toEqual(EMAIL_INVALID);
    expect(english.said(fieldProblem(data('asha@'), email)!)).toBe('Please enter a valid e-mail address, like name@example.com.');
    // The summary above Submit is about missing fields only: the format problem is said once, at the field.
    expect(problemSummary(data('asha@'))).toBeNull();
  });
});

describe('auth-form machine, running', () => {
  function start(kind: 'basic' | 'work' = 'work', draft: AuthFormInput['draft'] = null, status: StepStatus = FORMS_PENDING, definition = DEFINITION) {
    const districtCalls: { stateId: string; signal: AbortSignal; d: ReturnType<typeof deferred<Place[]>> }[] = [];
    const submits: { input: { values: FormAnswers; idempotencyKey: string }; d: ReturnType<typeof deferred<void>> }[] = [];
    const drafts: AuthFormDraft[] = [];
    const navigations: unknown[] = [];
    const toasts: unknown[] = [];
    let cleared = 0;
    let keys = 0;
    let definitions = 0;
    const actor = createActor(
      authFormMachine.provide({
        actors: {
          loadStatus: fromPromise(async () => status),
          loadForm: fromPromise(async () => {
            definitions++;
            return definition;
          }),
          loadStates: fromPromise(async () => STATES),
          loadDistricts: fromPromise(({ input, signal }) => {
            const d = deferred<Place[]>();
            districtCalls.push({ stateId: input.stateId, signal, d });
            return d.promise;
          }),
          submit: fromPromise(({ input }) => {
            const d = deferred<void>();
            submits.push({ input, d });
            return d.promise;
          }),
        },
        actions: {
          persistDraft: (_, p) => drafts.push(p.draft),
          clearDraft: () => cleared++,
          navigate: (_, p) => navigations.push(p),
          showToast: (_, p) => toasts.push(p.message),
          newIdempotencyKey: assign({ idempotencyKey: () => `key-${++keys}` }),
        },
      }),
      { input: { kind, pid: '7', draft } },
    ).start();
    return { actor, districtCalls, submits, drafts, navigations, toasts, cleared: () => cleared, definitions: () => definitions };
  }
  const tick = () => new Promise((r) => setTimeout(r, 0));

  it('typing goes on while the districts load; another state cancels the load and loads its own', async () => {
    const { actor, districtCalls, drafts } = start();
    await tick();
    expect(actor.getSnapshot().matches({ form: { submission: 'editing' } })).toBe(true);
    actor.send({ type: 'field.changed', name: 'state', value: '10' });
    expect(districtCalls.map((c) => c.stateId)).toEqual(['10']);
    actor.send({ type: 'field.changed', name: 'companyName', value: 'Acme' });
    expect(actor.getSnapshot().context.values.companyName).toBe('Acme');
    actor.send({ type: 'field.changed', name: 'state', value: '20' });
    expect(districtCalls[0]!.signal.aborted).toBe(true);
    expect(districtCalls.map((c) => c.stateId)).toEqual(['10', '20']);
    districtCalls[1]!.d.resolve([{ id: '20001', name: 'Ernakulam' }]);
    await tick();
    expect(actor.getSnapshot().context.districts['20']).toHaveLength(1);
    expect(actor.getSnapshot().hasTag('districtsLoading')).toBe(false);
    expect(drafts.at(-1)?.values).toEqual({ state: '20', district: '', companyName: 'Acme' });
  });

  it('keys a submit on the tap: the same key on a retry, a new one after an edit, none once saved', async () => {
    const { actor, districtCalls, submits, drafts, navigations, cleared } = start();
    await tick();
    actor.send({ type: 'field.changed', name: 'workState', value: '3' });
    actor.send({ type: 'field.changed', name: 'state', value: '10' });
    districtCalls[0]!.d.resolve(DISTRICTS);
    await tick();
    actor.send({ type: 'field.changed', name: 'district', value: '10001' });
    expect(actor.getSnapshot().context.idempotencyKey).toBeNull();
    actor.send({ type: 'form.submitted' });
    expect(submits.map((x) => x.input)).toEqual([{ values: { workState: '3', state: '10', district: '10001' }, idempotencyKey: 'key-1' }]);
    // The key is in the draft before the request can be lost to a reload.
    expect(drafts.at(-1)).toEqual({ values: { workState: '3', state: '10', district: '10001' }, idempotencyKey: 'key-1' });
    submits[0]!.d.reject(REJECTED);
    await tick();
    expect(actor.getSnapshot().context.idempotencyKey).toBe('key-1');
    actor.send({ type: 'form.submitted' });
    expect(submits[1]!.input.idempotencyKey).toBe('key-1');
    submits[1]!.d.reject(new Error('Service busy'));
    await tick();
    actor.send({ type: 'field.changed', name: 'workState', value: '1' });
    actor.send({ type: 'field.changed', name: 'workState', value: '3' });
    expect(actor.getSnapshot().context.idempotencyKey).toBeNull();
    expect(drafts.at(-1)?.idempotencyKey).toBeNull();
    actor.send({ type: 'form.submitted' });
    expect(submits[2]!.input.idempotencyKey).toBe('key-2');
    submits[2]!.d.resolve();
    await tick();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.idempotencyKey).toBeNull();
    expect(cleared()).toBe(1);
    expect(navigations).toEqual([{ to: '/auth/index?pid=7', replace: true }]);
  });

  it('a refusal naming only shown fields is said at them, with no toast; focus is asked for; a change clears its message', async () => {
    const { actor, submits, toasts } = start('basic', null, FORMS_PENDING, PLAIN_DEFINITION);
    await tick();
    actor.send({ type: 'field.changed', name: 'pinCode', value: '012345' });
    actor.send({ type: 'form.submitted' });
    const attention = actor.getSnapshot().context.attention;
    submits[0]!.d.reject(REJECTED_PIN);
    await tick();
    expect(actor.getSnapshot().matches({ form: { submission: 'editing' } })).toBe(true);
    expect(toasts).toEqual([]);
    expect(actor.getSnapshot().context.serverErrors).toEqual({ pinCode: 'PIN code must be 6 digits and cannot start with 0' });
    expect(actor.getSnapshot().context.attention).toBe(attention + 1);
    actor.send({ type: 'field.changed', name: 'pinCode', value: '560001' });
    expect(actor.getSnapshot().context.serverErrors).toEqual({});
    // No columns: the server's msg in a toast, nothing at the fields, no focus move.
    actor.send({ type: 'form.submitted' });
    submits[1]!.d.reject(REJECTED_PLAIN);
    await tick();
    expect(toasts).toEqual([{ server: 'Service busy, please try again later' }]);
    expect(actor.getSnapshot().context.attention).toBe(attention + 1);
  });

  it('a hidden field cannot carry its message: that one goes to the toast, the shown one stays at its field', async () => {
    const { actor, districtCalls, submits, toasts } = start('work');
    await tick();
    actor.send({ type: 'field.changed', name: 'workState', value: '3' });
    actor.send({ type: 'field.changed', name: 'state', value: '10' });
    districtCalls[0]!.d.resolve(DISTRICTS);
    await tick();
    actor.send({ type: 'field.changed', name: 'district', value: '10001' });
    actor.send({ type: 'form.submitted' });
    submits[0]!.d.reject(REJECTED);
    await tick();
    expect(toasts).toEqual([{ server: '1. Company name can be at most 60 characters' }]);
    expect(actor.getSnapshot().context.serverErrors).toEqual({ district: 'This district is not in Karnataka' });
  });

  it("drops a reloaded draft's key when a restored answer turns out no longer valid", async () => {
    const { actor, districtCalls, drafts } = start('basic', inputs.basicRestored.draft);
    await tick();
    expect(actor.getSnapshot().context.idempotencyKey).toBe(DRAFT_KEY);
    districtCalls[0]!.d.resolve(DISTRICTS);
    await tick();
    expect(actor.getSnapshot().context.values.district).toBe('');
    expect(actor.getSnapshot().context.idempotencyKey).toBeNull();
    expect(drafts.at(-1)?.idempotencyKey).toBeNull();
  });

  it("sends a reloaded draft's unanswered submit with its key", async () => {
    const { actor, districtCalls, submits } = start('work', inputs.workReloadedWhileSending.draft);
    await tick();
    districtCalls[0]!.d.resolve(DISTRICTS);
    await tick();
    actor.send({ type: 'form.submitted' });
    expect(submits.map((x) => x.input.idempotencyKey)).toEqual([DRAFT_KEY]);
  });

  it.each(['basic', 'work'] as const)('%s done before the visit: the draft goes and the hub replaces the page, before the form is loaded; nothing is sent', async (kind) => {
    const { actor, submits, navigations, cleared, definitions } = start(kind, { values: { workState: '3' }, idempotencyKey: DRAFT_KEY }, ALL_DONE);
    await tick();
    expect(actor.getSnapshot().status).toBe('done');
    expect(navigations).toEqual([{ to: '/auth/index?pid=7', replace: true }]);
    expect(cleared()).toBe(1);
    expect(submits).toEqual([]);
    expect(definitions()).toBe(0);
  });

  it('a step not done yet shows the form (the other steps done do not count)', async () => {
    const { actor, navigations, definitions } = start('basic', null, { ...ALL_DONE, basic: 0 });
    await tick();
    expect(actor.getSnapshot().matches('form')).toBe(true);
    expect(navigations).toEqual([]);
    expect(definitions()).toBe(1);
  });

  it('a malformed e-mail is flagged at its field on the tap, with no toast and nothing sent; a good one is sent', async () => {
    const toasts: string[] = [];
    const submits: { values: FormAnswers }[] = [];
    const machine = authFormMachine.provide({
      actors: {
        loadStatus: fromPromise(async () => FORMS_PENDING),
        loadForm: fromPromise(async () => PLAIN_DEFINITION),
        submit: fromPromise(async ({ input }) => void submits.push(input)),
      },
      actions: { showToast: (_, { message }) => void toasts.push(english.said(message)) },
    });
    const form = createActor(machine, { input: { kind: 'basic', pid: '7', draft: null } }).start();
    await tick();
    form.send({ type: 'field.changed', name: 'pinCode', value: '560001' });
    form.send({ type: 'field.changed', name: 'email', value: 'asha@example' });
    form.send({ type: 'form.submitted' });
    const c = form.getSnapshot().context;
    expect(submits).toEqual([]);
    expect(c.flagged).toBe(true);
    expect(c.attention).toBe(1);
    expect(fieldProblem(c, c.fields.find((f) => f.name === 'email')!)).toEqual(EMAIL_INVALID);
    expect(toasts).toEqual([]);
    form.send({ type: 'field.changed', name: 'email', value: ' asha@example.com ' });
    expect(fieldProblem(form.getSnapshot().context, c.fields.find((f) => f.name === 'email')!)).toBeNull();
    form.send({ type: 'form.submitted' });
    expect(submits.map((x) => x.values)).toEqual([{ pinCode: '560001', email: 'asha@example.com' }]);
  });
});
