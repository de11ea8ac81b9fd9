/**
 * The verification journey (endpoint table: verificationStatus, kycConfig, submitKyc, sendAadhaarOtp,
 * verifyAadhaarOtp, livingCheckConfig, livingCheck, livingHold, faceResult, pageInfo, workPageInfo,
 * baseInfo, workInfo, contacts): the step router, KYC in its two variants, the face check and the
 * forms. The rules live in domain/verification.ts; images in uploads.ts, places in map-state.ts.
 */
import crypto from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type * as v from 'valibot';
import { ENDPOINTS } from '../../../contract/endpoints';
import { type AadhaarSendOtp, CONTACT_SLOTS, type ContactPayload, type ErrorColumns } from '../../../contract/verification';
import { aadhaarProblem, panProblem } from '../../../machines/shared/identity';
import { safeEqual, sha256 } from '../auth';
import type { Queryable } from '../db';
import type { AppEnv } from '../env';
import { ApiError, CODE_ERROR, envelope, ok } from '../envelope';
import { claimIdentity, IDENTITY_MESSAGES, identityHash, identityRefusal, isIdentityClash, takenByAnother } from '../identity';
import { contentLanguage, type Localized } from '../language';
import type { Taken } from '../limits';
import { SECOND } from '../time';
import {
  AADHAAR_OTP,
  aadhaarNotLinked,
  completeStep,
  loadState,
  lockStepDone,
  MESSAGES,
  saveAnswers,
  setFlag,
  simulateFaceCheck,
  STEP_NAMES,
  STEP_NAMES_HI,
  UPLOAD_TYPE,
  type KycVariant,
  type StepKey,
} from '../domain/verification';
import {
  BASE_INFO_FIELDS,
  checkAnswers,
  CONTACT_INFO_FIELDS,
  fieldsIn,
  RELATIONS,
  WORK_INFO_FIELDS,
  WORK_STATE_HIDES,
  type FieldError,
} from '../domain/verification-fields';
import { serve } from './serve';
import { imageBodyLimit, readForm, readImage, storeUpload } from './uploads';

const MAX_REAL_NAME = 100;
const MAX_CONTACT_NAME = 50;
const CONTACT_NAME_RE = /^[a-z'.]+$/;
const MOBILE_RE = /^[6-9]\d{9}$/;

/** The KYC pages' titles (kyc-auth-config), by language. */
const KYC_TITLES: Localized<Record<'aadhaarFront' | 'aadhaarBack' | 'panCard' | 'aadhaar' | 'pan', string>> = {
  en: { aadhaarFront: 'Aadhaar front', aadhaarBack: 'Aadhaar back', panCard: 'PAN card', aadhaar: 'Aadhaar', pan: 'PAN' },
  hi: { aadhaarFront: 'आधार कार्ड (आगे का हिस्सा)', aadhaarBack: 'आधार कार्ड (पीछे का हिस्सा)', panCard: 'पैन कार्ड', aadhaar: 'आधार', pan: 'पैन' },
};

const otpHash = (userId: number, aadhaar: string, code: string) => sha256(`aadhaar:${userId}:${aadhaar}:${code}`);

/** Failed form: code 1, a fixed msg, and one errorColumn entry per field at fault. */
const fieldErrors = (c: Context, errorColumn: FieldError[]) =>
  c.json(envelope(CODE_ERROR, MESSAGES.checkFields, { errorColumn } satisfies v.InferInput<typeof ErrorColumns>), 200);

type SendOtpAnswer = v.InferInput<typeof AadhaarSendOtp>;
const refused = (message: string): SendOtpAnswer => ({ state: 2, verifier: { success: false, message } });

/** What a transaction decided: a refusal is returned (so the transaction commits), then thrown. */
type Outcome = { error: string } | { error?: undefined };

/** A later attempt on a done step changed nothing (docs/journeys/verification.md 'Verification'): said in the log, for QA. */
const unchanged = (c: Context<AppEnv>, step: StepKey) =>
  c.var.deps.log(`[sandbox verification] ${c.var.user.phone}: ${STEP_NAMES[step]} is already done; this attempt changed nothing`);

export function verificationRoutes() {
  const r = new Hono<AppEnv>();

  // ---------- Router ----------
  serve(r, ENDPOINTS.verificationStatus, async (c) => {
    const s = await loadState(c.var.deps.db, c.var.user.id);
    const names = contentLanguage(c) === 'hi' ? STEP_NAMES_HI : STEP_NAMES;
    return { userAuthConfigVoList: s.stepOrder.map((key) => ({ key, name: names[key] })), ...s.flags };
  });

  // ---------- KYC ----------
  serve(r, ENDPOINTS.kycConfig, async (c) => {
    const s = await loadState(c.var.deps.db, c.var.user.id);
    const t = KYC_TITLES[contentLanguage(c)];
    return {
      KycPageInfoVo:
        s.kycVariant === 'upload'
          ? [
              { photoType: UPLOAD_TYPE.aadhaarFront, title: t.aadhaarFront },
              { photoType: UPLOAD_TYPE.aadhaarBack, title: t.aadhaarBack },
              { photoType: UPLOAD_TYPE.pan, title: t.panCard },
            ]
          : [{ title: t.aadhaar }, { title: t.pan }],
    };
  });

  serve(r, ENDPOINTS.submitKyc, async (c, body) => {
    const { db, clock } = c.var.deps;
    const userId = c.var.user.id;
    const idNo = body.idNo.replace(/\s+/g, '');
    const panNo = body.panNo.toUpperCase();
    const s = await loadState(db, userId);
    const variant: KycVariant = s.kycVariant;

    if (variant === 'upload') {
      const uploaded = await db.query<{ type: number }>('SELECT type FROM verification_uploads WHERE user_id = $1', [userId]);
      const has = (t: number) => uploaded.rows.some((u) => u.type === t);
      if (!has(UPLOAD_TYPE.aadhaarFront)) throw new ApiError(MESSAGES.uploadFront);
      if (!has(UPLOAD_TYPE.aadhaarBack)) throw new ApiError(MESSAGES.uploadBack);
      if (!has(UPLOAD_TYPE.pan)) throw new ApiError(MESSAGES.uploadPan);
      if (!body.realName || !idNo) throw new ApiError(MESSAGES.uploadFront);
      if ([...body.realName].length > MAX_REAL_NAME) throw new ApiError(`realName can be at most ${MAX_REAL_NAME} characters`);
      const aadhaar = aadhaarProblem(idNo);
      if (aadhaar) throw new ApiError(aadhaar);
      if (!panNo) throw new ApiError(MESSAGES.uploadPan);
    } else {
      if (!idNo) throw new ApiError(MESSAGES.inputIdNo);
      if (!panNo) throw new ApiError(MESSAGES.inputPan);
      const aadhaar = aadhaarProblem(idNo);
      if (aadhaar) throw new ApiError(aadhaar);
      if (s.aadhaarVerified !== idNo) throw new ApiError(MESSAGES.verifyAadhaarFirst);
    }
    const pan = panProblem(panNo);
    if (pan) throw new ApiError(pan);
    // One person, one borrower: numbers another borrower verified are refused (identity.ts).
    const numbers = { aadhaar: idNo, pan: panNo };
    const taken = await identityRefusal(db, userId, numbers);
    if (taken) throw new ApiError(taken);

    const answers = variant === 'upload' ? { variant, realName: body.realName, idNo, panNo } : { variant, idNo, panNo };
    const now = clock.now();
    const completed = await completeStep(db, userId, 'kycAadhaarAndPan', async (tx) => {
      await claimIdentity(tx, userId, numbers, now);
      await saveAnswers(tx, userId, 'kyc', answers, now);
    }).catch(async (error: unknown) => {
      // Another borrower claimed one of the numbers in the meantime: the index refused this one.
      if (isIdentityClash(error)) throw new ApiError((await identityRefusal(db, userId, numbers)) ?? IDENTITY_MESSAGES.aadhaarTaken);
      throw error;
    });
    if (!completed) unchanged(c, 'identity');
    return ok(c);
  });

  serve(r, ENDPOINTS.sendAadhaarOtp, async (c, body) => {
    const { db, clock, log, rateLimits } = c.var.deps;
    const user = c.var.user;
    const aadhaar = body.aadhaar.replace(/\s+/g, '');
    const now = clock.now();
    let taken: Taken | undefined;
    const sent = await db.transaction(async (tx): Promise<{ answer: SendOtpAnswer; text?: string } | { error: string }> => {
      // Serialise sends for one borrower, so two quick taps cannot both pass the cooldown.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`aadhaar-otp:${user.id}`]);
      const problem = aadhaarProblem(aadhaar);
      if (problem) return { answer: refused(problem) };
      const s = await loadState(tx, user.id);
      // Once the identity step is done, its Aadhaar is the verified one: nothing more to send.
      if (s.aadhaarVerified === aadhaar || s.flags.kycAadhaarAndPan === 1) {
        return { answer: { state: 1, verifier: { success: true, message: MESSAGES.alreadyVerified } } };
      }
      const claimed = await takenByAnother(tx, user.id, 'aadhaar', aadhaar);
      if (claimed) return { answer: refused(claimed) };
      if (aadhaarNotLinked(aadhaar)) return { answer: refused(MESSAGES.notLinked) };
      const last = await tx.query<{ created_at: Date }>('SELECT created_at FROM aadhaar_otps WHERE user_id = $1', [user.id]);
      const lastAt = last.rows[0]?.created_at;
      if (lastAt) {
        const waitMs = AADHAAR_OTP.cooldownMs - (now.getTime() - lastAt.getTime());
        if (waitMs > 0) return { answer: refused(MESSAGES.wait(Math.ceil(waitMs / SECOND))) };
      }
      // Per borrower, and per number across borrowers (its keyed hash: the limit's key never holds the
      // number). Inside this transaction (limits.ts joins it): the units go back if the send rolls back.
      taken = await rateLimits.take(
        [
          ['aadhaarOtpPerBorrowerDay', String(user.id)],
          ['aadhaarOtpPerNumberDay', identityHash('aadhaar', aadhaar)],
        ],
        now,
      );
      if (!taken.ok) return { error: taken.message };
      const code = String(crypto.randomInt(0, 10 ** AADHAAR_OTP.digits)).padStart(AADHAAR_OTP.digits, '0');
      const text = `Your Aadhaar verification OTP is ${code}`;
      await tx.query(
        `INSERT INTO aadhaar_otps (user_id, aadhaar, code_hash, created_at, expires_at, failed_attempts) VALUES ($1, $2, $3, $4, $5, 0)
         ON CONFLICT (user_id) DO UPDATE SET aadhaar = EXCLUDED.aadhaar, code_hash = EXCLUDED.code_hash,
           created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at, failed_attempts = 0`,
        [user.id, aadhaar, otpHash(user.id, aadhaar, code), now.toISOString(), new Date(now.getTime() + AADHAAR_OTP.ttlMs).toISOString()],
      );
      await tx.query(`INSERT INTO sms_outbox (phone, purpose, text, code, created_at) VALUES ($1, 'aadhaar', $2, $3, $4)`, [
        user.phone,
        text,
        code,
        now.toISOString(),
      ]);
      return { answer: { state: 0, verifier: { success: true, message: MESSAGES.otpSent } }, text };
    }).catch(async (error: unknown) => {
      if (taken?.ok) await taken.release();
      throw error;
    });
    if ('error' in sent) throw new ApiError(sent.error);
    if (sent.text) log(`[sandbox sms] to ${user.phone}: ${sent.text}`);
    return sent.answer;
  });

  serve(r, ENDPOINTS.verifyAadhaarOtp, async (c, body) => {
    const { db, clock } = c.var.deps;
    const userId = c.var.user.id;
    const aadhaar = body.aadhaar.replace(/\s+/g, '');
    const now = clock.now();
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const s = await loadState(tx, userId);
      if (s.aadhaarVerified === aadhaar || s.flags.kycAadhaarAndPan === 1) return {};
      const claimed = await takenByAnother(tx, userId, 'aadhaar', aadhaar);
      if (claimed) return { error: claimed };
      const found = await tx.query<{ aadhaar: string; code_hash: string; expires_at: Date; failed_attempts: number }>(
        'SELECT aadhaar, code_hash, expires_at, failed_attempts FROM aadhaar_otps WHERE user_id = $1 FOR UPDATE',
        [userId],
      );
      const otp = found.rows[0];
      if (!otp || otp.aadhaar !== aadhaar) return { error: MESSAGES.noOtp };
      if (otp.failed_attempts >= AADHAAR_OTP.maxWrongTries) return { error: MESSAGES.tooManyOtpTries };
      if (otp.expires_at.getTime() <= now.getTime()) return { error: MESSAGES.expiredOtp };
      if (!safeEqual(otp.code_hash, otpHash(userId, aadhaar, body.otp))) {
        const counted = await tx.query<{ failed_attempts: number }>(
          'UPDATE aadhaar_otps SET failed_attempts = failed_attempts + 1 WHERE user_id = $1 RETURNING failed_attempts',
          [userId],
        );
        const tries = counted.rows[0]?.failed_attempts ?? AADHAAR_OTP.maxWrongTries;
        return { error: tries >= AADHAAR_OTP.maxWrongTries ? MESSAGES.tooManyOtpTries : MESSAGES.incorrectOtp };
      }
      // Keep the row (its created_at still paces new sends), but make it unusable.
      await tx.query('UPDATE aadhaar_otps SET failed_attempts = $2 WHERE user_id = $1', [userId, AADHAAR_OTP.maxWrongTries]);
      await tx.query('INSERT INTO verification_setups (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING', [userId]);
      await tx.query('UPDATE verification_setups SET aadhaar_verified = $2 WHERE user_id = $1', [userId, aadhaar]);
      return {};
    });
    // Outside the transaction, so a counted wrong try is committed before the error is sent.
    if (outcome.error !== undefined) throw new ApiError(outcome.error);
    return ok(c);
  });

  // ---------- Face ----------
  serve(r, ENDPOINTS.livingCheckConfig, async (c) => {
    const s = await loadState(c.var.deps.db, c.var.user.id);
    return { 'living-config': s.livingHold ? 1 : 0 };
  });

  serve(r, ENDPOINTS.livingCheck, { bodyLimit: imageBodyLimit() }, async (c) => {
    const { db, clock } = c.var.deps;
    const userId = c.var.user.id;
    const image = await readImage((await readForm(c, ENDPOINTS.livingCheck.body)).image);
    const status = simulateFaceCheck(image.size);
    const now = clock.now();
    const recorded = await db.transaction(async (tx) => {
      if (await lockStepDone(tx, userId, 'kycFaceAndHold')) return false;
      const fileId = await storeUpload(tx, userId, UPLOAD_TYPE.face, image, now);
      await tx.query('INSERT INTO face_checks (user_id, status, file_id, created_at) VALUES ($1, $2, $3, $4)', [userId, status, fileId, now.toISOString()]);
      const s = await loadState(tx, userId);
      if (status === 1 && !s.livingHold) await setFlag(tx, userId, 'kycFaceAndHold');
      return true;
    });
    if (recorded) return { status };
    // The photo is neither kept nor judged: the step's result stands.
    unchanged(c, 'face');
    return { status: 1 };
  });

  serve(r, ENDPOINTS.livingHold, async (c) => {
    const { db } = c.var.deps;
    const userId = c.var.user.id;
    const acted = await db.transaction(async (tx) => {
      if (await lockStepDone(tx, userId, 'kycFaceAndHold')) return false;
      if ((await latestFaceStatus(tx, userId)) !== 1) throw new ApiError(MESSAGES.uploadFace);
      await setFlag(tx, userId, 'kycFaceAndHold');
      return true;
    });
    if (!acted) unchanged(c, 'face');
    return ok(c);
  });

  // A done face step reads as a success, whatever was tried before it was marked done.
  serve(r, ENDPOINTS.faceResult, async (c) => {
    const { db } = c.var.deps;
    const done = (await loadState(db, c.var.user.id)).flags.kycFaceAndHold === 1;
    return { status: done ? 1 : await latestFaceStatus(db, c.var.user.id) };
  });

  // ---------- Forms ----------
  // The forms' texts in the language Accept-Language prefers; values and rules are the same in both.
  serve(r, ENDPOINTS.pageInfo, (c, { type }) => fieldsIn(contentLanguage(c), type === 'baseInfo' ? BASE_INFO_FIELDS : CONTACT_INFO_FIELDS));

  serve(r, ENDPOINTS.workPageInfo, (c) => {
    const lang = contentLanguage(c);
    return { cannotHidden: fieldsIn(lang, WORK_INFO_FIELDS.cannotHidden), canHidden: fieldsIn(lang, WORK_INFO_FIELDS.canHidden) };
  });

  serve(r, ENDPOINTS.baseInfo, async (c, values) => {
    const { db, clock } = c.var.deps;
    const { errors, answers } = checkAnswers(BASE_INFO_FIELDS, values);
    if (errors.length) return fieldErrors(c, errors);
    if (!(await completeStep(db, c.var.user.id, 'basic', (tx) => saveAnswers(tx, c.var.user.id, 'basic', answers, clock.now())))) unchanged(c, 'basic');
    return ok(c);
  });

  serve(r, ENDPOINTS.workInfo, async (c, values) => {
    const { db, clock } = c.var.deps;
    // workState 3 (e.g. unemployed / student): the hideable fields are hidden, not required and not kept.
    const hidden = values.workState === WORK_STATE_HIDES;
    const fields = hidden ? WORK_INFO_FIELDS.cannotHidden : [...WORK_INFO_FIELDS.cannotHidden, ...WORK_INFO_FIELDS.canHidden];
    const { errors, answers } = checkAnswers(fields, values);
    if (errors.length) return fieldErrors(c, errors);
    if (!(await completeStep(db, c.var.user.id, 'work', (tx) => saveAnswers(tx, c.var.user.id, 'work', answers, clock.now())))) unchanged(c, 'work');
    return ok(c);
  });

  serve(r, ENDPOINTS.contacts, async (c, body) => {
    const { db, clock } = c.var.deps;
    const user = c.var.user;
    const errors = checkContacts(body, user.phone.slice(2));
    if (errors.length) return fieldErrors(c, errors);
    // Only the nine contact fields are kept, whatever else the body carries.
    const answers = Object.fromEntries(CONTACT_SLOTS.flatMap((p) => (['Name', 'Mobile', 'Relation'] as const).map((f) => [`${p}${f}`, body[`${p}${f}`]])));
    if (!(await completeStep(db, user.id, 'contact', (tx) => saveAnswers(tx, user.id, 'contacts', answers, clock.now())))) unchanged(c, 'contacts');
    return ok(c);
  });

  return r;
}

async function latestFaceStatus(db: Queryable, userId: number): Promise<0 | 1 | 2> {
  const r = await db.query<{ status: number }>('SELECT status FROM face_checks WHERE user_id = $1 ORDER BY id DESC LIMIT 1', [userId]);
  const status = r.rows[0]?.status;
  return status === 1 || status === 2 ? status : 0;
}

/** The three contacts: relation from the list, a name of lowercase letters, ' and . only, distinct valid mobiles that are not the borrower's. */
export function checkContacts(body: ContactPayload, ownMobile: string): FieldError[] {
  const errors: FieldError[] = [];
  const mobiles: string[] = [];
  CONTACT_SLOTS.forEach((p, i) => {
    const n = i + 1;
    const relation = body[`${p}Relation`];
    const name = body[`${p}Name`];
    const mobile = body[`${p}Mobile`];
    if (!relation) errors.push({ column: `${p}Relation`, msg: `Please select the relationship of contact ${n}` });
    else if (!RELATIONS.some((d) => d.dictValue === relation)) errors.push({ column: `${p}Relation`, msg: `Please choose the relationship of contact ${n} from the list` });
    if (!name) errors.push({ column: `${p}Name`, msg: `Please enter the name of contact ${n}` });
    else if ([...name].length > MAX_CONTACT_NAME) errors.push({ column: `${p}Name`, msg: `The name of contact ${n} can be at most ${MAX_CONTACT_NAME} characters` });
    else if (!CONTACT_NAME_RE.test(name))
      errors.push({ column: `${p}Name`, msg: `The name of contact ${n} may contain only lowercase letters, apostrophes (') and periods (.)` });
    if (!MOBILE_RE.test(mobile)) errors.push({ column: `${p}Mobile`, msg: `Please enter a valid 10-digit mobile number for contact ${n}` });
    else if (mobile === ownMobile) errors.push({ column: `${p}Mobile`, msg: `Contact ${n} cannot be your own mobile number` });
    else {
      const same = mobiles.indexOf(mobile);
      if (same >= 0) errors.push({ column: `${p}Mobile`, msg: `Contact ${n} has the same mobile number as contact ${same + 1}` });
    }
    mobiles.push(mobile);
  });
  return errors;
}
