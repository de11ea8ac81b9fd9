/**
 * India's banks as borrowers name them, for the IFSC finder's bank search (ifsc.rules.ts). The spec's
 * bank list gives only an id and a name, yet borrowers type "sbi", "bob" or the IFSC's first four
 * letters ("SBIN"): the app knows those itself. Pure data and functions.
 *
 * Each bank has its IFSC bank code (the first 4 letters of every branch's IFSC, RBI's list), its name,
 * other names a backend may send for it, and the short names in use beyond its initials. Initials are
 * derived from any name (State Bank of India → sbi), so only the short names that differ are listed
 * (Bank of Baroda → bob, not bb).
 */

export interface KnownBank {
  /** The IFSC bank code: 4 capitals. */
  code: string;
  name: string;
  /** Other names a backend may give the bank (former names, the long form). */
  aka?: readonly string[];
  /** Short names borrowers use, beyond the initials of the name (lower case). */
  short?: readonly string[];
}

export const KNOWN_BANKS: readonly KnownBank[] = [
  // Public sector banks.
  { code: 'SBIN', name: 'State Bank of India' },
  { code: 'PUNB', name: 'Punjab National Bank' },
  { code: 'BARB', name: 'Bank of Baroda', short: ['bob'] },
  { code: 'CNRB', name: 'Canara Bank' },
  { code: 'UBIN', name: 'Union Bank of India' },
  { code: 'BKID', name: 'Bank of India', short: ['boi'] },
  { code: 'IDIB', name: 'Indian Bank' },
  { code: 'CBIN', name: 'Central Bank of India' },
  { code: 'IOBA', name: 'Indian Overseas Bank' },
  { code: 'UCBA', name: 'UCO Bank' },
  { code: 'MAHB', name: 'Bank of Maharashtra', short: ['bom', 'mahabank'] },
  { code: 'PSIB', name: 'Punjab & Sind Bank' },
  // Private sector banks.
  { code: 'HDFC', name: 'HDFC Bank' },
  { code: 'ICIC', name: 'ICICI Bank' },
  { code: 'UTIB', name: 'Axis Bank' },
  { code: 'KKBK', name: 'Kotak Mahindra Bank', aka: ['Kotak Bank'] },
  { code: 'INDB', name: 'IndusInd Bank' },
  { code: 'YESB', name: 'Yes Bank' },
  { code: 'IDFB', name: 'IDFC FIRST Bank', aka: ['IDFC Bank'] },
  { code: 'IBKL', name: 'IDBI Bank' },
  { code: 'FDRL', name: 'Federal Bank' },
  { code: 'SIBL', name: 'South Indian Bank' },
  { code: 'KVBL', name: 'Karur Vysya Bank' },
  { code: 'CIUB', name: 'City Union Bank' },
  { code: 'TMBL', name: 'Tamilnad Mercantile Bank' },
  { code: 'KARB', name: 'Karnataka Bank', short: ['kbl'] },
  { code: 'RATN', name: 'RBL Bank', aka: ['Ratnakar Bank'] },
  { code: 'BDBL', name: 'Bandhan Bank' },
  { code: 'CSBK', name: 'CSB Bank', aka: ['Catholic Syrian Bank'] },
  { code: 'DCBL', name: 'DCB Bank' },
  { code: 'DLXB', name: 'Dhanlaxmi Bank' },
  { code: 'JAKA', name: 'Jammu & Kashmir Bank', aka: ['J&K Bank'] },
  { code: 'NTBL', name: 'Nainital Bank' },
  // Small finance banks.
  { code: 'AUBL', name: 'AU Small Finance Bank' },
  { code: 'ESFB', name: 'Equitas Small Finance Bank' },
  { code: 'UJVN', name: 'Ujjivan Small Finance Bank' },
  { code: 'JSFB', name: 'Jana Small Finance Bank' },
  { code: 'SURY', name: 'Suryoday Small Finance Bank' },
  { code: 'ESMF', name: 'ESAF Small Finance Bank' },
  { code: 'UTKS', name: 'Utkarsh Small Finance Bank' },
  { code: 'CLBL', name: 'Capital Small Finance Bank' },
  { code: 'NESF', name: 'North East Small Finance Bank' },
  { code: 'UNBA', name: 'Unity Small Finance Bank' },
  { code: 'SMCB', name: 'Shivalik Small Finance Bank' },
  // Payments banks.
  { code: 'AIRP', name: 'Airtel Payments Bank' },
  { code: 'IPOS', name: 'India Post Payments Bank' },
  { code: 'FINO', name: 'Fino Payments Bank' },
  { code: 'JIOP', name: 'Jio Payments Bank' },
  { code: 'PYTM', name: 'Paytm Payments Bank' },
  { code: 'NSPB', name: 'NSDL Payments Bank' },
  // Foreign banks with retail branches.
  { code: 'SCBL', name: 'Standard Chartered Bank' },
  { code: 'CITI', name: 'Citibank' },
  { code: 'HSBC', name: 'HSBC', aka: ['HSBC Bank', 'The Hongkong and Shanghai Banking Corporation'] },
  { code: 'DEUT', name: 'Deutsche Bank' },
  { code: 'DBSS', name: 'DBS Bank India', aka: ['DBS Bank'] },
  // Large co-operative and regional rural banks.
  { code: 'SRCB', name: 'Saraswat Co-operative Bank', aka: ['Saraswat Bank'] },
  { code: 'COSB', name: 'Cosmos Co-operative Bank', aka: ['Cosmos Bank'] },
  { code: 'TJSB', name: 'TJSB Sahakari Bank' },
  { code: 'KLGB', name: 'Kerala Gramin Bank' },
];

/** Words initials skip. */
const SKIPPED = new Set(['of', 'the', 'and']);

/**
 * A bank name's words, lower case, without punctuation, a leading "the" or a closing "ltd"/"limited":
 * 'The Jammu & Kashmir Bank Ltd.' → 'jammu and kashmir bank'.
 */
export function bankNameWords(name: string): string[] {
  const words = name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words[0] === 'the') words.shift();
  if (words.at(-1) === 'ltd' || words.at(-1) === 'limited') words.pop();
  return words;
}

/** The initials of a name of two words or more, skipping of/the/and: 'State Bank of India' → 'sbi'; '' for one word. */
export function bankInitials(name: string): string {
  const words = bankNameWords(name).filter((w) => !SKIPPED.has(w));
  return words.length < 2 ? '' : words.map((w) => w[0]).join('');
}

const byCode = new Map(KNOWN_BANKS.map((b) => [b.code, b]));
const byName = new Map(KNOWN_BANKS.flatMap((b) => [b.name, ...(b.aka ?? [])].map((n) => [bankNameWords(n).join(' '), b] as const)));

/** The table's bank: by the code a backend sent, else by its name as written in any of the usual ways; else null. */
export function knownBank(bankName: string, code?: string): KnownBank | null {
  return (code ? byCode.get(code.toUpperCase()) : undefined) ?? byName.get(bankNameWords(bankName).join(' ')) ?? null;
}
