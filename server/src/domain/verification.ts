/**
 * The verification journey's rules, shared by the routes, the seed and the sandbox control API:
 * step keys and their flags, each borrower's setup (KYC variant, step order, living-hold), the
 * messages (verbatim from the spec where it has them, trailing spaces included) and the simulated
 * OCR and face check. See docs/sandbox/verification.md 'Verification'.
 */
import crypto from 'node:crypto';
import type { OcrResult } from '../../../contract/verification';
import { verhoeffCheckDigit } from '../../../machines/shared/identity';
import type { Db, Queryable } from '../db';
import { MINUTE, SECOND } from '../time';

export const STEP_KEYS = ['identity', 'face', 'basic', 'work', 'contacts'] as const;
export type StepKey = (typeof STEP_KEYS)[number];
export const DEFAULT_STEP_ORDER: readonly StepKey[] = STEP_KEYS;

export const STEP_NAMES: Record<StepKey, string> = {
  identity: 'Aadhaar & PAN',
  face: 'Face verification',
  basic: 'Basic information',
  work: 'Work information',
  contacts: 'Emergency contacts',
};

/** The step names in Hindi (find-user-auth answers them when Accept-Language prefers Hindi; the log keeps English). */
export const STEP_NAMES_HI: Record<StepKey, string> = {
  identity: 'आधार और पैन',
  face: 'फ़ेस वेरिफ़िकेशन',
  basic: 'बुनियादी जानकारी',
  work: 'काम की जानकारी',
  contacts: 'इमरजेंसी कॉन्टैक्ट',
};

/** The status flags of find-user-auth, and the step each one belongs to. */
export const FLAGS = ['basic', 'work', 'kycAadhaarAndPan', 'kycFaceAndHold', 'contact'] as const;
export type Flag = (typeof FLAGS)[number];
export const FLAG_OF_STEP: Record<StepKey, Flag> = {
  basic: 'basic',
  work: 'work',
  identity: 'kycAadhaarAndPan',
  face: 'kycFaceAndHold',
  contacts: 'contact',
};
const FLAG_COLUMN: Record<Flag, string> = {
  basic: 'basic',
  work: 'work',
  kycAadhaarAndPan: 'kyc_aadhaar_and_pan',
  kycFaceAndHold: 'kyc_face_and_hold',
  contact: 'contact',
};

export type KycVariant = 'upload' | 'otp';

export interface VerificationSetup {
  kycVariant: KycVariant;
  stepOrder: StepKey[];
  livingHold: boolean;
}

export interface VerificationState extends VerificationSetup {
  flags: Record<Flag, 0 | 1>;
  aadhaarVerified: string | null;
}

export const DEFAULT_SETUP: VerificationSetup = { kycVariant: 'upload', stepOrder: [...DEFAULT_STEP_ORDER], livingHold: false };
export const NO_FLAGS: Record<Flag, 0 | 1> = { basic: 0, work: 0, kycAadhaarAndPan: 0, kycFaceAndHold: 0, contact: 0 };
export const ALL_FLAGS_DONE: Record<Flag, 0 | 1> = { basic: 1, work: 1, kycAadhaarAndPan: 1, kycFaceAndHold: 1, contact: 1 };

export const MESSAGES = {
  notImage: 'Only image files can be uploaded',
  tooBig: 'Image size is too big, limit 10MB',
  uploadFront: 'Please Upload Aadhaar front',
  uploadBack: 'Please Upload Aadhaar Back ',
  uploadPan: 'Please Upload PAN ',
  uploadFace: 'Please Upload Face Recognition ',
  inputIdNo: 'Please Input IDcard No.',
  inputPan: 'Please Input Pan Id. ',
  verifyAadhaarFirst: 'Please verify your Aadhaar number first',
  otpSent: 'OTP sent to the mobile number linked with Aadhaar',
  alreadyVerified: 'Aadhaar already verified',
  notLinked: 'This Aadhaar number is not linked to a mobile number',
  wait: (seconds: number) => `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting another OTP`,
  incorrectOtp: 'Incorrect OTP, please try again',
  expiredOtp: 'OTP expired, please request a new one',
  tooManyOtpTries: 'Too many incorrect attempts, please request a new OTP',
  noOtp: 'Please request an OTP first',
  checkFields: 'Please check the highlighted fields',
  stateNotFound: 'State not found',
} as const;

/** Aadhaar OTP rules (sandbox): 6 digits, one send per 60 s per borrower, valid 10 minutes, 5 wrong tries. */
export const AADHAAR_OTP = {
  digits: 6,
  cooldownMs: 60 * SECOND,
  ttlMs: 10 * MINUTE,
  maxWrongTries: 5,
} as const;

/** Images: at most 10 MB; under 2 KB the simulated OCR reads nothing and the face check finds no face. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const UNREADABLE_BELOW_BYTES = 2 * 1024;

/** Upload types: 1 Aadhaar front, 2 Aadhaar back, 3 PAN card, 4 face photo. */
export const UPLOAD_TYPE = { aadhaarFront: 1, aadhaarBack: 2, pan: 3, face: 4 } as const;

/** The image's MIME type from its first bytes (JPEG, PNG, GIF, WebP, HEIC), or null when it is not one. */
export function sniffImage(bytes: Uint8Array): string | null {
  const at = (i: number) => bytes[i] ?? -1;
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  if (at(0) === 0x89 && ascii(1, 4) === 'PNG' && at(4) === 0x0d && at(5) === 0x0a && at(6) === 0x1a && at(7) === 0x0a) return 'image/png';
  if (ascii(0, 4) === 'GIF8') return 'image/gif';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp' && HEIC_BRANDS.has(ascii(8, 12))) return 'image/heic';
  return null;
}
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/** A random, unguessable file id. */
export const newFileId = () => crypto.randomBytes(16).toString('hex');

// ---------- Simulated OCR ----------

/** The borrower's Aadhaar as the sandbox OCR reads it: '2' + the 10 phone digits + the Verhoeff check digit. */
export function aadhaarForPhone(phone: string): string {
  const base = `2${phone.slice(-10)}`;
  return `${base}${verhoeffCheckDigit(base)}`;
}

/**
 * The borrower's PAN as the sandbox OCR reads it: 3 letters from the phone, 'P' (a person), the
 * first letter of the last word of the name, the last 4 phone digits, a check letter from the phone.
 * Always matches ^[A-Z]{3}[ABCFGHJLPT][A-Z][0-9]{4}[A-Z]$.
 */
export function panForPhone(phone: string, name: string): string {
  const hash = crypto.createHash('sha256').update(phone).digest();
  const letter = (i: number) => String.fromCharCode(65 + ((hash[i] ?? 0) % 26));
  const surname = name.trim().split(/\s+/).pop() ?? '';
  const initial = /^[A-Za-z]/.test(surname) ? surname[0]!.toUpperCase() : 'X';
  return `${letter(0)}${letter(1)}${letter(2)}P${initial}${phone.slice(-4)}${letter(3)}`;
}

export const OCR_DEFAULT_NAME = 'Test Borrower';

/** What the simulated OCR reads from an image of `type` (1 Aadhaar front, 2 back, 3 PAN) of `size` bytes. */
export function simulateOcr(type: 1 | 2 | 3, size: number, user: { phone: string; name: string | null }): OcrResult {
  const empty = { name: '', idNo: '', panNo: '' };
  if (size < UNREADABLE_BELOW_BYTES || type === 2) return empty;
  const name = user.name?.trim() || OCR_DEFAULT_NAME;
  if (type === 1) return { name, idNo: aadhaarForPhone(user.phone), panNo: '' };
  return { name, idNo: '', panNo: panForPhone(user.phone, name) };
}

/** The simulated face check: 1 a live face found, 2 none (an image under 2 KB). */
export const simulateFaceCheck = (size: number): 1 | 2 => (size < UNREADABLE_BELOW_BYTES ? 2 : 1);

/** An Aadhaar whose first 11 digits end in '0000' is, in the sandbox, not linked to a mobile number. */
export const aadhaarNotLinked = (aadhaar: string) => aadhaar.slice(0, 11).endsWith('0000');

// ---------- Setup and flags ----------

interface SetupRow {
  kyc_variant: KycVariant;
  step_order: string[];
  living_hold: boolean;
  basic: number;
  work: number;
  kyc_aadhaar_and_pan: number;
  kyc_face_and_hold: number;
  contact: number;
  aadhaar_verified: string | null;
}

const bit = (n: number): 0 | 1 => (n === 1 ? 1 : 0);

/** The borrower's setup and flags (the defaults when nothing is stored yet). */
export async function loadState(db: Queryable, userId: number): Promise<VerificationState> {
  const r = await db.query<SetupRow>(
    `SELECT kyc_variant, step_order, living_hold, basic, work, kyc_aadhaar_and_pan, kyc_face_and_hold, contact, aadhaar_verified
       FROM verification_setups WHERE user_id = $1`,
    [userId],
  );
  const row = r.rows[0];
  if (!row) return { ...DEFAULT_SETUP, stepOrder: [...DEFAULT_SETUP.stepOrder], flags: { ...NO_FLAGS }, aadhaarVerified: null };
  return {
    kycVariant: row.kyc_variant,
    stepOrder: row.step_order.filter((k): k is StepKey => (STEP_KEYS as readonly string[]).includes(k)),
    livingHold: row.living_hold,
    flags: {
      basic: bit(row.basic),
      work: bit(row.work),
      kycAadhaarAndPan: bit(row.kyc_aadhaar_and_pan),
      kycFaceAndHold: bit(row.kyc_face_and_hold),
      contact: bit(row.contact),
    },
    aadhaarVerified: row.aadhaar_verified,
  };
}

/** Makes sure the borrower has a setup row (with the defaults), so updates can be plain UPDATEs. */
export async function ensureSetup(db: Queryable, userId: number): Promise<void> {
  await db.query('INSERT INTO verification_setups (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING', [userId]);
}

/** A step completed: its flag flips to 1. */
export async function setFlag(db: Queryable, userId: number, flag: Flag, value: 0 | 1 = 1): Promise<void> {
  await ensureSetup(db, userId);
  await db.query(`UPDATE verification_setups SET ${FLAG_COLUMN[flag]} = $2 WHERE user_id = $1`, [userId, value]);
}

/**
 * Whether the step of `flag` is done, with the borrower's setup row locked until the transaction
 * ends: a submit that completes the step cannot race another one deciding the same.
 */
export async function lockStepDone(tx: Queryable, userId: number, flag: Flag): Promise<boolean> {
  await ensureSetup(tx, userId);
  const r = await tx.query<{ done: number }>(`SELECT ${FLAG_COLUMN[flag]} AS done FROM verification_setups WHERE user_id = $1 FOR UPDATE`, [userId]);
  return r.rows[0]?.done === 1;
}

/**
 * A done step is final: a later attempt, however it goes, changes nothing (docs/journeys/verification.md 'Verification').
 * Completes the step of `flag` — `write` (its answers) then the flag — unless it is done already;
 * says whether it did.
 */
export async function completeStep(db: Db, userId: number, flag: Flag, write: (tx: Queryable) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (await lockStepDone(tx, userId, flag)) return false;
    await write(tx);
    await setFlag(tx, userId, flag);
    return true;
  });
}

/** Writes the whole setup and flags (seed, sandbox control API). */
export async function writeState(db: Queryable, userId: number, state: Omit<VerificationState, 'aadhaarVerified'> & { aadhaarVerified?: string | null }) {
  await db.query(
    `INSERT INTO verification_setups (user_id, kyc_variant, step_order, living_hold, basic, work, kyc_aadhaar_and_pan, kyc_face_and_hold, contact, aadhaar_verified)
     VALUES ($1, $2, $3::text[], $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (user_id) DO UPDATE SET kyc_variant = EXCLUDED.kyc_variant, step_order = EXCLUDED.step_order,
       living_hold = EXCLUDED.living_hold, basic = EXCLUDED.basic, work = EXCLUDED.work,
       kyc_aadhaar_and_pan = EXCLUDED.kyc_aadhaar_and_pan, kyc_face_and_hold = EXCLUDED.kyc_face_and_hold,
       contact = EXCLUDED.contact, aadhaar_verified = EXCLUDED.aadhaar_verified`,
    [
      userId,
      state.kycVariant,
      state.stepOrder,
      state.livingHold,
      state.flags.basic,
      state.flags.work,
      state.flags.kycAadhaarAndPan,
      state.flags.kycFaceAndHold,
      state.flags.contact,
      state.aadhaarVerified ?? null,
    ],
  );
}

/** Forgets everything the borrower did in the journey (answers, uploads, OTPs, face checks, verified numbers, flags). */
export async function clearProgress(db: Queryable, userId: number): Promise<void> {
  for (const table of ['verification_answers', 'verification_uploads', 'aadhaar_otps', 'face_checks', 'verified_identities']) {
    await db.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
  }
}

export async function saveAnswers(db: Queryable, userId: number, step: 'basic' | 'work' | 'contacts' | 'kyc', answers: object, now: Date) {
  await db.query(
    `INSERT INTO verification_answers (user_id, step, answers, updated_at) VALUES ($1, $2, $3::jsonb, $4)
     ON CONFLICT (user_id, step) DO UPDATE SET answers = EXCLUDED.answers, updated_at = EXCLUDED.updated_at`,
    [userId, step, JSON.stringify(answers), now.toISOString()],
  );
}

