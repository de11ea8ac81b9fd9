/**
 * The KYC machine's generated paths replayed on the rendered identity screen (KycFlow with fake
 * calls as deferreds), in StrictMode and normal mode: after every step the screen shows what the
 * state says, and the screen made exactly the requests the path calls for (submit, send-otp and
 * verify counted: a double tap or StrictMode cannot send twice), each submit with the model's
 * payload and a key repeated exactly when the model repeats it (a retry with nothing edited).
 *
 * An image slot's report comes from the real pipeline: a photo is picked in that slot and its
 * upload resolved (`image.uploaded`), or a non-image is picked (`image.cleared`: the slot no longer
 * holds an uploaded photo).
 */
import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import type { AadhaarSendOtp, KycAuthConfig, KycPayload, OcrResult, SendAadhaarOtpPayload, VerifyAadhaarOtpPayload } from '../../contract/verification';
import { kycMachine, type KycContext, type OcrRequest } from '../../machines/kyc/kyc.machine';
import type { StepStatus } from '../../machines/shared/steps';
import { aadhaarVerified, kycPayload, RESEND_COOLDOWN_MS, type KycDraft, type Slot } from '../../machines/kyc/kyc.rules';
import { cases, inputs, PID, serialize, SUBMIT_FAILURE } from '../../machines/kyc/kyc.cases';
import { fakeFile, NOT_AN_IMAGE } from '../../machines/upload/upload.cases';
import type { ActorDoneCase, ActorErrorCase } from '../../machines/shared/cases';
import { formatAadhaar, maskAadhaar } from '../../machines/shared/identity';
import type { UploadImageInput } from '../../machines/upload/upload.machine';
import { KycFlow } from '../../src/flows/auth/KycRoute';
import { kycText } from '../../i18n/en/kyc';
import { textFor } from '../../src/ui/text';
import { fromCall } from '../../src/lib/abortable';
import { fakeCalls, type Deferred } from '../support/fakes';
import { generatePaths } from '../../model-testing/paths';
import { invocations, replayPath } from '../../model-testing/replay';

const paths = generatePaths(kycMachine, { cases, inputs, serialize });
/** What the machine said, in English (the spec's texts). */
const english = textFor(kycText, 'en');

const TYPES: Record<string, Slot> = { '1': 'front', '2': 'back', '3': 'pan' };

describe.each([
  ['StrictMode', true],
  ['normal mode', false],
])('kyc paths (%s)', (_, strict) => {
  it.each(paths.map((p) => [p.title, p] as const))('%s', async (_, path) => {
    const user = userEvent.setup({ applyAccept: false });
    const clock = new SimulatedClock();
    const status = fakeCalls<StepStatus>();
    const load = fakeCalls<KycAuthConfig>();
    const ocr = fakeCalls<OcrResult, OcrRequest>();
    // Every reading started, replaced (aborted) ones included.
    const upload = fakeCalls<unknown, { slot: Slot; file: Blob }>();
    const send = fakeCalls<AadhaarSendOtp, SendAadhaarOtpPayload>();
    const verify = fakeCalls<void, VerifyAadhaarOtpPayload>();
    const submit = fakeCalls<void, { payload: KycPayload; idempotencyKey: string }>();
    const navigate = vi.fn();
    const toasts: string[] = [];
    const stored = { value: path.input?.draft ?? null };
    const draft = {
      read: () => stored.value,
      write: (d: KycDraft) => void (stored.value = d),
      remove: () => void (stored.value = null),
    };
    const machine = kycMachine.provide({
      actors: {
        loadStatus: status.actor,
        loadConfig: load.actor,
        ocr: ocr.actor,
        sendAadhaarOtp: send.actor,
        verifyAadhaarOtp: verify.actor,
        submitKyc: submit.actor,
      },
      actions: {
        navigate: (_, { to, replace }) => navigate(to, { replace }),
        showToast: (_, { message }) => void toasts.push(english.said(message)),
        persistDraft: (_, d) => draft.write(d),
        clearDraft: () => draft.remove(),
        recordConsent: () => {},
      },
    });
    const uploadImage = (type: () => string) => fromCall((input: UploadImageInput, signal): Promise<unknown> => upload.call({ slot: TYPES[type()]!, file: input.file }, signal));
    const settle = async (c: ActorDoneCase | ActorErrorCase, calls: { pending: () => Deferred<never> }) => {
      await waitFor(() => calls.pending());
      await act(async () => ('output' in c ? calls.pending().resolve(c.output as never) : calls.pending().reject(c.error)));
    };
    const slotInput = (label: string) => screen.getByLabelText(new RegExp(`${label}: `), { selector: 'input' });
    const SLOT_LABELS: Record<Slot, string> = { front: 'Aadhaar front', back: 'Aadhaar back', pan: 'PAN card' };
    const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
    let hubVisits = 0;
    // What the model submitted, each time: the screen must send the same payloads, and repeat a key exactly when the model does.
    const submitted: KycContext[] = [];

    await replayPath(path, {
      act: {
        'xstate.init': () => {
          const tree = (
            <KycFlow
              machine={machine}
              draft={draft}
              uploadImage={uploadImage}
              compress={fromCall(async ({ file }) => file)}
              now={() => clock.now()}
              clock={clock}
              pid={PID}
              step={1}
              total={5}
            />
          );
          render(strict ? <StrictMode>{tree}</StrictMode> : tree);
        },
        'xstate.done.actor.loadStatus': (e) => settle(e as ActorDoneCase, status as never),
        'xstate.error.actor.loadStatus': (e) => settle(e as ActorErrorCase, status as never),
        'xstate.done.actor.loadConfig': (e) => settle(e as ActorDoneCase, load as never),
        'xstate.error.actor.loadConfig': (e) => settle(e as ActorErrorCase, load as never),
        'load.retried': () => user.click(screen.getByRole('button', { name: 'Try again' })),
        'consent.given': () => user.click(screen.getByRole('button', { name: 'I agree' })),
        'name.changed': (e) => void fireEvent.change(field('Name as on Aadhaar'), { target: { value: e.value } }),
        'aadhaar.changed': (e) => void fireEvent.change(field('Aadhaar number'), { target: { value: e.value } }),
        'pan.changed': (e) => void fireEvent.change(field('PAN'), { target: { value: e.value } }),
        'image.uploaded': async (e) => {
          await user.upload(slotInput(SLOT_LABELS[e.slot]), fakeFile(`${e.slot}.jpg`, 'image/jpeg', 10) as File);
          await waitFor(() => expect(upload.live().filter((c) => c.input.slot === e.slot && !c.d.settled)).toHaveLength(1));
          const call = upload.live().filter((c) => c.input.slot === e.slot && !c.d.settled)[0]!;
          await act(async () => call.d.resolve(undefined));
          const group = screen.getByRole('group', { name: SLOT_LABELS[e.slot] });
          await within(group).findByText('Uploaded');
        },
        'image.cleared': async (e) => {
          await user.upload(slotInput(SLOT_LABELS[e.slot]), NOT_AN_IMAGE as File);
          await within(screen.getByRole('group', { name: SLOT_LABELS[e.slot] })).findByText('Only image files can be uploaded');
        },
        'xstate.done.actor.ocr': (e) => settle(e as ActorDoneCase, ocr as never),
        'xstate.error.actor.ocr': (e) => settle(e as ActorErrorCase, ocr as never),
        'kyc.submitted': async (_e, step) => {
          await user.dblClick(screen.getByRole('button', { name: 'Submit' }));
          if (step.state.hasTag('submitting')) submitted.push(step.state.context);
        },
        'xstate.done.actor.submitKyc': (e) => settle(e as ActorDoneCase, submit as never),
        'xstate.error.actor.submitKyc': (e) => settle(e as ActorErrorCase, submit as never),
        'otp.requested': () => user.dblClick(screen.getByRole('button', { name: 'Verify' })),
        'xstate.done.actor.sendAadhaarOtp': (e) => settle(e as ActorDoneCase, send as never),
        'xstate.error.actor.sendAadhaarOtp': (e) => settle(e as ActorErrorCase, send as never),
        'otp.changed': (e) => void fireEvent.change(field('OTP'), { target: { value: e.value } }),
        'otp.submitted': () => user.dblClick(screen.getByRole('button', { name: 'Verify OTP' })),
        'xstate.done.actor.verifyAadhaarOtp': (e) => settle(e as ActorDoneCase, verify as never),
        'xstate.error.actor.verifyAadhaarOtp': (e) => settle(e as ActorErrorCase, verify as never),
        'otp.resent': () => user.dblClick(screen.getByRole('button', { name: 'Resend OTP' })),
        'otp.dismissed': () => user.click(screen.getByRole('button', { name: 'Cancel' })),
        'xstate.after.resendCooldown.kyc.ready.variant.otp.dialog.resend.cooldown': () => act(() => clock.increment(RESEND_COOLDOWN_MS)),
      },
      assert: async (s) => {
        const c = s.context;
        if (s.matches('loading')) expect(screen.getByText('Loading…')).toBeTruthy();
        if (s.matches('loadFailed')) expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
        // Consent before the card images: no photo slot, no field, until I agree.
        if (s.matches('consent')) {
          expect(screen.getByRole('heading', { name: 'Before you send your cards' })).toBeTruthy();
          expect(screen.getByRole('button', { name: 'I agree' })).toBeTruthy();
          expect(document.querySelector('input')).toBeNull();
        }
        if (s.matches('done')) {
          hubVisits = 1;
          await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/auth/index?pid=${PID}`, { replace: true }));
          expect(stored.value).toBeNull();
        }
        expect(navigate).toHaveBeenCalledTimes(hubVisits);
        if (s.hasTag('upload') || s.hasTag('otp')) {
          expect(screen.getByText('Step 1 / 5')).toBeTruthy();
          const submitButton = screen.getByRole('button', { name: 'Submit' });
          expect(submitButton.getAttribute('aria-busy')).toBe(s.hasTag('submitting') ? 'true' : null);
          if (c.fieldError) expect(screen.getAllByText(english.said(c.fieldError.message).trim()).length).toBeGreaterThan(0);
          expect(field('PAN').value).toBe(c.panNo);
        }
        // The number as typed, grouped as on the card; a number verified by OTP masked and read-only, in either variant.
        if (s.hasTag('upload') || s.hasTag('otp')) {
          const aadhaar = field('Aadhaar number');
          expect(aadhaar.value).toBe(aadhaarVerified(c) ? maskAadhaar(c.idNo) : formatAadhaar(c.idNo));
          if (aadhaarVerified(c)) expect(aadhaar.readOnly).toBe(true);
        }
        if (s.hasTag('upload')) {
          expect(field('Name as on Aadhaar').value).toBe(c.realName);
          for (const slot of ['front', 'back', 'pan'] as const) {
            const group = screen.getByRole('group', { name: SLOT_LABELS[slot] });
            expect(Boolean(within(group).queryByText('Uploaded'))).toBe(c.images[slot] !== null);
          }
          expect(Boolean(screen.queryByText('Reading your card…'))).toBe(s.hasTag('reading'));
        }
        if (s.hasTag('otp')) {
          const aadhaar = field('Aadhaar number');
          if (s.hasTag('verified')) {
            expect(aadhaar.value).toBe(maskAadhaar(c.idNo));
            expect(aadhaar.readOnly).toBe(true);
            expect(screen.getByText('Verified')).toBeTruthy();
            expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
          } else {
            expect(aadhaar.value).toBe(formatAadhaar(c.idNo));
            expect(screen.getByRole('button', { name: 'Verify' })).toBeTruthy();
          }
          const dialog = screen.queryByRole('dialog', { name: 'Enter the OTP' });
          expect(Boolean(dialog)).toBe(s.hasTag('dialog'));
          if (dialog) {
            expect(field('OTP').value).toBe(c.otp);
            if (c.otpError) expect(within(dialog).getByText(english.said(c.otpError))).toBeTruthy();
            if (s.hasTag('cooldown')) expect(within(dialog).getByRole('button', { name: /^Resend in \d+s$/ })).toHaveProperty('disabled', true);
            if (s.hasTag('canResend')) expect(within(dialog).getByRole('button', { name: 'Resend OTP' })).toHaveProperty('disabled', false);
          }
        }
      },
    });
    // One message per problem: what Submit finds is shown at its field only; a toast is for what has no field.
    for (const message of toasts) expect([kycText.en.stillReading, SUBMIT_FAILURE.message]).toContain(message);
    // (The sandbox-like failure's msg reads like a field message: it is toasted once per failed submit, never for a check.)
    expect(toasts.filter((m) => m === SUBMIT_FAILURE.message)).toHaveLength(path.steps.filter((st) => st.event.type === 'xstate.error.actor.submitKyc').length);
    // Requests: exactly as many (not aborted) as the path starts — double taps and StrictMode send nothing twice.
    expect(status.live().length).toBe(invocations(path.steps, 'loadStatus'));
    expect(load.live().length).toBe(invocations(path.steps, 'loadConfig'));
    expect(submit.live().length).toBe(invocations(path.steps, 'submitKyc'));
    const sent = submit.live().map((c) => c.input);
    expect(sent.map((c) => c.payload)).toEqual(submitted.map(kycPayload));
    const repeats = (keys: (string | null)[]) => keys.slice(1).map((key, i) => key === keys[i]);
    expect(sent.every((c) => c.idempotencyKey)).toBe(true);
    expect(repeats(sent.map((c) => c.idempotencyKey))).toEqual(repeats(submitted.map((c) => c.idempotencyKey)));
    expect(send.live().length).toBe(invocations(path.steps, 'sendAadhaarOtp'));
    expect(verify.live().length).toBe(invocations(path.steps, 'verifyAadhaarOtp'));
    // A reading is cancelled (aborted) when the front is replaced: count every one started.
    expect(ocr.all().length).toBe(invocations(path.steps, 'ocr'));
  });
});
