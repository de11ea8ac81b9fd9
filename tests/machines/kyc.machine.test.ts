/**
 * The KYC step on its own: paths generated from the machine with machines/kyc/kyc.cases.ts,
 * invariants in every state they reach, full transition coverage, and the rules and effects on a
 * real actor with a simulated clock (the idempotency key of the submit included).
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import { KycAuthConfig, type AadhaarSendOtp, type KycPayload, type OcrResult, type SendAadhaarOtpPayload, type VerifyAadhaarOtpPayload } from '../../contract/verification';
import { kycText } from '../../i18n/en/kyc';
import { kycMachine, type KycInput, type OcrRequest } from '../../machines/kyc/kyc.machine';
import type { StepStatus } from '../../machines/shared/steps';
import {
  aadhaarVerified,
  emptyKycDraft,
  kycLayout,
  RESEND_COOLDOWN_MS,
  sendOtpOutcome,
  sendOtpRefusal,
  submitProblem,
  verifyProblem,
  type KycDraft,
  type KycSaid,
} from '../../machines/kyc/kyc.rules';
import {
  BAD_AADHAAR,
  BAD_PAN,
  cases,
  FRONT_FILE,
  KYC_DONE,
  KYC_PENDING,
  inputs,
  NAME,
  OCR_READ,
  OTP_ALREADY,
  OTP_CONFIG,
  OTP_REFUSED,
  OTP_SENT,
  PID,
  RESTORED_UPLOAD,
  RESTORED_VERIFIED,
  serialize,
  SUBMIT_FAILURE,
  UPLOAD_CONFIG,
  VALID_AADHAAR,
  VALID_PAN,
  VERIFY_FAILURE,
} from '../../machines/kyc/kyc.cases';
import { remainingSeconds } from '../../machines/shared/countdown';
import { AADHAAR_MESSAGES, PAN_MESSAGE } from '../../machines/shared/identity';
import type { NavigateParams } from '../../machines/shared/navigation';
import { formatCoverage, transitionCoverage } from '../../model-testing/coverage';
import { fakeCalls } from '../support/fakes';
import { generatePaths } from '../../model-testing/paths';
import { invocations } from '../../model-testing/replay';
import { textFor } from '../../src/ui/text';

/** What the machine says, as the borrower reads it in English (the spec's texts, verbatim). */
const english = textFor(kycText, 'en');
const shown = (said: KycSaid | null | undefined): string | null => (said ? english.said(said) : null);
const KYC_MESSAGES = kycText.en;

const paths = generatePaths(kycMachine, { cases, inputs, serialize });
type Snapshot = SnapshotFrom<typeof kycMachine>;

function checkInvariants(s: Snapshot) {
  const c = s.context;
  expect(c.idNo).toMatch(/^\d{0,12}$/);
  expect(c.panNo).toMatch(/^[A-Z0-9]{0,10}$/);
  expect(c.otp).toMatch(/^\d{0,6}$/);
  if (s.status === 'done') return;
  // Submitting only what passes every check, always with the key of the intent.
  if (s.hasTag('submitting')) {
    expect(submitProblem(c)).toBeNull();
    expect(c.idempotencyKey).toBeTruthy();
  }
  // Each request runs only in its own state, and at most one of a kind: the status first, then the config.
  expect(Boolean(s.children.loadStatus)).toBe(s.matches('checking'));
  expect(Boolean(s.children.loadConfig)).toBe(s.matches('loading'));
  if (s.hasTag('loading')) expect(s.matches('checking') || s.matches('loading')).toBe(true);
  expect(Boolean(s.children.submitKyc)).toBe(s.hasTag('submitting'));
  expect(Boolean(s.children.ocr)).toBe(s.hasTag('reading'));
  expect(Boolean(s.children.verifyAadhaarOtp)).toBe(s.hasTag('verifying'));
  expect(Boolean(s.children.sendAadhaarOtp)).toBe(s.hasTag('sending') || s.hasTag('resending'));
  // Verified means this very number was verified; it can no longer be edited, in either variant.
  if (s.hasTag('verified')) expect(c.verifiedAadhaar).toBe(c.idNo);
  if (s.hasTag('verified') || aadhaarVerified(c)) expect(s.can({ type: 'aadhaar.changed', value: '2' })).toBe(false);
  if (s.hasTag('otp') && aadhaarVerified(c) && !s.hasTag('dialog') && !s.hasTag('sending')) expect(s.hasTag('verified')).toBe(true);
  if (s.hasTag('cooldown')) expect(remainingSeconds(c.otpDeadline, c.now())).toBeGreaterThan(0);
  if (s.hasTag('dialog')) expect(c.otpFor).toBe(c.idNo);
}

describe('kyc machine: generated paths', () => {
  it('take every transition of the machine', () => {
    const coverage = transitionCoverage(kycMachine, paths);
    expect(coverage.missing, formatCoverage('kyc', coverage)).toEqual([]);
  });

  it('reach both variants, the hub when already done, and a successful submit in each variant', () => {
    const done = paths.filter((p) => p.state.matches('done'));
    // variant null: the status said KYC was already done, before the config was asked for.
    expect(new Set(done.map((p) => p.state.context.variant))).toEqual(new Set(['upload', 'otp', null]));
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    for (const step of path.steps) checkInvariants(step.state);
    // The config is asked for only after a status that said KYC is still to do.
    for (const [i, step] of path.steps.entries()) if (step.state.matches('loading')) expect(path.steps[i - 1]?.state.matches('checking')).toBe(true);
    // Done by the status: straight from it, with nothing more loaded.
    for (const [i, step] of path.steps.entries()) if (step.event.type === 'xstate.done.actor.loadStatus' && step.state.matches('done')) expect(path.steps[i - 1]?.state.matches('checking')).toBe(true);
    const count = (type: string) => path.steps.filter((s) => s.event.type === type).length;
    // Requests start only from a tap: never twice for one.
    expect(invocations(path.steps, 'submitKyc')).toBeLessThanOrEqual(count('kyc.submitted'));
    expect(invocations(path.steps, 'verifyAadhaarOtp')).toBeLessThanOrEqual(count('otp.submitted'));
    expect(invocations(path.steps, 'sendAadhaarOtp')).toBeLessThanOrEqual(count('otp.requested') + count('otp.resent'));
  });
});

describe('kyc rules', () => {
  it('picks the variant from the first config entry and the upload types from the photoTypes', () => {
    // As the wire sends it: the contract reads the config (numbers become strings, a missing list is empty).
    const layout = (config: unknown) => kycLayout(v.parse(KycAuthConfig, config));
    expect(layout({ KycPageInfoVo: [{ photoType: '1' }, { photoType: '2' }, { photoType: '3' }] })).toEqual({ variant: 'upload', photoTypes: { front: '1', back: '2', pan: '3' } });
    expect(layout({ KycPageInfoVo: [{ photoType: 11 }, { photoType: 12 }] })).toEqual({ variant: 'upload', photoTypes: { front: '11', back: '12', pan: '3' } });
    for (const first of [{}, { photoType: null }, { photoType: '' }]) expect(layout({ KycPageInfoVo: [first, { photoType: '2' }] }).variant).toBe('otp');
    expect(layout({ KycPageInfoVo: [] }).variant).toBe('otp');
  });

  it('reads send-otp: state 0 sent, state 1 verified, a failed verifier or another state refused', () => {
    expect(sendOtpOutcome(OTP_SENT)).toBe('sent');
    expect(sendOtpOutcome(OTP_ALREADY)).toBe('verified');
    expect(sendOtpOutcome(OTP_REFUSED)).toBe('refused');
    expect(sendOtpOutcome({ state: 0, verifier: { success: false, message: 'x' } })).toBe('refused');
    expect(sendOtpOutcome({ state: 0 })).toBe('sent');
  });

  it('checks the upload form in form order with the spec messages', () => {
    const base = { ...emptyKycDraft(), variant: 'upload' as const };
    const steps: [Partial<KycDraft>, string | null][] = [
      [{}, 'Please Upload Aadhaar front'],
      [{ images: { front: 'f', back: null, pan: null } }, KYC_MESSAGES.nameMissing],
      [{ realName: NAME }, 'Please Input IDcard No.'],
      [{ idNo: '123456789012' }, AADHAAR_MESSAGES.start],
      [{ idNo: BAD_AADHAAR }, AADHAAR_MESSAGES.checksum],
      [{ idNo: VALID_AADHAAR }, 'Please Upload Aadhaar Back '],
      [{ images: { front: 'f', back: 'b', pan: null } }, 'Please Upload PAN '],
      [{ images: { front: 'f', back: 'b', pan: 'p' } }, 'Please Input Pan Id. '],
      [{ panNo: BAD_PAN }, PAN_MESSAGE],
      [{ panNo: VALID_PAN }, null],
    ];
    let c = base;
    for (const [change, message] of steps) {
      c = { ...c, ...change };
      expect(shown(submitProblem(c)?.message)).toBe(message);
    }
  });

  it("names the Aadhaar and PAN reasons by key; in English they read as the sandbox's own message", () => {
    const c = { ...emptyKycDraft(), variant: 'otp' as const };
    expect(submitProblem({ ...c, idNo: '123456789012' })?.message).toEqual({ key: 'aadhaarStart' });
    expect(verifyProblem('1234')).toEqual({ key: 'aadhaarLength' });
    expect(verifyProblem('')).toEqual({ key: 'idNoMissing' });
    expect(verifyProblem(VALID_AADHAAR)).toBeNull();
    expect(submitProblem({ ...c, idNo: VALID_AADHAAR, verifiedAadhaar: VALID_AADHAAR, panNo: BAD_PAN })?.message).toEqual({ key: 'panFormat' });
    for (const [reason, key] of [['length', 'aadhaarLength'], ['start', 'aadhaarStart'], ['checksum', 'aadhaarChecksum']] as const) expect(kycText.en[key]).toBe(AADHAAR_MESSAGES[reason]);
    expect(kycText.en.panFormat).toBe(PAN_MESSAGE);
    expect(sendOtpRefusal(OTP_REFUSED)).toEqual({ server: OTP_REFUSED.verifier.message });
    expect(sendOtpRefusal({ state: 2, verifier: { success: false, message: ' ' } })).toEqual({ key: 'sendFailed' });
  });

  it('checks the no-upload form: number, verified, PAN', () => {
    const c = { ...emptyKycDraft(), variant: 'otp' as const };
    expect(shown(submitProblem(c)?.message)).toBe('Please Input IDcard No.');
    expect(shown(submitProblem({ ...c, idNo: BAD_AADHAAR })?.message)).toBe(AADHAAR_MESSAGES.checksum);
    expect(shown(submitProblem({ ...c, idNo: VALID_AADHAAR })?.message)).toBe(KYC_MESSAGES.notVerified);
    expect(shown(submitProblem({ ...c, idNo: VALID_AADHAAR, verifiedAadhaar: VALID_AADHAAR })?.message)).toBe('Please Input Pan Id. ');
    expect(submitProblem({ ...c, idNo: VALID_AADHAAR, verifiedAadhaar: VALID_AADHAAR, panNo: VALID_PAN })).toBeNull();
  });
});

type SubmitInput = { payload: KycPayload; idempotencyKey: string };

/** A real actor: every call a fake (tests/support/fakes.ts), every effect recorded, a simulated clock. */
function start(input: Partial<KycInput> = {}) {
  const clock = new SimulatedClock();
  const fakes = {
    status: fakeCalls<StepStatus>(),
    load: fakeCalls<KycAuthConfig>(),
    ocr: fakeCalls<OcrResult, OcrRequest>(),
    send: fakeCalls<AadhaarSendOtp, SendAadhaarOtpPayload>(),
    verify: fakeCalls<void, VerifyAadhaarOtpPayload>(),
    submit: fakeCalls<void, SubmitInput>(),
  };
  const effects = { toasts: [] as string[], drafts: [] as KycDraft[], cleared: 0, navigations: [] as NavigateParams[], consents: 0 };
  const machine = kycMachine.provide({
    actors: {
      loadStatus: fakes.status.actor,
      loadConfig: fakes.load.actor,
      ocr: fakes.ocr.actor,
      sendAadhaarOtp: fakes.send.actor,
      verifyAadhaarOtp: fakes.verify.actor,
      submitKyc: fakes.submit.actor,
    },
    actions: {
      showToast: (_, { message }) => void effects.toasts.push(english.said(message)),
      persistDraft: (_, d) => void effects.drafts.push(d),
      clearDraft: () => void effects.cleared++,
      navigate: (_, params) => void effects.navigations.push(params),
      recordConsent: () => void effects.consents++,
    },
  });
  const actor = createActor(machine, { input: { pid: PID, now: () => clock.now(), ...input }, clock }).start();
  /** What each call was given (calls a newer one replaced are left out). */
  const calls = {
    get status() {
      return fakes.status.live().length;
    },
    get load() {
      return fakes.load.live().length;
    },
    get ocr() {
      return fakes.ocr.live().map((c) => c.input);
    },
    get send() {
      return fakes.send.live().map((c) => c.input.aadhaar);
    },
    get verify() {
      return fakes.verify.live().map((c) => c.input);
    },
    get submit() {
      return fakes.submit.live().map((c) => c.input);
    },
  };
  const settle = async (k: keyof typeof fakes, value: unknown) => {
    const d = fakes[k].pending();
    if (value instanceof Error) d.reject(value);
    else (d.resolve as (v: unknown) => void)(value);
    await new Promise((r) => setTimeout(r, 0));
  };
  /** The status says KYC is still to do, then the config answers. */
  /** Then, in the upload variant, I agree to send the card images. */
  const open = async (config: KycAuthConfig) => {
    await settle('status', KYC_PENDING);
    await settle('load', config);
    if (actor.getSnapshot().matches('consent')) actor.send({ type: 'consent.given' });
  };
  /** The field error, its message as shown in English. */
  const fieldError = () => {
    const f = actor.getSnapshot().context.fieldError;
    return f && { field: f.field, message: english.said(f.message) };
  };
  return { actor, clock, calls, effects, settle, open, fieldError, snap: () => actor.getSnapshot() };
}

const HUB = { to: `/auth/index?pid=${PID}`, replace: true };

describe('kyc machine: consent before the card images', () => {
  it('the upload variant asks first: no form, no slot, until I agree, which is recorded once; the OTP variant takes no image and goes on', async () => {
    const t = start();
    await t.settle('status', KYC_PENDING);
    await t.settle('load', UPLOAD_CONFIG);
    expect(t.snap().value).toBe('consent');
    expect(t.snap().hasTag('upload')).toBe(false);
    expect(t.snap().can({ type: 'image.uploaded', slot: 'front', fileName: 'f.jpg', file: null })).toBe(false);
    expect(t.snap().can({ type: 'kyc.submitted' })).toBe(false);
    expect(kycMachine.getStateNodeById('kyc.consent').meta).toEqual({ rules: ['consent-before-collection'] });
    t.actor.send({ type: 'consent.given' });
    expect(t.snap().hasTag('upload')).toBe(true);
    expect(t.effects.consents).toBe(1);

    const otp = start();
    await otp.settle('status', KYC_PENDING);
    await otp.settle('load', OTP_CONFIG);
    expect(otp.snap().hasTag('otp')).toBe(true);
    expect(otp.effects.consents).toBe(0);
  });

  it('every generated path that reaches an image slot passed the consent', () => {
    for (const path of paths) {
      const at = path.steps.findIndex((st) => st.state.hasTag('upload'));
      if (at >= 0) expect(path.steps.slice(0, at + 1).some((st) => st.event.type === 'consent.given')).toBe(true);
    }
  });
});

describe('kyc machine: upload variant', () => {
  it('goes on to the hub when KYC is already done, without asking for the config', async () => {
    const t = start();
    expect(t.calls.load).toBe(0);
    await t.settle('status', KYC_DONE);
    expect(t.snap().status).toBe('done');
    expect(t.effects.navigations).toEqual([HUB]);
    expect(t.calls.load).toBe(0);
    // Nothing is left to type: the numbers in the draft go.
    expect(t.effects.cleared).toBe(1);
  });

  it('reads the front by OCR and prefills only empty or untouched fields; edits stay editable', async () => {
    const t = start();
    await t.open(UPLOAD_CONFIG);
    t.actor.send({ type: 'name.changed', value: 'Typed Name' });
    t.actor.send({ type: 'image.uploaded', slot: 'front', fileName: 'front.jpg', file: FRONT_FILE });
    expect(t.calls.ocr).toEqual([{ type: '1', file: FRONT_FILE, fileName: 'front.jpg' }]);
    // Submit while the card is being read waits for it: nothing is judged on half-filled fields.
    t.actor.send({ type: 'kyc.submitted' });
    expect(t.effects.toasts).toEqual([KYC_MESSAGES.stillReading]);
    expect(t.snap().context.fieldError).toBeNull();
    await t.settle('ocr', OCR_READ);
    expect(t.snap().context).toMatchObject({ realName: 'Typed Name', idNo: VALID_AADHAAR });
    // A new front: the number still holds what OCR put there, so the new reading replaces it.
    t.actor.send({ type: 'image.cleared', slot: 'front' });
    t.actor.send({ type: 'image.uploaded', slot: 'front', fileName: 'front2.jpg', file: FRONT_FILE });
    await t.settle('ocr', { name: 'X', idNo: '987654321096', panNo: '' });
    expect(t.snap().context).toMatchObject({ realName: 'Typed Name', idNo: '987654321096' });
    t.actor.send({ type: 'aadhaar.changed', value: '2345 6789 0124' });
    expect(t.snap().context.idNo).toBe(VALID_AADHAAR);
  });

  it('a PAN the OCR reads is prefilled the same way (upper-cased; never over typing)', async () => {
    const t = start();
    await t.open(UPLOAD_CONFIG);
    t.actor.send({ type: 'image.uploaded', slot: 'front', fileName: 'front.jpg', file: FRONT_FILE });
    await t.settle('ocr', { ...OCR_READ, panNo: 'abcpe1234f' });
    expect(t.snap().context.panNo).toBe('ABCPE1234F');
    t.actor.send({ type: 'image.cleared', slot: 'front' });
    t.actor.send({ type: 'image.uploaded', slot: 'front', fileName: 'front2.jpg', file: FRONT_FILE });
    await t.settle('ocr', { ...OCR_READ, panNo: 'ABCPE9999F' });
    expect(t.snap().context.panNo).toBe('ABCPE9999F');
    t.actor.send({ type: 'pan.changed', value: 'ABCPT1111Z' });
    t.actor.send({ type: 'image.cleared', slot: 'front' });
    t.actor.send({ type: 'image.uploaded', slot: 'front', fileName: 'front3.jpg', file: FRONT_FILE });
    await t.settle('ocr', { ...OCR_READ, panNo: 'ABCPE0000F' });
    expect(t.snap().context.panNo).toBe('ABCPT1111Z');
  });

  it('an unreadable card leaves the fields alone and says so', async () => {
    const t = start();
    await t.open(UPLOAD_CONFIG);
    t.actor.send({ type: 'image.uploaded', slot: 'front', fileName: 'f.jpg', file: FRONT_FILE });
    await t.settle('ocr', new Error('unreadable'));
    expect(t.snap().context).toMatchObject({ ocrUnreadable: true, realName: '', idNo: '' });
  });

  it('validates in order, each problem at its field and nowhere else, then submits once for a double tap, clears the draft and goes to the hub', async () => {
    const t = start();
    await t.open(UPLOAD_CONFIG);
    t.actor.send({ type: 'kyc.submitted' });
    expect(t.fieldError()).toEqual({ field: 'front', message: 'Please Upload Aadhaar front' });
    t.actor.send({ type: 'image.uploaded', slot: 'front', fileName: 'f.jpg', file: null });
    expect(t.snap().context.fieldError).toBeNull();
    t.actor.send({ type: 'name.changed', value: ` ${NAME} ` });
    t.actor.send({ type: 'aadhaar.changed', value: BAD_AADHAAR });
    t.actor.send({ type: 'kyc.submitted' });
    expect(t.fieldError()).toEqual({ field: 'idNo', message: AADHAAR_MESSAGES.checksum });
    t.actor.send({ type: 'aadhaar.changed', value: VALID_AADHAAR });
    t.actor.send({ type: 'kyc.submitted' });
    expect(t.fieldError()).toEqual({ field: 'back', message: 'Please Upload Aadhaar Back ' });
    t.actor.send({ type: 'image.uploaded', slot: 'back', fileName: 'b.jpg', file: null });
    t.actor.send({ type: 'kyc.submitted' });
    expect(t.fieldError()).toEqual({ field: 'pan', message: 'Please Upload PAN ' });
    t.actor.send({ type: 'image.uploaded', slot: 'pan', fileName: 'p.jpg', file: null });
    t.actor.send({ type: 'pan.changed', value: BAD_PAN });
    t.actor.send({ type: 'kyc.submitted' });
    expect(t.fieldError()).toEqual({ field: 'panNo', message: PAN_MESSAGE });
    t.actor.send({ type: 'pan.changed', value: 'abcpe1234f' });
    // One message per problem: at the field, never repeated in a toast.
    expect(t.effects.toasts).toEqual([]);
    t.actor.send({ type: 'kyc.submitted' });
    t.actor.send({ type: 'kyc.submitted' });
    expect(t.calls.submit).toEqual([{ payload: { realName: NAME, idNo: VALID_AADHAAR, panNo: VALID_PAN }, idempotencyKey: expect.any(String) }]);
    expect(t.effects.drafts.at(-1)).toMatchObject({ images: { front: 'f.jpg', back: 'b.jpg', pan: 'p.jpg' }, panNo: VALID_PAN });
    await t.settle('submit', undefined);
    expect(t.snap().status).toBe('done');
    expect(t.effects).toMatchObject({ cleared: 1, navigations: [HUB] });
  });

  it("a failed submit toasts the server's msg and keeps everything", async () => {
    const t = start({ draft: RESTORED_UPLOAD });
    await t.open(UPLOAD_CONFIG);
    t.actor.send({ type: 'kyc.submitted' });
    await t.settle('submit', SUBMIT_FAILURE);
    expect(t.effects.toasts).toEqual([SUBMIT_FAILURE.message]);
    expect(t.snap().context).toMatchObject({ realName: NAME, idNo: VALID_AADHAAR, panNo: VALID_PAN });
    expect(t.snap().hasTag('editing')).toBe(true);
    expect(t.effects.cleared).toBe(0);
  });

  it('a failed load offers Try again, which starts over from the status', async () => {
    const t = start();
    await t.settle('status', KYC_PENDING);
    await t.settle('load', new Error('busy'));
    expect(t.snap().context.loadError).toEqual({ server: 'busy' });
    t.actor.send({ type: 'load.retried' });
    expect(t.calls.status).toBe(2);
    await t.open(UPLOAD_CONFIG);
    expect(t.calls.load).toBe(2);
    expect(t.snap().hasTag('upload')).toBe(true);
  });

  it('a failed status offers Try again, and asks for nothing else meanwhile', async () => {
    const t = start();
    await t.settle('status', new Error('Network busy'));
    expect(t.snap().context.loadError).toEqual({ server: 'Network busy' });
    expect(t.calls.load).toBe(0);
    t.actor.send({ type: 'load.retried' });
    await t.settle('status', KYC_DONE);
    expect(t.effects.navigations).toEqual([HUB]);
    expect(t.calls.load).toBe(0);
  });
});

describe('kyc machine: a number verified by OTP in the upload variant', () => {
  it('is read-only there too (the config switched variants after the OTP)', async () => {
    const t = start({ draft: { ...RESTORED_UPLOAD, verifiedAadhaar: VALID_AADHAAR } });
    await t.open(UPLOAD_CONFIG);
    expect(t.snap().hasTag('upload')).toBe(true);
    expect(aadhaarVerified(t.snap().context)).toBe(true);
    t.actor.send({ type: 'aadhaar.changed', value: '987654321096' });
    expect(t.snap().context.idNo).toBe(VALID_AADHAAR);
    // The rest of the form stays editable.
    t.actor.send({ type: 'pan.changed', value: 'ABCPT1111Z' });
    expect(t.snap().context.panNo).toBe('ABCPT1111Z');
  });
});

describe('kyc machine: no-upload variant', () => {
  it('checks the number before sending, opens the dialog on state 0, verifies, then the number is read-only', async () => {
    const t = start();
    await t.open(OTP_CONFIG);
    t.actor.send({ type: 'otp.requested' });
    expect(t.fieldError()?.message).toBe('Please Input IDcard No.');
    t.actor.send({ type: 'aadhaar.changed', value: BAD_AADHAAR });
    t.actor.send({ type: 'otp.requested' });
    expect(t.fieldError()?.message).toBe(AADHAAR_MESSAGES.checksum);
    t.actor.send({ type: 'aadhaar.changed', value: VALID_AADHAAR });
    t.actor.send({ type: 'otp.requested' });
    t.actor.send({ type: 'otp.requested' });
    expect(t.calls.send).toEqual([VALID_AADHAAR]);
    await t.settle('send', OTP_SENT);
    expect(t.snap().hasTag('dialog')).toBe(true);
    expect(t.snap().hasTag('cooldown')).toBe(true);
    t.actor.send({ type: 'otp.changed', value: '12a34567' });
    expect(t.snap().context.otp).toBe('123456');
    t.actor.send({ type: 'otp.submitted' });
    t.actor.send({ type: 'otp.submitted' });
    expect(t.calls.verify).toEqual([{ aadhaar: VALID_AADHAAR, otp: '123456' }]);
    await t.settle('verify', VERIFY_FAILURE);
    expect(t.snap().context).toMatchObject({ otp: '', otpError: { server: VERIFY_FAILURE.message } });
    t.actor.send({ type: 'otp.changed', value: '654321' });
    t.actor.send({ type: 'otp.submitted' });
    // Closing the dialog while Verify runs is ignored: its answer is awaited, not thrown away.
    t.actor.send({ type: 'otp.dismissed' });
    expect(t.snap().hasTag('verifying')).toBe(true);
    await t.settle('verify', undefined);
    expect(t.snap().hasTag('verified')).toBe(true);
    expect(t.effects.drafts.at(-1)?.verifiedAadhaar).toBe(VALID_AADHAAR);
    t.actor.send({ type: 'aadhaar.changed', value: '' });
    expect(t.snap().context.idNo).toBe(VALID_AADHAAR);
    t.actor.send({ type: 'kyc.submitted' });
    expect(t.fieldError()).toEqual({ field: 'panNo', message: 'Please Input Pan Id. ' });
    expect(t.effects.toasts).toEqual([]);
    t.actor.send({ type: 'pan.changed', value: VALID_PAN });
    t.actor.send({ type: 'kyc.submitted' });
    t.actor.send({ type: 'kyc.submitted' });
    expect(t.calls.submit).toEqual([{ payload: { idNo: VALID_AADHAAR, panNo: VALID_PAN }, idempotencyKey: expect.any(String) }]);
  });

  it("shows the verifier's message when refused, and state 1 means already verified", async () => {
    const t = start({ draft: { ...emptyKycDraft(), idNo: VALID_AADHAAR } });
    await t.open(OTP_CONFIG);
    t.actor.send({ type: 'otp.requested' });
    await t.settle('send', OTP_REFUSED);
    expect(t.fieldError()?.message).toBe(OTP_REFUSED.verifier.message);
    t.actor.send({ type: 'otp.requested' });
    await t.settle('send', OTP_ALREADY);
    expect(t.snap().hasTag('verified')).toBe(true);
  });

  it('counts 60 s down before Resend; closing and reopening within 60 s sends nothing new', async () => {
    const t = start({ draft: { ...emptyKycDraft(), idNo: VALID_AADHAAR } });
    t.clock.set(1_000);
    await t.open(OTP_CONFIG);
    t.actor.send({ type: 'otp.requested' });
    await t.settle('send', OTP_SENT);
    expect(t.snap().context.otpDeadline).toBe(1_000 + RESEND_COOLDOWN_MS);
    t.actor.send({ type: 'otp.resent' });
    expect(t.calls.send).toHaveLength(1);
    t.clock.increment(30_000);
    t.actor.send({ type: 'otp.dismissed' });
    t.actor.send({ type: 'otp.requested' });
    expect(t.snap().hasTag('dialog')).toBe(true);
    expect(t.calls.send).toHaveLength(1);
    expect(remainingSeconds(t.snap().context.otpDeadline, t.clock.now())).toBe(30);
    t.clock.increment(29_999);
    expect(t.snap().hasTag('cooldown')).toBe(true);
    t.clock.increment(1);
    expect(t.snap().hasTag('canResend')).toBe(true);
    t.actor.send({ type: 'otp.resent' });
    t.actor.send({ type: 'otp.resent' });
    expect(t.calls.send).toHaveLength(2);
    await t.settle('send', OTP_REFUSED);
    expect(shown(t.snap().context.otpError)).toBe(OTP_REFUSED.verifier.message);
    expect(t.snap().context.otpError).toEqual({ server: OTP_REFUSED.verifier.message });
    expect(t.snap().hasTag('canResend')).toBe(true);
  });

  it('a number verified before a reload stays verified', async () => {
    const t = start({ draft: RESTORED_VERIFIED });
    await t.open(OTP_CONFIG);
    expect(t.snap().hasTag('verified')).toBe(true);
  });

  it('the number verified before, typed again, is verified without another OTP', async () => {
    const t = start({ draft: { ...RESTORED_VERIFIED, idNo: '' } });
    await t.open(OTP_CONFIG);
    expect(t.snap().hasTag('verified')).toBe(false);
    t.actor.send({ type: 'aadhaar.changed', value: VALID_AADHAAR });
    expect(t.snap().hasTag('verified')).toBe(true);
    expect(t.calls.send).toEqual([]);
  });
});

describe('kyc machine: the idempotency key of the submit', () => {
  it('is made on Submit and kept in the draft; a retry after a failure sends it again; an edit makes a new one; none after success', async () => {
    const t = start({ draft: RESTORED_UPLOAD });
    await t.open(UPLOAD_CONFIG);
    expect(t.snap().context.idempotencyKey).toBeNull();
    t.actor.send({ type: 'kyc.submitted' });
    const first = t.calls.submit[0]!.idempotencyKey;
    expect(first).toBeTruthy();
    expect(t.effects.drafts.at(-1)?.idempotencyKey).toBe(first);
    await t.settle('submit', SUBMIT_FAILURE);
    expect(t.snap().context.idempotencyKey).toBe(first);
    t.actor.send({ type: 'kyc.submitted' });
    expect(t.calls.submit[1]!.idempotencyKey).toBe(first);
    await t.settle('submit', SUBMIT_FAILURE);
    // An edit of what Submit sends is a new intent.
    t.actor.send({ type: 'pan.changed', value: 'ABCPT1111Z' });
    expect(t.snap().context.idempotencyKey).toBeNull();
    expect(t.effects.drafts.at(-1)?.idempotencyKey).toBeNull();
    t.actor.send({ type: 'kyc.submitted' });
    const second = t.calls.submit[2]!.idempotencyKey;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    await t.settle('submit', undefined);
    expect(t.snap().status).toBe('done');
    expect(t.snap().context.idempotencyKey).toBeNull();
    expect(t.effects.cleared).toBe(1);
  });

  it.each([
    ['the name', { type: 'name.changed', value: 'Asha K Verma' }],
    ['the Aadhaar number', { type: 'aadhaar.changed', value: '987654321096' }],
    ['the PAN', { type: 'pan.changed', value: 'ABCPT1111Z' }],
    ['an image uploaded', { type: 'image.uploaded', slot: 'back', fileName: 'back2.jpg', file: null }],
    ['an image removed', { type: 'image.cleared', slot: 'pan' }],
  ] as const)('is dropped by an edit of %s after a failed submit', async (_, edit) => {
    const t = start({ draft: RESTORED_UPLOAD });
    await t.open(UPLOAD_CONFIG);
    t.actor.send({ type: 'kyc.submitted' });
    await t.settle('submit', SUBMIT_FAILURE);
    expect(t.snap().context.idempotencyKey).toBeTruthy();
    t.actor.send(edit);
    expect(t.snap().context.idempotencyKey).toBeNull();
    expect(t.effects.drafts.at(-1)?.idempotencyKey).toBeNull();
  });

  it('survives a reload mid-request: the restored draft sends the same key', async () => {
    const t = start({ draft: RESTORED_UPLOAD });
    await t.open(UPLOAD_CONFIG);
    t.actor.send({ type: 'kyc.submitted' });
    const key = t.calls.submit[0]!.idempotencyKey;
    t.actor.stop();
    const reloaded = start({ draft: t.effects.drafts.at(-1)! });
    expect(reloaded.snap().context.idempotencyKey).toBe(key);
    await reloaded.open(UPLOAD_CONFIG);
    reloaded.actor.send({ type: 'kyc.submitted' });
    expect(reloaded.calls.submit).toEqual([{ payload: { realName: NAME, idNo: VALID_AADHAAR, panNo: VALID_PAN }, idempotencyKey: key }]);
  });

  it('the OTP variant sends its key with the submit, and none with send-otp or verify (they create nothing)', async () => {
    const t = start({ draft: RESTORED_VERIFIED });
    await t.open(OTP_CONFIG);
    t.actor.send({ type: 'pan.changed', value: VALID_PAN });
    t.actor.send({ type: 'kyc.submitted' });
    await t.settle('submit', SUBMIT_FAILURE);
    t.actor.send({ type: 'kyc.submitted' });
    const [first, retry] = t.calls.submit;
    expect(first!.idempotencyKey).toBeTruthy();
    expect(retry).toEqual(first);
  });
});
