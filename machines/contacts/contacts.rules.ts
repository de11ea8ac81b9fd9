/**
 * The rules of the contacts step (spec §2 'Contacts', §3 'Contact payload', §5 'Contacts', §8), pure:
 * the machine applies them, the view reads them through selectors. Where the spec is silent (capitals
 * in a name, the mobile kept as typed, when a problem shows): docs/journeys/verification.md.
 */
import type { CONTACT_SLOTS as PAYLOAD_SLOTS, ContactPayload } from '../../contract/verification';
import { say, type Said } from '../../i18n/core';
import type { ContactsKey } from '../../i18n/en/contacts';
import { isValidMobile, phoneDigits, phoneText, PHONE_DIGITS } from '../shared/phone';

/**
 * The payload's contacts in order (contract CONTACT_SLOTS). Machines import the contract's types
 * only; its tuple type makes the compiler hold this list to the same names in the same order.
 */
export const CONTACT_SLOTS: typeof PAYLOAD_SLOTS = ['one', 'two', 'third'];
export const CONTACT_COUNT = CONTACT_SLOTS.length;
export type ContactPart = 'relation' | 'name' | 'mobile';
export const CONTACT_PARTS: readonly ContactPart[] = ['relation', 'name', 'mobile'];

export interface Contact {
  relation: string;
  name: string;
  mobile: string;
}

export interface RelationChoice {
  value: string;
  label: string;
}

export const emptyContacts = (): Contact[] => Array.from({ length: CONTACT_COUNT }, () => ({ relation: '', name: '', mobile: '' }));

/** The longest contact name kept (the sandbox refuses longer ones; no real name needs more). */
export const CONTACT_NAME_MAX = 50;

/** Spec §5: only lowercase letters, apostrophe and period; capitals are lower-cased; at most 50. */
export function sanitizeName(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/[^a-z'.]+/g, '')
    .slice(0, CONTACT_NAME_MAX);
}

/** The signed-in borrower's stored phone as its 10 local digits (it may be kept with its 91), or null. */
export function ownPhoneOf(stored: string | null): string | null {
  const d = (stored ?? '').replace(/\D+/g, '');
  return d.length >= PHONE_DIGITS ? d.slice(-PHONE_DIGITS) : null;
}

/** The mobile as typed: digits and a +91, 91 or 0 before them; a whole prefixed number becomes its 10 digits. */
export const sanitizeMobile = (raw: string): string => phoneText(raw);

export function sanitizePart(part: ContactPart, raw: string, relations: readonly RelationChoice[]): string {
  switch (part) {
    case 'name':
      return sanitizeName(raw);
    case 'mobile':
      return sanitizeMobile(raw);
    case 'relation':
      return relations.some((r) => r.value === raw) ? raw : '';
  }
}

/** The contacts after a change; the same array when nothing changes. */
export function applyContactChange(contacts: readonly Contact[], relations: readonly RelationChoice[], index: number, part: ContactPart, raw: string): readonly Contact[] {
  const current = contacts[index];
  if (!current) return contacts;
  const value = sanitizePart(part, raw, relations);
  if (current[part] === value) return contacts;
  return contacts.map((c, i) => (i === index ? { ...c, [part]: value } : c));
}

/** What the step tells the borrower: a message by key, or the server's text as it came. */
export type ContactsSaid = Said<ContactsKey>;

/** Each part's problem, by catalogue key. */
export type ContactProblems = Partial<Record<ContactPart, ContactsKey>>;

/**
 * What is wrong with each contact. `all` false: only problems of a finished mobile (one whole
 * number); true (after a tap on Submit): the empty and unfinished ones too. Numbers are compared by
 * the 10 digits they stand for, whatever prefix was typed.
 */
export function contactProblems(contacts: readonly Contact[], ownPhone: string | null, all: boolean): ContactProblems[] {
  const numbers = contacts.map((c) => phoneDigits(c.mobile));
  return contacts.map((c, i) => {
    const p: ContactProblems = {};
    const number = numbers[i] ?? null;
    if (all && !c.relation) p.relation = 'relation';
    if (all && !c.name) p.name = 'name';
    if (!c.mobile) {
      if (all) p.mobile = 'mobile';
    } else if (number !== null || all) {
      if (number === null || !isValidMobile(number)) p.mobile = 'mobileInvalid';
      else if (ownPhone && number === ownPhone) p.mobile = 'mobileOwn';
      else if (numbers.slice(0, i).includes(number)) p.mobile = 'mobileRepeated';
    }
    return p;
  });
}

export const hasProblems = (problems: readonly ContactProblems[]): boolean => problems.some((p) => Object.keys(p).length > 0);

export const contactsReady = (contacts: readonly Contact[], ownPhone: string | null): boolean => !hasProblems(contactProblems(contacts, ownPhone, true));

/** The first field with a problem, as [index, part], or null. */
export function firstProblem(problems: readonly ContactProblems[]): [number, ContactPart] | null {
  for (const [i, p] of problems.entries()) for (const part of CONTACT_PARTS) if (p[part]) return [i, part];
  return null;
}

/** The nine keys of spec §3, each contact's mobile given by `mobile`. */
function byKeys(contacts: readonly Contact[], mobile: (c: Contact) => string): ContactPayload {
  const out = {} as ContactPayload;
  CONTACT_SLOTS.forEach((slot, i) => {
    const c = contacts[i] ?? { relation: '', name: '', mobile: '' };
    out[`${slot}Name`] = c.name;
    out[`${slot}Mobile`] = mobile(c);
    out[`${slot}Relation`] = c.relation;
  });
  return out;
}

/** POST /auth/v1/contacts: the nine keys of spec §3, each mobile as the 10 digits it stands for (sent only when all are valid). */
export const contactPayload = (contacts: readonly Contact[]): ContactPayload => byKeys(contacts, (c) => phoneDigits(c.mobile) ?? '');

/** The draft: the payload's nine keys with the mobiles as typed ('+9198…' mid-way), so a reload restores the field. */
export const contactValues = (contacts: readonly Contact[]): ContactPayload => byKeys(contacts, (c) => c.mobile);

/** The draft (contactValues, nine strings) back to contacts, sanitised. */
export function contactsFromDraft(draft: Readonly<Record<string, string>> | null | undefined): Contact[] {
  return CONTACT_SLOTS.map((slot) => ({
    relation: draft?.[`${slot}Relation`] ?? '',
    name: sanitizeName(draft?.[`${slot}Name`] ?? ''),
    mobile: sanitizeMobile(draft?.[`${slot}Mobile`] ?? ''),
  }));
}

/** After the relations load: a restored relation that is no longer a choice is emptied; the same array when none is. */
export function keepKnownRelations(contacts: readonly Contact[], relations: readonly RelationChoice[]): readonly Contact[] {
  const unknown = (c: Contact) => c.relation !== '' && !relations.some((r) => r.value === c.relation);
  return contacts.some(unknown) ? contacts.map((c) => (unknown(c) ? { ...c, relation: '' } : c)) : contacts;
}

/** Maps an errorColumn column (e.g. 'twoMobile') to the field it names, or null. */
export function fieldOfColumn(column: string): [number, ContactPart] | null {
  for (let i = 0; i < CONTACT_COUNT; i++) for (const part of CONTACT_PARTS) if (columnOf(i, part) === column) return [i, part];
  return null;
}

/** The column names one of the nine fields (all always shown): its message is said there only. */
export const isContactColumn = (column: string): boolean => fieldOfColumn(column) !== null;

// ---------- What the view shows (selectors over the machine's context) ----------

export interface ContactsProblemData {
  contacts: readonly Contact[];
  ownPhone: string | null;
  flagged: boolean;
  serverErrors: Readonly<Record<string, string>>;
}

/** The errorColumn column of a field: 'oneName', 'twoMobile', 'thirdRelation'. */
export const columnOf = (index: number, part: ContactPart): string => `${CONTACT_SLOTS[index] ?? ''}${part[0]!.toUpperCase()}${part.slice(1)}`;

/** The message under a field: the server's (until it changes), else the rule's (all of them once flagged). */
export function contactFieldProblem(data: ContactsProblemData, index: number, part: ContactPart): ContactsSaid | null {
  const server = data.serverErrors[columnOf(index, part)];
  if (server !== undefined) return { server };
  const key = contactProblems(data.contacts, data.ownPhone, data.flagged)[index]?.[part];
  return key ? say(key) : null;
}

/** Where focus goes: the first field with a problem shown. */
export function firstShownProblem(data: ContactsProblemData): [number, ContactPart] | null {
  for (let i = 0; i < data.contacts.length; i++) for (const part of CONTACT_PARTS) if (contactFieldProblem(data, i, part)) return [i, part];
  return null;
}

/**
 * Above Submit: once flagged and something is still wrong, 'Please fill in the highlighted fields.';
 * else, while a server message stands under a field, 'Please correct the highlighted fields.'.
 */
export function contactsSummary(data: ContactsProblemData): ContactsSaid | null {
  if (data.flagged && !contactsReady(data.contacts, data.ownPhone)) return say<ContactsKey>('missing');
  return Object.keys(data.serverErrors).some(isContactColumn) ? say<ContactsKey>('checkHighlighted') : null;
}
