/**
 * The KYC machine's generated paths replayed on the rendered identity screen (KycFlow with fake
 * calls as deferreds), in StrictMode and normal mode: after every step the screen shows what the
 * state says, and the screen made exactly the requests the path calls for (submit, send-otp and
 * verify counted: a double tap or StrictMode cannot send twice).
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
import { kycMachine, RESEND_COOLDOWN_MS, type KycLoaded, type OcrRequest, type OcrResultLike, type SendOtpResult, type Slot } from '../../machines/kyc/kyc.machine';
import { cases, inputs, serialize } from '../../machines/kyc/kyc.cases';
import { fakeFile, NOT_AN_IMAGE } from '../../machines/upload/upload.cases';
import { maskAadhaar } from '../../machines/shared/identity';
import { KycFlow, type KycDeps } from '../../src/flows/auth/KycRoute';
import { deferred, generatePaths, invocations, replayPath, type ActorDoneCase, type ActorErrorCase, type Deferred } from '../support/model';

const paths = generatePaths(kycMachine, { cases, inputs, serialize });

function fakeCalls<I, T>() {
  const calls: { input: I; d: Deferred<T>; signal: AbortSignal }[] = [];
  const fn = (input: I, signal: AbortSignal) => {
    const d = deferred<T>();
    calls.push({ input, d, signal });
    // Like the client: an aborted call rejects (StrictMode aborts the first load; the screen must not show it).
    signal.addEventListener('abort', () => d.reject(new DOMException('The request was cancelled.', 'AbortError')), { once: true });
    return d.promise;
  };
  const live = () => calls.filter((c) => !c.signal.aborted);
  const pending = () => {
    const c = live().filter((x) => !x.d.settled).at(-1);
    if (!c) throw new Error('no request in flight to settle');
    return c;
  };
  return { fn, live, pending, all: () => calls };
}

const TYPES: Record<string, Slot> = { '1': 'front', '2': 'back', '3': 'pan' };

describe.each([
  ['StrictMode', true],
  ['normal mode', false],
])('kyc paths (%s)', (_, strict) => {
  it.each(paths.map((p) => [p.title, p] as const))('%s', async (_, path) => {
    const user = userEvent.setup({ applyAccept: false });
    const clock = new SimulatedClock();
    const load = fakeCalls<void, KycLoaded>();
    const ocr = fakeCalls<OcrRequest, OcrResultLike>();
    const upload = fakeCalls<{ slot: Slot; file: Blob }, unknown>();
    const send = fakeCalls<string, SendOtpResult>();
    const verify = fakeCalls<{ aadhaar: string; otp: string }, void>();
    const submit = fakeCalls<unknown, void>();
    const navigate = vi.fn();
    const stored = { value: path.input?.draft ?? null };
    const deps: KycDeps = {
      loadKyc: ({ signal }) => load.fn(undefined, signal),
      ocr: (request, { signal }) => ocr.fn(request, signal),
      upload: (type, file, _name, { signal }) => upload.fn({ slot: TYPES[type]!, file }, signal),
      compress: async (file) => file,
      sendAadhaarOtp: (aadhaar, { signal }) => send.fn(aadhaar, signal),
      verifyAadhaarOtp: (request, { signal }) => verify.fn(request, signal),
      submitKyc: (request, { signal }) => submit.fn(request, signal),
      navigate,
      toast: () => {},
      draft: { read: () => stored.value, write: (d) => void (stored.value = d), remove: () => void (stored.value = null) },
      now: () => clock.now(),
      clock,
    };
    const settle = async (c: ActorDoneCase | ActorErrorCase, calls: { pending: () => { d: Deferred<never> } }) => {
      await waitFor(() => calls.pending());
      await act(async () => ('output' in c ? calls.pending().d.resolve(c.output as never) : calls.pending().d.reject(c.error)));
    };
    const slotInput = (label: string) => screen.getByLabelText(new RegExp(`${label}: `), { selector: 'input' });
    const SLOT_LABELS: Record<Slot, string> = { front: 'Aadhaar front', back: 'Aadhaar back', pan: 'PAN card' };
    const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
    let hubVisits = 0;

    await replayPath(path, {
      act: {
        'xstate.init': () => {
          const tree = <KycFlow deps={deps} pid="7" step={1} total={5} />;
          render(strict ? <StrictMode>{tree}</StrictMode> : tree);
        },
        'xstate.done.actor.loadKyc': (e) => settle(e as ActorDoneCase, load as never),
        'xstate.error.actor.loadKyc': (e) => settle(e as ActorErrorCase, load as never),
        'load.retried': () => user.click(screen.getByRole('button', { name: 'Try again' })),
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
        'kyc.submitted': () => user.dblClick(screen.getByRole('button', { name: 'Submit' })),
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
        'xstate.after.resendCooldown.kyc.otp.aadhaar.dialog.resend.cooldown': () => act(() => clock.increment(RESEND_COOLDOWN_MS)),
      },
      assert: async (s) => {
        const c = s.context;
        if (s.matches('loading')) expect(screen.getByText('Loading…')).toBeTruthy();
        if (s.matches('loadFailed')) expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
        if (s.matches('leaving') || s.matches('done')) {
          hubVisits = 1;
          await waitFor(() => expect(navigate).toHaveBeenCalledWith('/auth/index?pid=7'));
          if (s.matches('done')) expect(stored.value).toBeNull();
        }
        expect(navigate).toHaveBeenCalledTimes(hubVisits);
        if (s.matches('upload') || s.matches('otp')) {
          expect(screen.getByText('Step 1 / 5')).toBeTruthy();
          const submitButton = screen.getByRole('button', { name: 'Submit' });
          expect(submitButton.getAttribute('aria-busy')).toBe(s.hasTag('submitting') ? 'true' : null);
          if (c.fieldError) expect(screen.getAllByText(c.fieldError.message.trim()).length).toBeGreaterThan(0);
          expect(field('PAN').value).toBe(c.panNo);
        }
        if (s.matches('upload')) {
          expect(field('Name as on Aadhaar').value).toBe(c.realName);
          expect(field('Aadhaar number').value).toBe(c.idNo);
          for (const slot of ['front', 'back', 'pan'] as const) {
            const group = screen.getByRole('group', { name: SLOT_LABELS[slot] });
            expect(Boolean(within(group).queryByText('Uploaded'))).toBe(c.images[slot] !== null);
          }
          expect(Boolean(screen.queryByText('Reading your card…'))).toBe(s.hasTag('reading'));
        }
        if (s.matches('otp')) {
          const aadhaar = field('Aadhaar number');
          if (s.hasTag('verified')) {
            expect(aadhaar.value).toBe(maskAadhaar(c.idNo));
            expect(aadhaar.readOnly).toBe(true);
            expect(screen.getByText('Verified')).toBeTruthy();
            expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
          } else {
            expect(aadhaar.value).toBe(c.idNo);
            expect(screen.getByRole('button', { name: 'Verify' })).toBeTruthy();
          }
          const dialog = screen.queryByRole('dialog', { name: 'Enter the OTP' });
          expect(Boolean(dialog)).toBe(s.hasTag('dialog'));
          if (dialog) {
            expect(field('OTP').value).toBe(c.otp);
            if (c.otpError) expect(within(dialog).getByText(c.otpError)).toBeTruthy();
            if (s.hasTag('cooldown')) expect(within(dialog).getByRole('button', { name: /^Resend in \d+s$/ })).toHaveProperty('disabled', true);
            if (s.hasTag('canResend')) expect(within(dialog).getByRole('button', { name: 'Resend OTP' })).toHaveProperty('disabled', false);
          }
        }
      },
    });
    // Requests: exactly as many (not aborted) as the path starts — double taps and StrictMode send nothing twice.
    expect(load.live().length).toBe(invocations(path.steps, 'loadKyc'));
    expect(submit.live().length).toBe(invocations(path.steps, 'submitKyc'));
    expect(send.live().length).toBe(invocations(path.steps, 'sendAadhaarOtp'));
    expect(verify.live().length).toBe(invocations(path.steps, 'verifyAadhaarOtp'));
    // A reading is cancelled (aborted) when the front is replaced: count every one started.
    expect(ocr.all().length).toBe(invocations(path.steps, 'ocr'));
  });
});
