import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise } from 'xstate';
import { contactsMachine, type ContactsDraft } from '../../machines/contacts/contacts.machine';
import { cases, DRAFT_KEY, inputs, MOBILES, OWN_PHONE, RELATIONS, REJECTED, REJECTED_PLAIN, serialize, STATUS_DONE, STATUS_OPEN } from '../../machines/contacts/contacts.cases';
import type { StepStatus } from '../../machines/shared/steps';
import {
  contactFieldProblem,
  contactsSummary,
  contactPayload,
  contactProblems,
  contactsFromDraft,
  contactsReady,
  contactValues,
  fieldOfColumn,
  firstProblem,
  ownPhoneOf,
  sanitizeMobile,
  sanitizeName,
} from '../../machines/contacts/contacts.rules';
import type { ContactPayload } from '../../contract/verification';
import { say } from '../../i18n/core';
import { contactsText } from '../../i18n/en/contacts';
import { textFor } from '../../src/ui/text';
import { phoneDigits, phoneText } from '../../machines/shared/phone';
import { formatCoverage, transitionCoverage } from '../../model-testing/coverage';
import { deferred } from '../support/fakes';
import { generatePaths } from '../../model-testing/paths';
import { invocations } from '../../model-testing/replay';

const paths = generatePaths(contactsMachine, { cases, inputs, serialize });

describe('contacts machine: paths generated from the machine', () => {
  it('covers every transition', () => {
    const coverage = transitionCoverage(contactsMachine, paths);
    expect(coverage.missing, formatCoverage('contacts', coverage)).toEqual([]);
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    let previous = path.steps[0]!.state;
    for (const step of path.steps) {
      const s = step.state;
      const c = s.context;
      // Idempotency: a submit is sent with a key, made by the tap; a retry (nothing changed since) sends
      // the same one, a reloaded draft's included; a change to what would be sent (an edit, a restored
      // relation dropped) drops it; a failure keeps it; success clears it.
      const key = previous.context.idempotencyKey;
      if (s.matches('submitting')) {
        expect(c.idempotencyKey).toBeTruthy();
        if (key !== null) expect(c.idempotencyKey).toBe(key);
      }
      if (c.idempotencyKey !== null && c.idempotencyKey !== key) expect(step.event.type).toBe('contacts.submitted');
      const changed = JSON.stringify(contactPayload(previous.context.contacts)) !== JSON.stringify(contactPayload(c.contacts));
      if (changed) expect(c.idempotencyKey).toBeNull();
      if (step.event.type === 'xstate.error.actor.submit') expect(c.idempotencyKey).toBe(key);
      if (s.matches('done')) expect(c.idempotencyKey).toBeNull();
      previous = s;
      expect(c.contacts).toHaveLength(3);
      for (const x of c.contacts) {
        expect(x.name).toMatch(/^[a-z'.]*$/);
        expect(x.mobile).toMatch(/^\d{0,10}$/);
        if (x.relation && c.relations.length) expect(c.relations.map((r) => r.value)).toContain(x.relation);
      }
      // Only three complete, valid, distinct contacts are sent.
      if (s.matches('submitting')) expect(contactsReady(c.contacts, c.ownPhone)).toBe(true);
      if (s.matches('failed')) expect(c.loadError).toBeTruthy();
      // A mobile that is not one whole number yet ('0987654321': a 0 waiting for its tenth digit) is not flagged before Submit.
      contactProblems(c.contacts, c.ownPhone, false).forEach((p, i) => {
        if (phoneDigits(c.contacts[i]!.mobile) === null) expect(p.mobile).toBeUndefined();
      });
      // The hub takes over only once the contacts are saved, now or before (find-user-auth's contact flag).
      if (s.matches('done')) expect(['xstate.done.actor.submit', 'xstate.done.actor.loadStatus']).toContain(step.event.type);
      // The status comes first: the choices are asked for only after a status that says "not done".
      if (s.matches('loading')) expect(path.steps[path.steps.indexOf(step) - 1]?.state.matches('checking')).toBe(true);
    }
  });

  it('forwards to the hub from the status when the contacts are already done, before the choices are asked for', () => {
    const done = paths.filter((p) => p.steps.some((st) => st.event.type === 'xstate.done.actor.loadStatus' && st.state.matches('done')));
    expect(done.length).toBeGreaterThan(0);
    for (const p of done) {
      expect(p.state.context.idempotencyKey).toBeNull();
      expect(invocations(p.steps, 'loadRelations')).toBe(0);
    }
  });
});

describe('contacts rules', () => {
  it('name: lowercase letters, apostrophe and period; capitals lower-cased, the rest dropped', () => {
    expect(sanitizeName("Ravi D'Souza Jr.")).toBe("ravid'souzajr.");
    expect(sanitizeName('anu-2 k')).toBe('anuk');
    expect(sanitizeName('a'.repeat(60))).toBe('a'.repeat(50));
  });

  it('mobile: digits only, at most 10; a pasted +91 number keeps its 10 digits', () => {
    expect(sanitizeMobile('98765-43210')).toBe('9876543210');
    expect(sanitizeMobile('+91 98765 43210')).toBe('9876543210');
    expect(sanitizeMobile('987654321099')).toBe('9876543210');
  });

  it('mobile: typed with +91, 91 or 0 key by key, kept as typed until whole, then its 10 digits', () => {
    for (const typed of ['+919876543210', '919876543210', '09876543210', '98765 43210']) {
      let text = '';
      for (const key of typed) text = sanitizeMobile(text + key);
      expect(text, typed).toBe('9876543210');
    }
    expect(sanitizeMobile('+9198765')).toBe('+9198765');
  });

  it('the payload has the 10 digits; the draft keeps the mobiles as typed', () => {
    const contacts = contactsFromDraft({ oneMobile: '+9198765', twoMobile: '+91 87654 32109' });
    expect(contacts.map((c) => c.mobile)).toEqual(['+9198765', '8765432109', '']);
    expect(contactValues(contacts)).toMatchObject({ oneMobile: '+9198765', twoMobile: '8765432109' });
    expect(contactPayload(contacts)).toMatchObject({ oneMobile: '', twoMobile: '8765432109' });
  });

  it('flags a mobile only once it is one whole number: a prefix waiting for its digits is not a wrong number', () => {
    const typing = contactsFromDraft({ oneMobile: '0987654321', twoMobile: '+9198765432', thirdMobile: '91987654321' });
    expect(contactProblems(typing, OWN_PHONE, false)).toEqual([{}, {}, {}]);
    // On Submit they are not numbers.
    expect(contactProblems(typing, OWN_PHONE, true).map((p) => p.mobile)).toEqual(['mobileInvalid', 'mobileInvalid', 'mobileInvalid']);
    // A whole +91 number that is not a mobile is flagged at once, prefix and all.
    expect(contactProblems(contactsFromDraft({ oneMobile: '+911234567890' }), null, false)[0]).toEqual({ mobile: 'mobileInvalid' });
  });

  it('repeated and own numbers are compared by their 10 digits, whatever prefix was typed', () => {
    const contacts = contactsFromDraft({ oneMobile: phoneText('09876543210'), twoMobile: phoneText('+91 98765 43210'), thirdMobile: phoneText(`91${OWN_PHONE}`) });
    const problems = contactProblems(contacts, OWN_PHONE, false);
    expect(problems[1]).toEqual({ mobile: 'mobileRepeated' });
    expect(problems[2]).toEqual({ mobile: 'mobileOwn' });
  });

  it('flags missing parts only when asked, a finished wrong mobile at once', () => {
    const contacts = contactsFromDraft({ oneMobile: '5123456789', twoMobile: '98765', thirdMobile: '9000000001' });
    expect(contactProblems(contacts, '9000000001', false)).toEqual([{ mobile: 'mobileInvalid' }, {}, { mobile: 'mobileOwn' }]);
    const all = contactProblems(contacts, '9000000001', true);
    expect(all[1]).toEqual({ relation: 'relation', name: 'name', mobile: 'mobileInvalid' });
    expect(firstProblem(all)).toEqual([0, 'relation']);
    const repeated = contactsFromDraft({ oneMobile: '9876543210', twoMobile: '9876543210' });
    expect(contactProblems(repeated, null, false)[1]).toEqual({ mobile: 'mobileRepeated' });
  });

  it("says each problem by key (the server's message as it came), in English the texts of the step", () => {
    const english = textFor(contactsText, 'en');
    const contacts = contactsFromDraft({ oneMobile: '5123456789', twoMobile: '9876543210', thirdMobile: '9876543210' });
    const data = { contacts, ownPhone: OWN_PHONE, flagged: true, serverErrors: { twoName: 'Name is too short' } };
    expect(contactFieldProblem(data, 0, 'mobile')).toEqual(say('mobileInvalid'));
    expect(contactFieldProblem(data, 1, 'name')).toEqual({ server: 'Name is too short' });
    expect(english.said(contactFieldProblem(data, 0, 'relation')!)).toBe('Please choose the relationship.');
    expect(english.said(contactFieldProblem(data, 2, 'mobile')!)).toBe('This number is already given for another contact.');
    expect(english.said(contactsSummary(data)!)).toBe('Please fill in the highlighted fields.');
    // Not flagged: the server's message stands under its field, and the summary says to correct it.
    expect(english.said(contactsSummary({ ...data, flagged: false })!)).toBe('Please correct the highlighted fields.');
    expect(contactsSummary({ ...data, flagged: false, serverErrors: {} })).toBeNull();
  });

  it('the payload has exactly the nine keys of the spec', () => {
    expect(Object.keys(contactPayload(contactsFromDraft(null))).sort()).toEqual(
      ['oneName', 'oneMobile', 'oneRelation', 'twoName', 'twoMobile', 'twoRelation', 'thirdName', 'thirdMobile', 'thirdRelation'].sort(),
    );
    expect(fieldOfColumn('thirdMobile')).toEqual([2, 'mobile']);
    expect(fieldOfColumn('mobile')).toBeNull();
  });

  it("reads the borrower's own phone as its 10 local digits", () => {
    expect(ownPhoneOf('919000000001')).toBe('9000000001');
    expect(ownPhoneOf('9000000001')).toBe('9000000001');
    expect(ownPhoneOf('90000')).toBeNull();
    expect(ownPhoneOf(null)).toBeNull();
  });
});

describe('contacts machine, running', () => {
  function start(draft: ContactsDraft | null = null, status: StepStatus = STATUS_OPEN) {
    const submits: { input: { payload: ContactPayload; idempotencyKey: string }; d: ReturnType<typeof deferred<void>> }[] = [];
    const drafts: ContactsDraft[] = [];
    const navigations: unknown[] = [];
    const toasts: unknown[] = [];
    let cleared = 0;
    let keys = 0;
    let choices = 0;
    const actor = createActor(
      contactsMachine.provide({
        actors: {
          loadStatus: fromPromise(async () => status),
          loadRelations: fromPromise(async () => {
            choices++;
            return RELATIONS;
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
      { input: { pid: '7', draft, ownPhone: inputs.fresh.ownPhone } },
    ).start();
    return { actor, submits, drafts, navigations, toasts, cleared: () => cleared, choices: () => choices };
  }
  const tick = () => new Promise((r) => setTimeout(r, 0));

  it('keys a submit on the tap: the same key on a retry, a new one after an edit, none once saved', async () => {
    const { actor, submits, drafts, navigations, cleared } = start();
    await tick();
    for (const index of [0, 1, 2]) {
      actor.send({ type: 'contact.changed', index, part: 'relation', value: '1' });
      actor.send({ type: 'contact.changed', index, part: 'name', value: 'asha' });
      actor.send({ type: 'contact.changed', index, part: 'mobile', value: MOBILES[index]! });
    }
    actor.send({ type: 'contacts.submitted' });
    expect(submits.map((x) => x.input.idempotencyKey)).toEqual(['key-1']);
    expect(submits[0]!.input.payload).toEqual(contactPayload(actor.getSnapshot().context.contacts));
    // The key is in the draft before the request can be lost to a reload.
    expect(drafts.at(-1)?.idempotencyKey).toBe('key-1');
    submits[0]!.d.reject(REJECTED);
    await tick();
    actor.send({ type: 'contacts.submitted' });
    expect(submits[1]!.input.idempotencyKey).toBe('key-1');
    submits[1]!.d.reject(new Error('Service busy'));
    await tick();
    actor.send({ type: 'contact.changed', index: 1, part: 'name', value: 'ravi' });
    expect(drafts.at(-1)?.idempotencyKey).toBeNull();
    actor.send({ type: 'contacts.submitted' });
    expect(submits[2]!.input.idempotencyKey).toBe('key-2');
    submits[2]!.d.resolve();
    await tick();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.idempotencyKey).toBeNull();
    expect(cleared()).toBe(1);
    expect(navigations).toEqual([{ to: '/auth/index?pid=7', replace: true }]);
  });

  it("a refusal naming contacts' fields is said at them only; an unknown column or none goes to the toast", async () => {
    const { actor, submits, toasts } = start();
    await tick();
    for (const index of [0, 1, 2]) {
      actor.send({ type: 'contact.changed', index, part: 'relation', value: '1' });
      actor.send({ type: 'contact.changed', index, part: 'name', value: 'asha' });
      actor.send({ type: 'contact.changed', index, part: 'mobile', value: MOBILES[index]! });
    }
    actor.send({ type: 'contacts.submitted' });
    submits[0]!.d.reject(REJECTED);
    await tick();
    expect(toasts).toEqual([]);
    expect(actor.getSnapshot().context.serverErrors).toEqual({ oneMobile: 'Contact 1 mobile is not valid', twoName: 'Contact 2 name is not valid' });
    actor.send({ type: 'contacts.submitted' });
    submits[1]!.d.reject(Object.assign(new Error('x'), { columns: [{ column: 'age', msg: 'Too young' }, { column: 'thirdName', msg: 'Contact 3 name is not valid' }] }));
    await tick();
    expect(toasts).toEqual([{ server: '1. Too young' }]);
    expect(actor.getSnapshot().context.serverErrors).toEqual({ thirdName: 'Contact 3 name is not valid' });
    actor.send({ type: 'contacts.submitted' });
    submits[2]!.d.reject(REJECTED_PLAIN);
    await tick();
    expect(toasts.at(-1)).toEqual({ server: 'Service busy, please try again later' });
    expect(actor.getSnapshot().context.serverErrors).toEqual({});
  });

  it('contacts already done (find-user-auth): the draft is removed and the hub replaces the step, nothing is sent or loaded', async () => {
    const { actor, submits, navigations, cleared, choices } = start(inputs.reloadedWhileSending.draft, STATUS_DONE);
    await tick();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.idempotencyKey).toBeNull();
    expect(navigations).toEqual([{ to: '/auth/index?pid=7', replace: true }]);
    expect(cleared()).toBe(1);
    expect(submits).toEqual([]);
    expect(choices()).toBe(0);
  });

  it('mobiles typed key by key with +91, 91 or 0 are sent as their 10 digits; the draft keeps what is being typed', async () => {
    const { actor, submits, drafts } = start();
    await tick();
    /** Each key at the end of what the field shows, as an input reports it. */
    const typeInto = (index: number, keys: string) => {
      for (const key of keys) {
        const shown = actor.getSnapshot().context.contacts[index]!.mobile;
        actor.send({ type: 'contact.changed', index, part: 'mobile', value: shown + key });
      }
    };
    typeInto(0, '+91987');
    expect(drafts.at(-1)?.values.oneMobile).toBe('+91987');
    expect(contactProblems(actor.getSnapshot().context.contacts, OWN_PHONE, false)[0]).toEqual({});
    typeInto(0, '6543210');
    typeInto(1, '918765432109');
    typeInto(2, '07654321098');
    expect(actor.getSnapshot().context.contacts.map((c) => c.mobile)).toEqual([...MOBILES]);
    for (const index of [0, 1, 2]) {
      actor.send({ type: 'contact.changed', index, part: 'relation', value: '1' });
      actor.send({ type: 'contact.changed', index, part: 'name', value: 'asha' });
    }
    actor.send({ type: 'contacts.submitted' });
    expect(submits[0]!.input.payload).toMatchObject({ oneMobile: MOBILES[0], twoMobile: MOBILES[1], thirdMobile: MOBILES[2] });
  });

  it("drops a reloaded draft's key when a restored relation is no longer offered", async () => {
    const { actor } = start(inputs.restored.draft);
    expect(actor.getSnapshot().context.idempotencyKey).toBe(DRAFT_KEY);
    await tick();
    expect(actor.getSnapshot().context.contacts[1]!.relation).toBe('');
    expect(actor.getSnapshot().context.idempotencyKey).toBeNull();
  });

  it("sends a reloaded draft's unanswered submit with its key", async () => {
    const { actor, submits } = start(inputs.reloadedWhileSending.draft);
    await tick();
    actor.send({ type: 'contacts.submitted' });
    expect(submits.map((x) => x.input.idempotencyKey)).toEqual([DRAFT_KEY]);
  });
});
