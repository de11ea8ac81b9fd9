/**
 * What the borrower sees in each leaf state of the login machine (machines/login/login.machine.ts),
 * read from LoginView.tsx; shown by the flow atlas (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  'form.codeRequest.resuming':
    "The Send code button: nothing new yet; the form is drawn while a stored resend deadline is checked.",
  'form.codeRequest.idle':
    "The Send code button: 'Send code' is enabled inside the 'Verification code' field; a refused tap shows 'Please agree with Loan Guarantee Argreement.' or 'Please enter a valid 10-digit mobile number.' in the red error line above Log in.",
  'form.codeRequest.sending':
    "The Send code button: it shows a spinner and cannot be tapped while the SMS is requested (from the tap itself, even on the prerendered screen before the app runs), its label turning to 'Still trying…' after a few seconds on a slow network; a failure puts the server's message (or 'Could not send the code. Please try again.') in the error line.",
  'form.codeRequest.cooldown':
    "The Send code button: disabled and counting down 'Resend in Ns' each second, and the cursor moves into the 'Verification code' field.",
  'form.submission.editing.incomplete':
    "The Log in button: greyed out under the 'Mobile number' and 'Verification code' fields and the 'I have read and agree to the Loan Guarantee Agreement' tick box.",
  'form.submission.editing.ready':
    "The Log in button: enabled; the phone, the 4-digit code and the tick are all filled in.",
  'form.submission.loggingIn':
    "The Log in button: it shows a spinner and cannot be tapped (its label turning to 'Still trying…' after a few seconds on a slow network), and the phone and code fields are read-only; a failure shows the server's message (or 'Could not log you in. Please try again.') in a toast at the top of the screen.",
  signedIn:
    'The sign-in screen is replaced by the page the borrower was going to (the ?redirect= target) or Home.',
};
