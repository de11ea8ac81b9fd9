/**
 * The identity screen (KYC) in Hindi: the page, the fields, the photo slots and the OTP
 * dialog follow the language; the machine's messages (a missing photo, the Aadhaar check of
 * machines/shared/identity.ts by its reason, a short OTP) and the image pipeline's are in Hindi;
 * the verifier's (server's) text stays as sent. English again, without a reload, is verbatim.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AadhaarSendOtp, KycAuthConfig } from '../../contract/verification';
import { kycMachine } from '../../machines/kyc/kyc.machine';
import type { KycDraft } from '../../machines/kyc/kyc.rules';
import { BAD_AADHAAR, KYC_PENDING, OTP_CONFIG, UPLOAD_CONFIG, VALID_AADHAAR } from '../../machines/kyc/kyc.cases';
import { NOT_AN_IMAGE } from '../../machines/upload/upload.cases';
import { KycFlow } from '../../src/flows/auth/KycRoute';
import { fromCall } from '../../src/lib/abortable';
import { switchLanguage } from '../support/language';

afterEach(() => switchLanguage('en'));

function show(config: KycAuthConfig, sendAadhaarOtp: AadhaarSendOtp = { state: 0 }) {
  const stored = { value: null as KycDraft | null };
  const draft = { read: () => stored.value, write: (d: KycDraft) => void (stored.value = d), remove: () => void (stored.value = null) };
  const machine = kycMachine.provide({
    actors: {
      loadStatus: fromCall(async () => KYC_PENDING),
      loadConfig: fromCall(async () => config),
      ocr: fromCall(async () => ({ name: '', idNo: '', panNo: '' })),
      sendAadhaarOtp: fromCall(async () => sendAadhaarOtp),
      verifyAadhaarOtp: fromCall(async (): Promise<void> => {}),
      submitKyc: fromCall(async (): Promise<void> => {}),
    },
    actions: { navigate: () => {}, showToast: () => {}, persistDraft: (_, d) => draft.write(d), clearDraft: () => draft.remove(), recordConsent: () => {} },
  });
  render(
    <KycFlow
      machine={machine}
      draft={draft}
      uploadImage={() => fromCall(async (): Promise<unknown> => undefined)}
      compress={fromCall(async ({ file }) => file)}
      pid="7"
      step={2}
      total={5}
    />,
  );
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

describe('the identity screen in Hindi', () => {
  it('upload variant: the page, the slots and the fields in Hindi; a missing photo and a refused file said in Hindi', async () => {
    await switchLanguage('hi');
    show(UPLOAD_CONFIG);
    expect(screen.getByRole('heading', { name: 'पहचान वेरिफ़िकेशन' })).toBeTruthy();
    // The consent before the card images, in Hindi.
    expect(await screen.findByRole('heading', { name: 'अपने कार्ड भेजने से पहले' })).toBeTruthy();
    expect(screen.getByText('क्या आप इस जाँच के लिए अपने आधार और पैन कार्ड की फ़ोटो भेजने के लिए सहमत हैं?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'अभी नहीं' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'मैं सहमत हूँ' }));
    await screen.findByText('अपने आधार कार्ड (दोनों तरफ़) और PAN कार्ड की साफ़ फ़ोटो अपलोड करें।');
    expect(screen.getByRole('region', { name: 'आधार कार्ड' })).toBeTruthy();
    const front = screen.getByRole('group', { name: 'आधार – आगे की तरफ़' });
    expect(within(front).getByText('जिस तरफ़ आपकी फ़ोटो, नाम और नंबर है।')).toBeTruthy();
    expect(within(front).getByText('फ़ोटो चुनें')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'PAN कार्ड' })).toBeTruthy();
    expect(field('आधार पर लिखा नाम')).toBeTruthy();
    expect(field('आधार नंबर').placeholder).toBe('12 अंक');
    expect(field('PAN नंबर').placeholder).toBe('ABCPE1234F');

    // The machine's message, by key, in Hindi, at its slot.
    const user = userEvent.setup({ applyAccept: false });
    await user.click(screen.getByRole('button', { name: 'सबमिट करें' }));
    expect(within(front).getByRole('alert').textContent).toBe('कृपया आधार कार्ड के आगे की तरफ़ की फ़ोटो अपलोड करें');
    // The image pipeline's own message, in Hindi.
    await user.upload(screen.getByLabelText(/आधार – पीछे की तरफ़: /, { selector: 'input' }), NOT_AN_IMAGE as File);
    const back = screen.getByRole('group', { name: 'आधार – पीछे की तरफ़' });
    expect((await within(back).findByRole('alert')).textContent).toBe('सिर्फ़ इमेज फ़ाइलें अपलोड की जा सकती हैं');
    expect(within(back).getByText('फ़ोटो बदलें')).toBeTruthy();

    // English again, without a reload: the spec's words, verbatim.
    await switchLanguage('en');
    expect(screen.getByRole('heading', { name: 'Identity verification' })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Aadhaar front' })).getByRole('alert').textContent).toBe('Please Upload Aadhaar front');
    expect(within(screen.getByRole('group', { name: 'Aadhaar back' })).getByRole('alert').textContent).toBe('Only image files can be uploaded');
  });

  it('OTP variant: the Aadhaar check by its reason, the dialog and a short OTP in Hindi', async () => {
    await switchLanguage('hi');
    show(OTP_CONFIG);
    await screen.findByText('आधार से जुड़े मोबाइल नंबर पर भेजे गए OTP से अपना आधार नंबर वेरिफ़ाई करें, फिर अपना PAN डालें।');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'वेरिफ़ाई' }));
    expect(screen.getByText('कृपया आधार नंबर डालें')).toBeTruthy();
    fireEvent.change(field('आधार नंबर'), { target: { value: BAD_AADHAAR } });
    await user.click(screen.getByRole('button', { name: 'वेरिफ़ाई' }));
    // machines/shared/identity.ts gives the reason; the screen says it in the borrower's language.
    expect(screen.getByText('यह आधार नंबर सही नहीं है। कृपया इसे जाँच लें।')).toBeTruthy();
    fireEvent.change(field('आधार नंबर'), { target: { value: VALID_AADHAAR } });
    await user.click(screen.getByRole('button', { name: 'वेरिफ़ाई' }));
    const dialog = await screen.findByRole('dialog', { name: 'OTP डालें' });
    expect(within(dialog).getByText('हमने आधार XXXX XXXX 0124 से जुड़े मोबाइल नंबर पर OTP भेजा है।')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '60 सेकंड में फिर भेजें' })).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: 'रद्द करें' })).toBeTruthy();
    expect(field('OTP कोड').placeholder).toBe('6 अंक');
    fireEvent.change(field('OTP कोड'), { target: { value: '123' } });
    await user.click(within(dialog).getByRole('button', { name: 'OTP वेरिफ़ाई करें' }));
    expect(within(dialog).getByText('कृपया 6 अंकों का OTP डालें।')).toBeTruthy();
    fireEvent.change(field('OTP कोड'), { target: { value: '123456' } });
    await user.click(within(dialog).getByRole('button', { name: 'OTP वेरिफ़ाई करें' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('वेरिफ़ाइड')).toBeTruthy();
    expect(screen.getByText('OTP से वेरिफ़ाई हो गया। सिर्फ़ आख़िरी 4 अंक दिखाए गए हैं।')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'सबमिट करें' }));
    expect(screen.getByText('कृपया PAN नंबर डालें')).toBeTruthy();
  });

  it("keeps the verifier's text as it came", async () => {
    await switchLanguage('hi');
    show(OTP_CONFIG, { state: 2, verifier: { success: false, message: 'Aadhaar not linked with a mobile number' } });
    fireEvent.change(await screen.findByLabelText('आधार नंबर', { selector: 'input' }), { target: { value: VALID_AADHAAR } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'वेरिफ़ाई' })));
    expect(await screen.findByText('Aadhaar not linked with a mobile number')).toBeTruthy();
  });
});
