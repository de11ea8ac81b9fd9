/**
 * The identity screen in situations the generated paths do not spell out: a reload (and an expired
 * session) restores the draft 'auth.kyc' from storage, the upload types come from the config, the
 * OCR prefill shows in the fields, a verified Aadhaar shows masked, and an already verified borrower
 * goes on to the hub. StrictMode and normal mode.
 */
import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { KycLoaded } from '../../machines/kyc/kyc.machine';
import { ALREADY_DONE, OTP_CONFIG, VALID_AADHAAR, VALID_PAN } from '../../machines/kyc/kyc.cases';
import { fakeFile } from '../../machines/upload/upload.cases';
import { KycFlow, kycDraftStore, type KycDeps } from '../../src/flows/auth/KycRoute';
import { draftKey } from '../../src/lib/draft';
import { deferred } from '../support/model';

function deps(over: Partial<KycDeps> = {}): KycDeps & { navigate: ReturnType<typeof vi.fn> } {
  return {
    loadKyc: async () => ({ config: { KycPageInfoVo: [{ photoType: 11 }, { photoType: 12 }, { photoType: 13 }] }, status: { kycAadhaarAndPan: 0 } }),
    ocr: async () => ({ name: 'Asha Verma', idNo: VALID_AADHAAR, panNo: '' }),
    upload: async () => undefined,
    compress: async (f) => f,
    sendAadhaarOtp: async () => ({ state: 0 }),
    verifyAadhaarOtp: async () => undefined,
    submitKyc: async () => undefined,
    toast: () => {},
    draft: kycDraftStore(),
    ...over,
    navigate: vi.fn(),
  } as KycDeps & { navigate: ReturnType<typeof vi.fn> };
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

describe.each([
  ['StrictMode', true],
  ['normal mode', false],
])('kyc screen (%s)', (_, strict) => {
  const show = (d: KycDeps) => render(strict ? <StrictMode><KycFlow deps={d} pid="7" step={2} total={5} /></StrictMode> : <KycFlow deps={d} pid="7" step={2} total={5} />);

  it('uploads with the config photoTypes, prefills from OCR, and keeps it all across a reload', async () => {
    const user = userEvent.setup();
    const uploads: string[] = [];
    const d = deps({ upload: async (type) => void uploads.push(type) });
    const view = show(d);
    expect(await screen.findByText('Step 2 / 5')).toBeTruthy();
    await user.upload(await screen.findByLabelText(/Aadhaar front: /, { selector: 'input' }), fakeFile('front.jpg', 'image/jpeg', 10) as File);
    await waitFor(() => expect(field('Aadhaar number').value).toBe(VALID_AADHAAR));
    expect(field('Name as on Aadhaar').value).toBe('Asha Verma');
    await user.upload(screen.getByLabelText(/PAN card: /, { selector: 'input' }), fakeFile('pan.jpg', 'image/jpeg', 10) as File);
    fireEvent.change(field('PAN'), { target: { value: 'abcpe1234f' } });
    await waitFor(() => expect(uploads).toEqual(['11', '13']));
    expect(JSON.parse(localStorage.getItem(draftKey('auth.kyc'))!)).toMatchObject({ realName: 'Asha Verma', idNo: VALID_AADHAAR, panNo: VALID_PAN, images: { front: 'front.jpg', back: null, pan: 'pan.jpg' } });
    view.unmount();

    show(deps());
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
    const submit = deferred<void>();
    const submitKyc = vi.fn(() => submit.promise);
    const d = deps({ loadKyc: async () => OTP_CONFIG, submitKyc });
    show(d);
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
    expect(submitKyc).toHaveBeenCalledTimes(1);
    expect(submitKyc.mock.calls[0]).toEqual([{ idNo: VALID_AADHAAR, panNo: VALID_PAN }, expect.anything()]);
    await act(async () => submit.resolve());
    await waitFor(() => expect(d.navigate).toHaveBeenCalledWith('/auth/index?pid=7'));
    expect(localStorage.getItem(draftKey('auth.kyc'))).toBeNull();
  });

  it("shows the verifier's message when the OTP is refused", async () => {
    const user = userEvent.setup();
    const d = deps({ loadKyc: async () => OTP_CONFIG, sendAadhaarOtp: async () => ({ state: 2, verifier: { success: false, message: 'Invalid Aadhaar number' } }) });
    show(d);
    fireEvent.change(await screen.findByLabelText('Aadhaar number', { selector: 'input' }), { target: { value: VALID_AADHAAR } });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid Aadhaar number')).toBeTruthy();
  });

  it('goes on to the hub when KYC is already done', async () => {
    const d = deps({ loadKyc: async (): Promise<KycLoaded> => ALREADY_DONE });
    show(d);
    await waitFor(() => expect(d.navigate).toHaveBeenCalledWith('/auth/index?pid=7'));
    expect(d.navigate).toHaveBeenCalledTimes(1);
  });
});
