/**
 * What the borrower sees in each leaf state of the kyc machine (machines/kyc/kyc.machine.ts),
 * read from KycView.tsx (and the image slots of upload/ImageUpload.tsx); shown by the flow atlas
 * (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  checking: "The 'Identity verification' page (with 'Step n / m' when the link gives it) shows a spinner and 'Loading…'.",
  loading: "The spinner and 'Loading…' stay while the kyc config loads.",
  consent:
    "The 'Before you send your cards' card: what the Aadhaar and PAN images are for and how they are kept, 'Do you agree to send photos of your Aadhaar and PAN cards for this check?', 'I agree' and 'Not now' (back to the product); no photo slot or field yet.",
  loadFailed:
    "The 'Identity verification' page shows the error (or 'Could not load this step. Please try again.') and a 'Try again' button.",
  'ready.form.editing':
    "The form and its Submit button: fields are editable and 'Submit' is enabled; a problem Submit finds (e.g. 'Please Upload Aadhaar front', 'Please Input IDcard No.', 'Please Input Pan Id. ') shows in red at its field, which is scrolled into view.",
  'ready.form.submitting':
    "The form and its Submit button: 'Submit' shows a spinner and cannot be tapped, the name, Aadhaar and PAN fields are read-only and the photo pickers disabled; a failure shows the server's message (or 'Could not submit. Please try again.') in a toast.",
  'ready.variant.choosing': "Nothing new: the 'Loading…' spinner stays for the moment the variant is picked.",
  'ready.variant.upload.idle':
    "The upload part: 'Upload clear photos of your Aadhaar card (both sides) and your PAN card.', the 'Aadhaar front', 'Aadhaar back' and 'PAN card' photo slots, the 'Name as on Aadhaar' and 'Aadhaar number' fields, and 'We could not read the card. Please type your name and Aadhaar number.' when the OCR failed.",
  'ready.variant.upload.reading':
    "The upload part: 'Reading your card…' under the Aadhaar front photo; tapping Submit now shows the toast 'Still reading your Aadhaar card. Please wait a moment.'.",
  'ready.variant.otp.unverified':
    "The OTP part: 'Verify your Aadhaar number with an OTP…', an editable 'Aadhaar number' field with a 'Verify' link beside it, and the 'PAN' field; a refused number or OTP request shows its message in red under the number.",
  'ready.variant.otp.sending': "The OTP part: the 'Verify' link shows a spinner and the Aadhaar number is read-only while the OTP is requested.",
  'ready.variant.otp.dialog.code.editing':
    "The 'Enter the OTP' dialog: 'We sent an OTP to the mobile number linked with Aadhaar XXXX XXXX 1234.', the 'OTP' field (6 digits), 'Verify OTP', a Resend link and 'Cancel'; a wrong or short OTP shows its message in red under the field.",
  'ready.variant.otp.dialog.code.verifying':
    "The 'Enter the OTP' dialog: 'Verify OTP' shows a spinner, the OTP field is read-only and 'Cancel' is disabled.",
  'ready.variant.otp.dialog.resend.cooldown': "The dialog's Resend link: disabled, counting down 'Resend in Ns'.",
  'ready.variant.otp.dialog.resend.ready':
    "The dialog's Resend link: 'Resend OTP' is enabled; a refused resend shows its message in red under the OTP field.",
  'ready.variant.otp.dialog.resend.resending': "The dialog's Resend link: 'Resend OTP' shows a spinner while a new OTP is sent.",
  'ready.variant.otp.verified':
    "The OTP part: the dialog is gone, the Aadhaar number is read-only and masked ('XXXX XXXX 1234') with 'Verified by OTP. Only the last 4 digits are shown.', a '✓ Verified' mark replaces the Verify link, and the cursor moves to the PAN.",
  done: "The form gives way to the 'Loading…' spinner while the verification hub replaces this page.",
};
