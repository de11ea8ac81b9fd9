/**
 * The dynamic form definitions the sandbox serves (spec §3 'Auth page field definition') for basic
 * info, work info and contacts, realistic for Indian onboarding, and the server-side check of the
 * answers against them (required, dictionary, digits, length, day 1–31, state, district of the state).
 */
import type { AuthPageField, DictionaryItem, ErrorColumn } from '../../../contract/verification';
import { INDIAN_STATES, type IndianState } from '../reference/india';
import { isEmailAddress } from '../../../machines/shared/email';
import type { Lang } from '../language';

/** A field as the sandbox defines it: the contract's field, with what the sandbox always sends pinned down. */
export type FieldDefinition = AuthPageField & {
  dataType: 0 | 1 | 3 | 4 | 5;
  checkReq: 0 | 1;
  checkType: 0 | 1;
  lengthLimitMax: number | null;
};

const dict = (...labels: string[]): DictionaryItem[] => labels.map((dictLabel, i) => ({ dictLabel, dictValue: String(i + 1) }));

const dropdown = (key: string, value: string, label: string, items: DictionaryItem[], checkReq: 0 | 1 = 1): FieldDefinition => ({
  key, value, dataType: 0, checkReq, checkType: 0, lengthLimitMax: null, label, dictionaryVoList: items,
});
const input = (key: string, value: string, label: string, max: number, opts: { numeric?: boolean; checkReq?: 0 | 1 } = {}): FieldDefinition => ({
  key, value, dataType: 1, checkReq: opts.checkReq ?? 1, checkType: opts.numeric ? 1 : 0, lengthLimitMax: max, label, dictionaryVoList: [],
});
const special = (dataType: 3 | 4 | 5, key: string, value: string, label: string, checkReq: 0 | 1 = 1): FieldDefinition => ({
  key, value, dataType, checkReq, checkType: 0, lengthLimitMax: null, label, dictionaryVoList: [],
});

export const BASE_INFO_FIELDS: readonly FieldDefinition[] = [
  dropdown('Education', 'education', 'Select your highest education', dict('Below 10th', '10th pass', '12th pass', 'Diploma / ITI', 'Graduate', 'Post-graduate', 'Doctorate')),
  dropdown('Marital status', 'maritalStatus', 'Select your marital status', dict('Single', 'Married', 'Divorced', 'Widowed', 'Separated')),
  dropdown('Residence type', 'residenceType', 'Select your residence type', dict('Owned', 'Rented', 'With parents / family', 'Company provided', 'PG / hostel')),
  special(4, 'State', 'state', 'Select your state'),
  special(5, 'District', 'district', 'Select your district'),
  input('Address', 'address', 'House no., street, locality', 100),
  input('PIN code', 'pinCode', '6-digit PIN code', 6, { numeric: true }),
  input('Email', 'email', 'name@example.com', 60),
];

/** workState dictValue that hides the canHidden group (spec §4: workState 3). */
export const WORK_STATE_HIDES = '3';

export const WORK_INFO_FIELDS: { readonly cannotHidden: readonly FieldDefinition[]; readonly canHidden: readonly FieldDefinition[] } = {
  cannotHidden: [
    dropdown('Employment type', 'workState', 'Select your employment type', dict('Salaried', 'Self-employed', 'Unemployed / student')),
    input('Monthly income (₹)', 'monthlyIncome', 'e.g. 25000', 7, { numeric: true }),
  ],
  canHidden: [
    input('Company / business name', 'companyName', 'Where you work', 60),
    dropdown('Industry', 'industry', 'Select your industry', dict(
      'IT and software', 'Banking and finance', 'Manufacturing', 'Retail and trade', 'Healthcare', 'Education',
      'Government / PSU', 'Construction and real estate', 'Transport and logistics', 'Hotels and restaurants', 'Agriculture', 'Other',
    )),
    dropdown('Designation', 'designation', 'Select your designation', dict('Staff / executive', 'Supervisor / team lead', 'Manager', 'Senior manager / director', 'Owner / proprietor', 'Other')),
    special(3, 'Salary day', 'salaryDay', 'Day of the month your salary arrives'),
    special(4, 'Office state', 'companyState', 'Select the state of your office (optional)', 0),
    special(5, 'Office district', 'companyDistrict', 'Select the district of your office (optional)', 0),
  ],
};

export const RELATIONS = dict('Parents', 'Spouse', 'Sibling', 'Child', 'Relative', 'Friend', 'Colleague');
export const CONTACT_INFO_FIELDS: readonly FieldDefinition[] = [dropdown('Relationship', 'relation', 'Select the relationship', RELATIONS)];

// ---------- Hindi ----------

/**
 * What the borrower reads of each field in Hindi, by its parameter name: `key` the title, `label` the
 * placeholder, `choices` the dropdown's labels in the order of its dictionary (the dictValues are the
 * English field's, so an answer saved in one language reads the same in the other). Only texts: the
 * checks always run on the English definitions, and their messages stay English.
 */
export const FIELD_TEXT_HI: Readonly<Record<string, { key: string; label: string; choices?: readonly string[] }>> = {
  // Basic information
  education: {
    key: 'शिक्षा',
    label: 'अपनी सबसे ऊँची पढ़ाई चुनें',
    choices: ['10वीं से कम', '10वीं पास', '12वीं पास', 'डिप्लोमा / ITI', 'ग्रेजुएट', 'पोस्ट-ग्रेजुएट', 'डॉक्टरेट (PhD)'],
  },
  maritalStatus: {
    key: 'वैवाहिक स्थिति',
    label: 'अपनी वैवाहिक स्थिति चुनें',
    choices: ['अविवाहित', 'विवाहित', 'तलाक़शुदा', 'विधवा / विधुर', 'अलग रह रहे हैं'],
  },
  residenceType: {
    key: 'घर का प्रकार',
    label: 'आप किस तरह के घर में रहते हैं',
    choices: ['अपना घर', 'किराये का घर', 'माता-पिता / परिवार के साथ', 'कंपनी की ओर से मिला घर', 'PG / हॉस्टल'],
  },
  state: { key: 'राज्य', label: 'अपना राज्य चुनें' },
  district: { key: 'ज़िला', label: 'अपना ज़िला चुनें' },
  address: { key: 'पता', label: 'मकान नंबर, गली, मोहल्ला' },
  pinCode: { key: 'पिन कोड', label: '6 अंकों का पिन कोड' },
  email: { key: 'ईमेल', label: 'name@example.com' },
  // Work information
  workState: {
    key: 'रोज़गार का प्रकार',
    label: 'आप क्या काम करते हैं, चुनें',
    choices: ['नौकरीपेशा (सैलरी)', 'अपना काम / बिज़नेस', 'बेरोज़गार / स्टूडेंट'],
  },
  monthlyIncome: { key: 'मासिक आय (₹)', label: 'जैसे 25000' },
  companyName: { key: 'कंपनी / बिज़नेस का नाम', label: 'आप कहाँ काम करते हैं' },
  industry: {
    key: 'इंडस्ट्री',
    label: 'अपनी इंडस्ट्री चुनें',
    choices: [
      'IT और सॉफ़्टवेयर', 'बैंकिंग और फ़ाइनेंस', 'मैन्युफ़ैक्चरिंग', 'रिटेल और व्यापार', 'हेल्थकेयर', 'शिक्षा',
      'सरकारी नौकरी / PSU', 'कंस्ट्रक्शन और रियल एस्टेट', 'ट्रांसपोर्ट और लॉजिस्टिक्स', 'होटल और रेस्टोरेंट', 'खेती-बाड़ी', 'अन्य',
    ],
  },
  designation: {
    key: 'पद',
    label: 'अपना पद चुनें',
    choices: ['स्टाफ़ / एग्ज़िक्यूटिव', 'सुपरवाइज़र / टीम लीड', 'मैनेजर', 'सीनियर मैनेजर / डायरेक्टर', 'मालिक / प्रोप्राइटर', 'अन्य'],
  },
  salaryDay: { key: 'सैलरी की तारीख़', label: 'महीने की वह तारीख़ जिस दिन सैलरी आती है' },
  companyState: { key: 'ऑफ़िस का राज्य', label: 'ऑफ़िस का राज्य चुनें (ज़रूरी नहीं)' },
  companyDistrict: { key: 'ऑफ़िस का ज़िला', label: 'ऑफ़िस का ज़िला चुनें (ज़रूरी नहीं)' },
  // Emergency contacts
  relation: {
    key: 'रिश्ता',
    label: 'आपका उनसे क्या रिश्ता है, चुनें',
    choices: ['माता-पिता', 'पति / पत्नी', 'भाई / बहन', 'बेटा / बेटी', 'रिश्तेदार', 'दोस्त', 'साथ काम करने वाले'],
  },
};

/** A field as the borrower reads it in `lang`: the same field, its texts translated (values, rules and order unchanged). */
export function fieldIn(lang: Lang, field: FieldDefinition): FieldDefinition {
  const hi = lang === 'hi' ? FIELD_TEXT_HI[field.value] : undefined;
  if (!hi) return field;
  return {
    ...field,
    key: hi.key,
    label: hi.label,
    dictionaryVoList: field.dictionaryVoList.map((d, i) => ({ dictLabel: hi.choices?.[i] ?? d.dictLabel, dictValue: d.dictValue })),
  };
}

/** `fields` as the borrower reads them in `lang`. */
export const fieldsIn = (lang: Lang, fields: readonly FieldDefinition[]): FieldDefinition[] => fields.map((f) => fieldIn(lang, f));

// ---------- States and districts ----------

/** A district's id: the state's id × 1000 + its 1-based position in the state's list (stable). */
export const districtId = (stateId: number, index: number) => stateId * 1000 + index + 1;

export const stateById = (id: number): IndianState | undefined => INDIAN_STATES.find((s) => s.id === id);

export const stateList = () => INDIAN_STATES.map((s) => ({ id: s.id, name: s.name }));

export const districtsOf = (state: IndianState) => state.districts.map((name, i) => ({ id: districtId(state.id, i), name }));

/** '12' → the state with id 12, or undefined (not digits, unknown id). */
function stateOf(value: string): IndianState | undefined {
  return /^[1-9]\d{0,5}$/.test(value) ? stateById(Number(value)) : undefined;
}

// ---------- Checking answers ----------

/** An errorColumn entry: the sandbox always names the field. */
export type FieldError = ErrorColumn & { column: string };

/** Field-specific rules beyond the definition. */
const EXTRA_RULES: Record<string, (value: string) => string | null> = {
  pinCode: (v) => (/^[1-9]\d{5}$/.test(v) ? null : 'PIN code must be 6 digits and cannot start with 0'),
  email: (v) => (isEmailAddress(v) ? null : 'Please enter a valid email address'),
  monthlyIncome: (v) => (Number(v) > 0 ? null : 'Monthly income must be more than 0'),
};

/**
 * Checks `values` (parameter name → trimmed text) against `fields`; returns the problems, one per
 * field, in the fields' order, and the accepted answers (only the fields defined, only non-empty ones).
 */
export function checkAnswers(
  fields: readonly FieldDefinition[],
  values: Record<string, string>,
  optional: ReadonlySet<string> = new Set(),
): { errors: FieldError[]; answers: Record<string, string> } {
  const errors: FieldError[] = [];
  const answers: Record<string, string> = {};
  const stateField = fields.find((f) => f.dataType === 4);
  for (const f of fields) {
    const value = values[f.value] ?? '';
    const problem = checkOne(f, value, optional.has(f.value), stateField ? (values[stateField.value] ?? '') : '');
    if (problem) errors.push({ column: f.value, msg: problem });
    else if (value !== '') answers[f.value] = value;
  }
  return { errors, answers };
}

function checkOne(f: FieldDefinition, value: string, optional: boolean, chosenState: string): string | null {
  if (value === '') {
    if (f.checkReq !== 1 || optional) return null;
    return f.dataType === 1 ? `Please enter your ${f.key.toLowerCase()}` : `Please select your ${f.key.toLowerCase()}`;
  }
  switch (f.dataType) {
    case 0:
      return f.dictionaryVoList.some((d) => d.dictValue === value) ? null : `Please choose your ${f.key.toLowerCase()} from the list`;
    case 3:
      return /^([1-9]|[12]\d|3[01])$/.test(value) ? null : `${f.key} must be a day from 1 to 31`;
    case 4:
      return stateOf(value) ? null : 'Please choose a state from the list';
    case 5: {
      const state = stateOf(chosenState);
      if (!state) return 'Please choose the state first';
      return districtsOf(state).some((d) => String(d.id) === value) ? null : `This district is not in ${state.name}`;
    }
    default: {
      if (f.checkType === 1 && !/^\d+$/.test(value)) return `${f.key} must contain digits only`;
      if (f.lengthLimitMax !== null && [...value].length > f.lengthLimitMax) return `${f.key} can be at most ${f.lengthLimitMax} characters`;
      return EXTRA_RULES[f.value]?.(value) ?? null;
    }
  }
}
