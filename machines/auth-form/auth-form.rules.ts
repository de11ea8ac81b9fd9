/**
 * The rules of the dynamic basic-info and work-info forms (spec §2 'Basic info and work info',
 * §3 'Auth page field definition', §4 'Work info', §5 'Basic info' / 'Work info', §8), pure: the
 * machine applies them, the view reads them through selectors. Where the spec is silent (numeric and
 * text limits, what "required" means, the workState rule, districts, unknown dataTypes, e-mail
 * fields): docs/journeys/verification.md.
 */
import type { FormAnswers, Place, WorkPageInfo } from '../../contract/verification';
import { say, type Said } from '../../i18n/core';
import type { AuthFormKey } from '../../i18n/en/authForm';
import { isEmailAddress } from '../shared/email';

/** The definition a form loads: basic info has only `cannotHidden` (canHidden: []). */
export type FormDefinition = Pick<WorkPageInfo, 'cannotHidden' | 'canHidden'>;

export interface Choice {
  value: string;
  label: string;
}

export type FieldKind = 'select' | 'day' | 'state' | 'district' | 'text';

/** A field ready to render and check. */
export interface FormField {
  /** The parameter name (field.value): the key of the submit payload and of the draft. */
  name: string;
  /** The title shown as the label (field.key). */
  title: string;
  /** The placeholder / hint (field.label). */
  hint: string;
  kind: FieldKind;
  required: boolean;
  numeric: boolean;
  /** An e-mail address (the parameter name says so): the e-mail keyboard, and its format is checked before sending. */
  email: boolean;
  /** Maximum characters of a text input, or null for none. */
  maxLength: number | null;
  /** The choices of a dropdown (kind 'select'; 'day' gets 1–31). */
  options: readonly Choice[];
  /** In the canHidden group (work info). */
  hideable: boolean;
  /** For a district field: the name of the state field it depends on (null when the form has none). */
  stateField: string | null;
}

export type FormKind = 'basic' | 'work';
/** The screen titles of the two kinds (catalogue keys). */
export const FORM_TITLES: Record<FormKind, AuthFormKey> = { basic: 'titleBasic', work: 'titleWork' };
/** What the form tells the borrower: a message by key, or the server's text as it came. */
export type FormSaid = Said<AuthFormKey>;
export type Values = Readonly<Record<string, string>>;

/** Spec §5: "Numeric inputs accept digits only, with a maximum length from the definition (default 5)". */
export const DEFAULT_NUMERIC_MAX = 5;
/** Spec §4: workState 3 hides the hideable fields. */
export const WORK_STATE_FIELD = 'workState';
export const HIDING_WORK_STATE = '3';

export const DAYS: readonly Choice[] = Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));


function kindOf(dataType: number): FieldKind {
  switch (dataType) {
    case 0:
      return 'select';
    case 3:
      return 'day';
    case 4:
      return 'state';
    case 5:
      return 'district';
    default:
      return 'text';
  }
}

/** Parameter names of e-mail fields: `email`, `e-mail`, `e_mail`, or a name ending in `_email`, `-email` or `Email`. */
const EMAIL_NAME = /^e[-_]?mail$|[-_]e[-_]?mail$/i;
const CAMEL_EMAIL_NAME = /[a-z0-9]E[-_]?mail$/;
export const isEmailName = (name: string): boolean => EMAIL_NAME.test(name) || CAMEL_EMAIL_NAME.test(name);


/** The definition as fields in display order: cannotHidden (workState first), then canHidden. */
export function toFields(definition: FormDefinition): FormField[] {
  const raw = [...definition.cannotHidden.map((f) => ({ f, hideable: false })), ...definition.canHidden.map((f) => ({ f, hideable: true }))];
  const seen = new Set<string>();
  const fields: FormField[] = [];
  for (const { f, hideable } of raw) {
    if (!f.value || seen.has(f.value)) continue; // a nameless or repeated field cannot be sent
    seen.add(f.value);
    const kind = kindOf(f.dataType);
    const numeric = kind === 'text' && f.checkType === 1;
    const email = kind === 'text' && !numeric && isEmailName(f.value);
    const limit = typeof f.lengthLimitMax === 'number' && f.lengthLimitMax > 0 ? f.lengthLimitMax : null;
    fields.push({
      name: f.value,
      title: f.key || f.value,
      hint: f.label,
      kind,
      required: f.checkReq !== 0,
      numeric,
      email,
      maxLength: kind !== 'text' ? null : numeric ? (limit ?? DEFAULT_NUMERIC_MAX) : limit,
      options: kind === 'select' ? f.dictionaryVoList.map((d) => ({ value: d.dictValue, label: d.dictLabel })) : kind === 'day' ? DAYS : [],
      hideable,
      stateField: null,
    });
  }
  // Each district field depends on the nearest state field above it, else the first one.
  const states = fields.map((f, i) => ({ f, i })).filter(({ f }) => f.kind === 'state');
  return fields.map((f, i) => {
    if (f.kind !== 'district') return f;
    const above = states.filter((s) => s.i < i).at(-1) ?? states[0];
    return { ...f, stateField: above?.f.name ?? null };
  });
}

export const hasStateField = (fields: readonly FormField[]): boolean => fields.some((f) => f.kind === 'state');

/** Spec §4: when workState is '3' the hideable (canHidden) fields are hidden and not required. */
export function isHidden(field: FormField, values: Values): boolean {
  return field.hideable && values[WORK_STATE_FIELD] === HIDING_WORK_STATE;
}

export const visibleFields = (fields: readonly FormField[], values: Values): FormField[] => fields.filter((f) => !isHidden(f, values));

/**
 * The parameter names of the fields shown now: a server message whose errorColumn names one of them
 * is said under that field only (machines/shared/rejection.ts); a hidden or unknown one goes to the toast.
 */
export const shownFieldNames = (data: Pick<FormData, 'fields' | 'values'>): ((name: string) => boolean) => {
  const names = new Set(visibleFields(data.fields, data.values).map((f) => f.name));
  return (name) => names.has(name);
};

/** What a field keeps of what was typed or chosen ('' when nothing acceptable). */
export function sanitize(
  field: FormField,
  raw: string,
  places: { states: readonly Place[]; districts: readonly Place[] | undefined | null },
): string {
  switch (field.kind) {
    case 'text': {
      const kept = field.numeric ? raw.replace(/\D+/g, '') : raw;
      return field.maxLength === null ? kept : [...kept].slice(0, field.maxLength).join('');
    }
    case 'select':
    case 'day':
      return field.options.some((o) => o.value === raw) ? raw : '';
    case 'state':
      return places.states.some((s) => s.id === raw) ? raw : '';
    case 'district':
      // No state chosen: no district. Until the districts of the state are loaded, a (restored) district is kept as it is.
      if (places.districts === null) return '';
      return places.districts === undefined || places.districts.some((d) => d.id === raw) ? raw : '';
  }
}

export interface FormData {
  fields: readonly FormField[];
  values: Values;
  states: readonly Place[];
  districts: Readonly<Record<string, readonly Place[]>>;
}

/** The districts loaded for the state a district field depends on (undefined: not loaded yet; null: no state chosen). */
export function districtsFor(field: FormField, data: Pick<FormData, 'values' | 'districts'>): readonly Place[] | undefined | null {
  const stateId = field.stateField ? data.values[field.stateField] : '';
  return stateId ? data.districts[stateId] : null;
}

/**
 * The values after the borrower changed field `name` to `raw`: sanitised; choosing another state
 * empties the districts that depend on it. Unknown fields change nothing.
 */
export function applyChange(data: FormData, name: string, raw: string): Values {
  const field = data.fields.find((f) => f.name === name);
  if (!field) return data.values;
  const value = sanitize(field, raw, { states: data.states, districts: districtsFor(field, data) });
  if (value === (data.values[name] ?? '')) return data.values;
  const next: Record<string, string> = { ...data.values, [name]: value };
  if (field.kind === 'state') for (const f of data.fields) if (f.kind === 'district' && f.stateField === name) next[f.name] = '';
  return next;
}

/** The values of a draft (or anything restored) that still fit the definition: unknown keys and choices dropped. */
export function restoreValues(data: Omit<FormData, 'values'>, draft: Values): Values {
  const out: Record<string, string> = {};
  // States first, so districts are checked against the state kept.
  const ordered = [...data.fields].sort((a, b) => Number(b.kind === 'state') - Number(a.kind === 'state'));
  for (const f of ordered) {
    const raw = draft[f.name];
    if (typeof raw !== 'string' || raw === '') continue;
    const value = sanitize(f, raw, { states: data.states, districts: districtsFor(f, { values: out, districts: data.districts }) });
    if (value) out[f.name] = value;
  }
  return out;
}

/** After the districts of `stateId` loaded: districts of that state that are not in the list are emptied. */
export function validateDistricts(data: FormData, stateId: string): Values {
  const list = data.districts[stateId];
  if (!list) return data.values;
  let next: Record<string, string> | null = null;
  for (const f of data.fields) {
    if (f.kind !== 'district' || !f.stateField || data.values[f.stateField] !== stateId) continue;
    const v = data.values[f.name] ?? '';
    if (v && !list.some((d) => d.id === v)) (next ??= { ...data.values })[f.name] = '';
  }
  return next ?? data.values;
}

/** The state whose districts a visible district field needs and that are not loaded yet, or null. */
export function neededStateId(data: FormData): string | null {
  for (const f of visibleFields(data.fields, data.values)) {
    if (f.kind !== 'district' || !f.stateField) continue;
    const stateId = data.values[f.stateField] ?? '';
    if (stateId && data.districts[stateId] === undefined) return stateId;
  }
  return null;
}

export const isFilled = (values: Values, name: string): boolean => (values[name] ?? '').trim() !== '';

/**
 * A field counts as filled when it has a value; a district only once it is checked against the
 * loaded districts of its state (a restored district waits for them, so nothing unchecked is sent).
 */
export function fieldFilled(field: FormField, data: Pick<FormData, 'values' | 'districts'>): boolean {
  if (!isFilled(data.values, field.name)) return false;
  if (field.kind !== 'district') return true;
  const list = districtsFor(field, data);
  return !!list && list.some((d) => d.id === data.values[field.name]);
}

type Completeness = Pick<FormData, 'fields' | 'values' | 'districts'>;

/** Visible required fields not filled, in display order. */
export function missingFields(data: Completeness): FormField[] {
  return visibleFields(data.fields, data.values).filter((f) => f.required && !fieldFilled(f, data));
}

export const isComplete = (data: Completeness): boolean => missingFields(data).length === 0;

/** Why a filled answer is not in its field's format (an e-mail that is not an address), or null. */
export function formatProblem(field: FormField, values: Values): FormSaid | null {
  const value = (values[field.name] ?? '').trim();
  return field.email && value !== '' && !isEmailAddress(value) ? say<AuthFormKey>('emailInvalid') : null;
}

/** Every visible answer is in its field's format (nothing to say before sending). */
export const isWellFormed = (data: Pick<FormData, 'fields' | 'values'>): boolean =>
  visibleFields(data.fields, data.values).every((f) => formatProblem(f, data.values) === null);

/**
 * Spec §5: basic info's button becomes active only when every field is filled; work info's is
 * always active and a tap flags what is missing.
 */
export const submitEnabled = (kind: FormKind, data: Completeness): boolean => kind === 'work' || isComplete(data);

/** The request body: every visible field with a value, parameter name → value (text trimmed). */
export function submitPayload(fields: readonly FormField[], values: Values): FormAnswers {
  const out: Record<string, string> = {};
  for (const f of visibleFields(fields, values)) {
    const v = (values[f.name] ?? '').trim();
    if (v) out[f.name] = v;
  }
  return out;
}

/** Do two sets of answers send the same request? (A hidden or unknown answer changes nothing sent.) */
export function samePayload(fields: readonly FormField[], a: Values, b: Values): boolean {
  const x = submitPayload(fields, a);
  const y = submitPayload(fields, b);
  const names = Object.keys(x);
  return names.length === Object.keys(y).length && names.every((name) => x[name] === y[name]);
}

// ---------- What the view shows (selectors over the machine's context) ----------

export interface ProblemData extends Completeness {
  flagged: boolean;
  serverErrors: Readonly<Record<string, string>>;
}

/**
 * The message under a field: the server's (until the field changes), else once a tap flagged the
 * form, 'Required' or what is wrong with its format.
 */
export function fieldProblem(data: ProblemData, field: FormField): FormSaid | null {
  if (isHidden(field, data.values)) return null;
  const server = data.serverErrors[field.name];
  if (server) return { server };
  if (!data.flagged) return null;
  if (field.required && !fieldFilled(field, data)) return say<AuthFormKey>('required');
  return formatProblem(field, data.values);
}

/** The first shown field with a problem (where focus goes), or null. */
export function firstProblemField(data: ProblemData): string | null {
  return visibleFields(data.fields, data.values).find((f) => fieldProblem(data, f) !== null)?.name ?? null;
}

/**
 * The line under basic info's disabled button: the fields still empty, by title (the server's
 * titles, as they came): 'Still to fill in: A, B and C.', or 'Fill in every field to continue.'
 */
export function toFillHint(data: Completeness): FormSaid {
  const titles = missingFields(data).map((f) => f.title);
  if (titles.length === 0) return say<AuthFormKey>('fillAll');
  if (titles.length === 1) return say<AuthFormKey>('toFillOne', { field: titles[0]! });
  return say<AuthFormKey>('toFillMany', { fields: titles.slice(0, -1).join(', '), last: titles.at(-1)! });
}

/**
 * The summary above the submit button: once flagged, what is missing ('Please fill in State and
 * District.'); else, while a server message stands under a field, 'Please correct the highlighted
 * fields.' (the messages themselves are said at their fields only); else null.
 */
export function problemSummary(data: ProblemData): FormSaid | null {
  const titles = data.flagged ? missingFields(data).map((f) => f.title) : [];
  if (titles.length === 1) return say<AuthFormKey>('missingOne', { field: titles[0]! });
  if (titles.length === 2) return say<AuthFormKey>('missingTwo', { first: titles[0]!, second: titles[1]! });
  if (titles.length > 2) return say<AuthFormKey>('missingMany', { first: titles[0]!, count: titles.length - 1 });
  const shown = shownFieldNames(data);
  return Object.keys(data.serverErrors).some(shown) ? say<AuthFormKey>('checkHighlighted') : null;
}
