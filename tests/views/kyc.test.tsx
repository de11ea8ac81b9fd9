/**
 * The identity screen in situations the generated paths do not spell out: a reload (and an expired
 * session) restores the draft 'auth.kyc' from storage (the identity numbers from this tab's
 * sessionStorage only, never localStorage), the upload types come from the config, the OCR prefill
 * shows in the fields, the Aadhaar number is grouped while typed (the caret stays where it was) and
 * a verified one shows masked in either variant, a problem is said once at its field, an already
 * verified borrower goes on to the hub, and the submit's idempotency key survives a retry and a
 * reload but not an edit. The machine's own effects for the draft, the key and navigation
 * (kyc.effects.ts); fake calls. StrictMode and normal mode.
 */
import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { KycAuthConfig, type AadhaarSendOtp, type KycPayload } from '../../contract/verification';
import { kycMachine } from '../../machines/kyc/kyc.machine';
import { emptyKycDraft } from '../../machines/kyc/kyc.rules';
import { BAD_AADHAAR, BAD_PAN, KYC_DONE, KYC_PENDING, NAME, OTP_CONFIG, UPLOAD_CONFIG, VALID_AADHAAR, VALID_PAN } from '../../machines/kyc/kyc.cases';
import { AADHAAR_MESSAGES, PAN_MESSAGE } from '../../machines/shared/identity';
import type { UploadImageInput } from '../../machines/upload/upload.machine';
import { fakeFile } from '../../machines/upload/upload.cases';
import { kycDraftStore, kycEffects } from '../../src/flows/auth/kyc.effects';
import { KycFlow, type KycFlowProps } from '../../src/flows/auth/KycRoute';
import type { Effects } from '../../src/flows/shared/effects';
import { fromCall } from '../../src/lib/abortable';
import { draftKey } from '../../src/lib/draft';
import { ToastHost } from '../../src/ui/ToastHost';
import { fakeCalls } from '../support/fakes';

type KycActors = NonNullable<Effects<typeof kycMachine>['actors']>;
type SubmitInput = { payload: KycPayload; idempotencyKey: string };

/** The upload variant, with the photoTypes as the wire sends them (numbers). */
const UPLOAD_TYPES_11 = v.parse(KycAuthConfig, { KycPageInfoVo: [{ photoType: 11 }, { photoType: 12 }, { photoType: 13 }] });

/** The flow with fake calls (`actors` replaces some) and the machine's real draft, key and navigation effects (the toast too, with `toasts`). */
function flow(
  actors: Partial<KycActors> = {},
  uploadImage: KycFlowProps['uploadImage'] = () => fromCall(async (): Promise<unknown> => undefined),
  { toasts = false }: { toasts?: boolean } = {},
) {
  const navigate = vi.fn();
  const consents: string[] = [];
  const store = kycDraftStore();
  const machine = kycMachine.provide({
    actors: {
      loadStatus: fromCall(async () => KYC_PENDING),
      loadConfig: fromCall(async () => UPLOAD_TYPES_11),
      ocr: fromCall(async () => ({ name: 'Asha Verma', idNo: VALID_AADHAAR, panNo: '' })),
      sendAadhaarOtp: fromCall(async (): Promise<AadhaarSendOtp> => ({ state: 0 })),
      verifyAadhaarOtp: fromCall(async (): Promise<void> => {}),
      submitKyc: fromCall(async (): Promise<void> => {}),
      ...actors,
    },
    actions: { ...kycEffects(navigate, store).actions, ...(toasts ? {} : { showToast: () => {} }), recordConsent: () => void consents.push('identity') },
  });
  const element = (
    <>
      <KycFlow machine={machine} draft={store} uploadImage={uploadImage} compress={fromCall(async ({ file }) => file)} pid="7" step={2} total={5} />
      <ToastHost />
    </>
  );
  return { navigate, element, consents };
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const HUB = ['/auth/index?pid=7', { replace: true }];

describe.each([
  ['StrictMode', true],
  ['normal mode', false],
])('kyc screen (%s)', (_, strict) => {
  /**
   * Renders the step and, in the upload variant, agrees to send the card images (the consent has tests of its own).
   * The wait for I agree looks only in this render and ends with this test: the OTP variant never asks, and a wait
   * still polling the whole document afterwards would tap the next test's consent for it.
   */
  const show = (f: ReturnType<typeof flow>) => {
    const view = render(strict ? <StrictMode>{f.element}</StrictMode> : f.element);
    let live = true;
    onTestFinished(() => {
      live = false;
    });
    void within(view.container)
      .findByRole('button', { name: 'I agree' })
      .then(
        (b) => {
          if (live) fireEvent.click(b);
        },
        () => undefined,
      );
    return view;
  };

  it('uploads with the config photoTypes, prefills from OCR, and keeps it all across a reload', async () => {
    const user = userEvent.setup();
    const uploads: string[] = [];
    const view = show(flow({}, (type) => fromCall(async (_: UploadImageInput): Promise<unknown> => uploads.push(type()))));
    expect(await screen.findByText('Step 2 / 5')).toBeTruthy();
    await user.upload(await screen.findByLabelText(/Aadhaar front: /, { selector: 'input' }), fakeFile('front.jpg', 'image/jpeg', 10) as File);
    await waitFor(() => expect(field('Aadhaar number').value).toBe('2345 6789 0124'));
    expect(field('Name as on Aadhaar').value).toBe('Asha Verma');
    await user.upload(screen.getByLabelText(/PAN card: /, { selector: 'input' }), fakeFile('pan.jpg', 'image/jpeg', 10) as File);
    fireEvent.change(field('PAN'), { target: { value: 'abcpe1234f' } });
    await waitFor(() => expect(uploads).toEqual(['11', '13']));
    // What was typed is kept for this tab only; the device keeps which slots were uploaded.
    expect(JSON.parse(sessionStorage.getItem(draftKey('auth.kyc'))!)).toMatchObject({ realName: 'Asha Verma', idNo: VALID_AADHAAR, panNo: VALID_PAN });
    expect(JSON.parse(localStorage.getItem(draftKey('auth.kyc'))!)).toEqual({ images: { front: 'front.jpg', back: null, pan: 'pan.jpg' } });
    view.unmount();

    show(flow());
    await waitFor(() => expect(field('PAN').value).toBe(VALID_PAN));
    expect(field('Aadhaar number').value).toBe('2345 6789 0124');
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
    const f = flow({ loadConfig: fromCall(async () => OTP_CONFIG), submitKyc: submit.actor });
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
    expect(sessionStorage.getItem(draftKey('auth.kyc'))).toBeNull();
  });

  it("shows the verifier's message when the OTP is refused", async () => {
    const user = userEvent.setup();
    const refused: AadhaarSendOtp = { state: 2, verifier: { success: false, message: 'Invalid Aadhaar number' } };
    show(flow({ loadConfig: fromCall(async () => OTP_CONFIG), sendAadhaarOtp: fromCall(async () => refused) }));
    fireEvent.change(await screen.findByLabelText('Aadhaar number', { selector: 'input' }), { target: { value: VALID_AADHAAR } });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid Aadhaar number')).toBeTruthy();
  });

  it('asks before the card images: no photo input or field until I agree, which records the consent once; Not now goes back', async () => {
    const f = flow({ loadConfig: fromCall(async () => UPLOAD_CONFIG) });
    render(strict ? <StrictMode>{f.element}</StrictMode> : f.element);
    expect(await screen.findByRole('heading', { name: 'Before you send your cards' })).toBeTruthy();
    expect(screen.getByText('Do you agree to send photos of your Aadhaar and PAN cards for this check?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Not now' }).getAttribute('href')).toBe('/product/7');
    expect(document.querySelector('input')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'I agree' }));
    expect(await screen.findByLabelText(/Aadhaar front: /, { selector: 'input' })).toBeTruthy();
    expect(f.consents).toEqual(['identity']);
  });

  it('goes on to the hub when KYC is already done, without asking for the config', async () => {
    const config = vi.fn(async () => UPLOAD_CONFIG);
    const f = flow({ loadStatus: fromCall(async () => KYC_DONE), loadConfig: fromCall(config) });
    show(f);
    await waitFor(() => expect(f.navigate).toHaveBeenCalledWith(...HUB));
    expect(f.navigate).toHaveBeenCalledTimes(1);
    expect(config).not.toHaveBeenCalled();
  });

  it('a new tab sees which slots were uploaded but none of the numbers typed in another tab', async () => {
    kycDraftStore().write({ ...emptyKycDraft(), realName: NAME, idNo: VALID_AADHAAR, panNo: VALID_PAN, images: { front: 'front.jpg', back: 'back.jpg', pan: null } });
    // Another tab: the same device (localStorage), its own sessionStorage.
    sessionStorage.clear();
    show(flow({ loadConfig: fromCall(async () => UPLOAD_CONFIG) }));
    expect(await screen.findByText('front.jpg')).toBeTruthy();
    expect(screen.getByText('back.jpg')).toBeTruthy();
    expect(field('Aadhaar number').value).toBe('');
    expect(field('PAN').value).toBe('');
    expect(field('Name as on Aadhaar').value).toBe('');
  });

  it('a draft kept in localStorage before the numbers moved to the tab loses them there when read; this tab keeps them', async () => {
    const old = { realName: NAME, idNo: VALID_AADHAAR, panNo: VALID_PAN, images: { front: 'f.jpg', back: 'b.jpg', pan: 'p.jpg' }, verifiedAadhaar: null, otpFor: VALID_AADHAAR, otpDeadline: 5, idempotencyKey: null };
    localStorage.setItem(draftKey('auth.kyc'), JSON.stringify(old));
    show(flow({ loadConfig: fromCall(async () => UPLOAD_CONFIG) }));
    await waitFor(() => expect(field('PAN').value).toBe(VALID_PAN));
    expect(field('Aadhaar number').value).toBe('2345 6789 0124');
    expect(localStorage.getItem(draftKey('auth.kyc'))).toBe(JSON.stringify({ images: old.images }));
    for (const value of Object.values(localStorage)) {
      expect(value).not.toContain(VALID_AADHAAR);
      expect(value).not.toContain(VALID_PAN);
    }
    expect(JSON.parse(sessionStorage.getItem(draftKey('auth.kyc'))!)).toMatchObject({ idNo: VALID_AADHAAR, panNo: VALID_PAN, otpFor: VALID_AADHAAR });
  });

  it('groups the Aadhaar number 4-4-4 while typed, sends the 12 digits, and keeps the caret in place when editing in the middle', async () => {
    const user = userEvent.setup();
    show(flow({ loadConfig: fromCall(async () => UPLOAD_CONFIG) }));
    const aadhaar = await screen.findByLabelText('Aadhaar number', { selector: 'input' });
    await user.type(aadhaar, '23456789');
    expect((aadhaar as HTMLInputElement).value).toBe('2345 6789');
    // A digit typed at position 2 ('23|45 6789'): the groups move, the caret stays after it.
    await user.type(aadhaar, '1', { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect((aadhaar as HTMLInputElement).value).toBe('2314 5678 9');
    expect((aadhaar as HTMLInputElement).selectionStart).toBe(3);
    // Backspace there removes the digit before the caret.
    await user.keyboard('{Backspace}');
    expect((aadhaar as HTMLInputElement).value).toBe('2345 6789');
    expect((aadhaar as HTMLInputElement).selectionStart).toBe(2);
    // Backspace right after a space steps over it (no digit is lost).
    await user.type(aadhaar, '{Backspace}', { initialSelectionStart: 5, initialSelectionEnd: 5 });
    expect((aadhaar as HTMLInputElement).value).toBe('2345 6789');
    expect((aadhaar as HTMLInputElement).selectionStart).toBe(4);
    // At the end, typing goes on; a 13th digit is not kept.
    await user.type(aadhaar, '01249', { initialSelectionStart: 9, initialSelectionEnd: 9 });
    expect((aadhaar as HTMLInputElement).value).toBe('2345 6789 0124');
    expect(aadhaar.getAttribute('maxlength')).toBe('14');
    expect(JSON.parse(sessionStorage.getItem(draftKey('auth.kyc'))!).idNo).toBe(VALID_AADHAAR);
  });

  it('a number verified by OTP shows masked and read-only in the upload variant too', async () => {
    kycDraftStore().write({ ...emptyKycDraft(), realName: NAME, idNo: VALID_AADHAAR, verifiedAadhaar: VALID_AADHAAR, images: { front: 'f.jpg', back: null, pan: null } });
    show(flow({ loadConfig: fromCall(async () => UPLOAD_CONFIG) }));
    await waitFor(() => expect(field('Aadhaar number').value).toBe('XXXX XXXX 0124'));
    expect(field('Aadhaar number').readOnly).toBe(true);
    expect(screen.getByText('Verified by OTP. Only the last 4 digits are shown.')).toBeTruthy();
  });

  it.each([
    ['Aadhaar', { idNo: BAD_AADHAAR, panNo: VALID_PAN }, 'Aadhaar number', AADHAAR_MESSAGES.checksum],
    ['PAN', { idNo: VALID_AADHAAR, panNo: BAD_PAN }, 'PAN', PAN_MESSAGE],
  ] as const)('a bad %s on Submit is said once, at the field, brought to the middle of the screen: no toast', async (_, typed, label, message) => {
    const scrolled: { el: Element; options: unknown }[] = [];
    Element.prototype.scrollIntoView = function (this: Element, options?: unknown) {
      scrolled.push({ el: this, options });
    } as Element['scrollIntoView'];
    try {
      const user = userEvent.setup();
      kycDraftStore().write({ ...emptyKycDraft(), realName: NAME, ...typed, images: { front: 'f.jpg', back: 'b.jpg', pan: 'p.jpg' } });
      const submit = fakeCalls<void, SubmitInput>();
      show(flow({ loadConfig: fromCall(async () => UPLOAD_CONFIG), submitKyc: submit.actor }, undefined, { toasts: true }));
      await user.click(await screen.findByRole('button', { name: 'Submit' }));
      expect(screen.getAllByText(message)).toHaveLength(1);
      expect(document.querySelector('.toast')).toBeNull();
      const input = field(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(input);
      expect(scrolled.at(-1)).toEqual({ el: input.closest('.field'), options: { block: 'center' } });
      expect(submit.live()).toHaveLength(0);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('a missing image on Submit is said once, at its slot, brought into view', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    } as Element['scrollIntoView'];
    try {
      const user = userEvent.setup();
      show(flow({ loadConfig: fromCall(async () => UPLOAD_CONFIG) }, undefined, { toasts: true }));
      await user.click(await screen.findByRole('button', { name: 'Submit' }));
      expect(screen.getAllByText('Please Upload Aadhaar front')).toHaveLength(1);
      expect(document.querySelector('.toast')).toBeNull();
      expect(scrolled.at(-1)).toBe(screen.getByRole('group', { name: 'Aadhaar front' }));
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('sends the same idempotency key on a retry and after a reload mid-request, and a new one after an edit', async () => {
    const user = userEvent.setup();
    kycDraftStore().write({ ...emptyKycDraft(), idNo: VALID_AADHAAR, verifiedAadhaar: VALID_AADHAAR, panNo: VALID_PAN });
    const keysSent = (calls: ReturnType<typeof fakeCalls<void, SubmitInput>>) => calls.live().map((c) => c.input.idempotencyKey);
    const submit = fakeCalls<void, SubmitInput>();
    const view = show(flow({ loadConfig: fromCall(async () => OTP_CONFIG), submitKyc: submit.actor }));
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
    show(flow({ loadConfig: fromCall(async () => OTP_CONFIG), submitKyc: reloaded.actor }));
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
