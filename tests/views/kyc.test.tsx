/**
 * The identity screen in situations the generated paths do not spell out: a reload (and an expired
 * session) restores the draft 'auth.kyc' from storage, the upload types come from the config, the
 * OCR prefill shows in the fields, a verified Aadhaar shows masked, an already verified borrower
 * goes on to the hub, and the submit's idempotency key survives a retry and a reload but not an
 * edit. The machine's own effects for the draft, the key and navigation (kyc.effects.ts); fake
 * calls. StrictMode and normal mode.
 */
import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { KycAuthConfig, type AadhaarSendOtp, type KycPayload } from '../../contract/verification';
import { kycMachine, type KycLoaded } from '../../machines/kyc/kyc.machine';
import { emptyKycDraft } from '../../machines/kyc/kyc.rules';
import { ALREADY_DONE, OTP_CONFIG, VALID_AADHAAR, VALID_PAN } from '../../machines/kyc/kyc.cases';
import type { UploadImageInput } from '../../machines/upload/upload.machine';
import { fakeFile } from '../../machines/upload/upload.cases';
import { kycDraftStore, kycEffects } from '../../src/flows/auth/kyc.effects';
import { KycFlow, type KycFlowProps } from '../../src/flows/auth/KycRoute';
import type { Effects } from '../../src/flows/shared/effects';
import { fromCall } from '../../src/lib/abortable';
import { draftKey } from '../../src/lib/draft';
import { fakeCalls } from '../support/fakes';

type KycActors = NonNullable<Effects<typeof kycMachine>['actors']>;
type SubmitInput = { payload: KycPayload; idempotencyKey: string };

/** The upload variant, with the photoTypes as the wire sends them (numbers). */
const UPLOAD_TYPES_11: KycLoaded = {
  config: v.parse(KycAuthConfig, { KycPageInfoVo: [{ photoType: 11 }, { photoType: 12 }, { photoType: 13 }] }),
  status: { kycAadhaarAndPan: 0 },
};

/** The flow with fake calls (`actors` replaces some) and the machine's real draft, key and navigation effects. */
function flow(actors: Partial<KycActors> = {}, uploadImage: KycFlowProps['uploadImage'] = () => fromCall(async (): Promise<unknown> => undefined)) {
  const navigate = vi.fn();
  const store = kycDraftStore();
  const machine = kycMachine.provide({
    actors: {
      loadKyc: fromCall(async () => UPLOAD_TYPES_11),
      ocr: fromCall(async () => ({ name: 'Asha Verma', idNo: VALID_AADHAAR, panNo: '' })),
      sendAadhaarOtp: fromCall(async (): Promise<AadhaarSendOtp> => ({ state: 0 })),
      verifyAadhaarOtp: fromCall(async (): Promise<void> => {}),
      submitKyc: fromCall(async (): Promise<void> => {}),
      ...actors,
    },
    actions: { ...kycEffects(navigate, store).actions, showToast: () => {} },
  });
  const element = (
    <KycFlow machine={machine} draft={store} uploadImage={uploadImage} compress={fromCall(async ({ file }) => file)} pid="7" step={2} total={5} />
  );
  return { navigate, element };
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const HUB = ['/auth/index?pid=7', { replace: true }];

describe.each([
  ['StrictMode', true],
  ['normal mode', false],
])('kyc screen (%s)', (_, strict) => {
  const show = (f: ReturnType<typeof flow>) => render(strict ? <StrictMode>{f.element}</StrictMode> : f.element);

  it('uploads with the config photoTypes, prefills from OCR, and keeps it all across a reload', async () => {
    const user = userEvent.setup();
    const uploads: string[] = [];
    const view = show(flow({}, (type) => fromCall(async (_: UploadImageInput): Promise<unknown> => uploads.push(type()))));
    expect(await screen.findByText('Step 2 / 5')).toBeTruthy();
    await user.upload(await screen.findByLabelText(/Aadhaar front: /, { selector: 'input' }), fakeFile('front.jpg', 'image/jpeg', 10) as File);
    await waitFor(() => expect(field('Aadhaar number').value).toBe(VALID_AADHAAR));
    expect(field('Name as on Aadhaar').value).toBe('Asha Verma');
    await user.upload(screen.getByLabelText(/PAN card: /, { selector: 'input' }), fakeFile('pan.jpg', 'image/jpeg', 10) as File);
    fireEvent.change(field('PAN'), { target: { value: 'abcpe1234f' } });
    await waitFor(() => expect(uploads).toEqual(['11', '13']));
    expect(JSON.parse(localStorage.getItem(draftKey('auth.kyc'))!)).toMatchObject({ realName: 'Asha Verma', idNo: VALID_AADHAAR, panNo: VALID_PAN, images: { front: 'front.jpg', back: null, pan: 'pan.jpg' } });
    view.unmount();

    show(flow());
    await waitFor(() => expect(field('PAN').value).toBe(VALID_PAN));
    expect(field('Aadhaar number').value).toBe(VALID_AADHAAR);
    expect(screen.getByText('front.jpg')).toBeTruthy();
    expect(screen.getByText('pan.jpg')).toBeTruthy();
    expect(screen.getAllByText('Uploaded')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Please Upload Aadhaar Back')).toBeTruthy();
    // Focus goes to the slot at fault, so keyboard and screen-reader users land on it.
    expect(document.activeElement).toBe(screen.getByLabelText(/Aadhaar back: /, { selector: 'input' }));
    await user.upload(screen.getByLabelText(/Aadhaar back: /, { selector: 'input' }), fakeFile('back.jpg', 'image/jpeg', 10) as File);
    fireEvent.change(field('Name as on Aadhaar'), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(document.activeElement).toBe(field('Name as on Aadhaar'));
  });

  it('verifies the Aadhaar by OTP, then shows it masked, read-only, with Verified; submits once and removes the draft', async () => {
    const user = userEvent.setup();
    const submit = fakeCalls<void, SubmitInput>();
    const f = flow({ loadKyc: fromCall(async () => OTP_CONFIG), submitKyc: submit.actor });
    show(f);
    fireEvent.change(await screen.findByLabelText('Aadhaar number', { selector: 'input' }), { target: { value: '1234' } });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Aadhaar number must be 12 digits.')).toBeTruthy();
    fireEvent.change(field('Aadhaar number'), { target: { value: VALID_AADHAAR } });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('dialog', { name: 'Enter the OTP' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Resend in 60s$/ })).toHaveProperty('disabled', true);
    fireEvent.change(field('OTP'), { target: { value: '12-34-56-7' } });
    expect(field('OTP').value).toBe('123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(field('Aadhaar number').value).toBe('XXXX XXXX 0124');
    expect(field('Aadhaar number').readOnly).toBe(true);
    expect(screen.getByText('Verified')).toBeTruthy();
    // The dialog is gone: focus is on the PAN, where the borrower goes on (not lost to <body>).
    expect(document.activeElement).toBe(field('PAN'));
    fireEvent.change(field('PAN'), { target: { value: VALID_PAN } });
    await user.dblClick(screen.getByRole('button', { name: 'Submit' }));
    expect(submit.live().map((c) => c.input)).toEqual([{ payload: { idNo: VALID_AADHAAR, panNo: VALID_PAN }, idempotencyKey: expect.any(String) }]);
    await act(async () => submit.pending().resolve());
    await waitFor(() => expect(f.navigate).toHaveBeenCalledWith(...HUB));
    expect(localStorage.getItem(draftKey('auth.kyc'))).toBeNull();
  });

  it("shows the verifier's message when the OTP is refused", async () => {
    const user = userEvent.setup();
    const refused: AadhaarSendOtp = { state: 2, verifier: { success: false, message: 'Invalid Aadhaar number' } };
    show(flow({ loadKyc: fromCall(async () => OTP_CONFIG), sendAadhaarOtp: fromCall(async () => refused) }));
    fireEvent.change(await screen.findByLabelText('Aadhaar number', { selector: 'input' }), { target: { value: VALID_AADHAAR } });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid Aadhaar number')).toBeTruthy();
  });

  it('goes on to the hub when KYC is already done', async () => {
    const f = flow({ loadKyc: fromCall(async () => ALREADY_DONE) });
    show(f);
    await waitFor(() => expect(f.navigate).toHaveBeenCalledWith(...HUB));
    expect(f.navigate).toHaveBeenCalledTimes(1);
  });

  it('sends the same idempotency key on a retry and after a reload mid-request, and a new one after an edit', async () => {
    const user = userEvent.setup();
    kycDraftStore().write({ ...emptyKycDraft(), idNo: VALID_AADHAAR, verifiedAadhaar: VALID_AADHAAR, panNo: VALID_PAN });
    const keysSent = (calls: ReturnType<typeof fakeCalls<void, SubmitInput>>) => calls.live().map((c) => c.input.idempotencyKey);
    const submit = fakeCalls<void, SubmitInput>();
    const view = show(flow({ loadKyc: fromCall(async () => OTP_CONFIG), submitKyc: submit.actor }));
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    const [first] = keysSent(submit);
    expect(first).toBeTruthy();
    // A failure: Submit again is the same intent.
    await act(async () => submit.pending().reject(new Error('Network busy, please try again')));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(keysSent(submit)).toEqual([first, first]);
    // A reload while that request is in flight: the draft brings the key back.
    view.unmount();
    const reloaded = fakeCalls<void, SubmitInput>();
    show(flow({ loadKyc: fromCall(async () => OTP_CONFIG), submitKyc: reloaded.actor }));
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(keysSent(reloaded)).toEqual([first]);
    await act(async () => reloaded.pending().reject(new Error('Network busy, please try again')));
    // An edit is a new intent: a new key.
    fireEvent.change(field('PAN'), { target: { value: 'ABCPT1111Z' } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const [, second] = keysSent(reloaded);
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect(reloaded.live()[1]!.input.payload).toEqual({ idNo: VALID_AADHAAR, panNo: 'ABCPT1111Z' });
  });
});
