import { describe, expect, it } from 'vitest';
import { contactsMachine } from '../../machines/contacts/contacts.machine';
import { cases, inputs, serialize } from '../../machines/contacts/contacts.cases';
import {
  CONTACT_MESSAGES,
  contactPayload,
  contactProblems,
  contactsFromDraft,
  contactsReady,
  fieldOfColumn,
  firstProblem,
  sanitizeMobile,
  sanitizeName,
} from '../../machines/contacts/contacts.rules';
import { formatCoverage, generatePaths, transitionCoverage } from '../support/model';

const paths = generatePaths(contactsMachine, { cases, inputs, serialize });

describe('contacts machine: paths generated from the machine', () => {
  it('covers every transition', () => {
    const coverage = transitionCoverage(contactsMachine, paths);
    expect(coverage.missing, formatCoverage('contacts', coverage)).toEqual([]);
    expect(coverage.total).toBeGreaterThan(7);
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    for (const step of path.steps) {
      const s = step.state;
      const c = s.context;
      expect(c.contacts).toHaveLength(3);
      for (const x of c.contacts) {
        expect(x.name).toMatch(/^[a-z'.]*$/);
        expect(x.mobile).toMatch(/^\d{0,10}$/);
        if (x.relation && c.relations.length) expect(c.relations.map((r) => r.value)).toContain(x.relation);
      }
      // Only three complete, valid, distinct contacts are sent.
      if (s.matches('submitting')) expect(contactsReady(c.contacts, c.ownPhone)).toBe(true);
      if (s.matches('failed')) expect(c.loadError).toBeTruthy();
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

  it('flags missing parts only when asked, a finished wrong mobile at once', () => {
    const contacts = contactsFromDraft({ oneMobile: '5123456789', twoMobile: '98765', thirdMobile: '9000000001' });
    expect(contactProblems(contacts, '9000000001', false)).toEqual([{ mobile: CONTACT_MESSAGES.mobileInvalid }, {}, { mobile: CONTACT_MESSAGES.mobileOwn }]);
    const all = contactProblems(contacts, '9000000001', true);
    expect(all[1]).toEqual({ relation: CONTACT_MESSAGES.relation, name: CONTACT_MESSAGES.name, mobile: CONTACT_MESSAGES.mobileInvalid });
    expect(firstProblem(all)).toEqual([0, 'relation']);
    const repeated = contactsFromDraft({ oneMobile: '9876543210', twoMobile: '9876543210' });
    expect(contactProblems(repeated, null, false)[1]).toEqual({ mobile: CONTACT_MESSAGES.mobileRepeated });
  });

  it('the payload has exactly the nine keys of the spec', () => {
    expect(Object.keys(contactPayload(contactsFromDraft(null))).sort()).toEqual(
      ['oneName', 'oneMobile', 'oneRelation', 'twoName', 'twoMobile', 'twoRelation', 'thirdName', 'thirdMobile', 'thirdRelation'].sort(),
    );
    expect(fieldOfColumn('thirdMobile')).toEqual([2, 'mobile']);
    expect(fieldOfColumn('mobile')).toBeNull();
  });
});
