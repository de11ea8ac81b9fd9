/**
 * What the borrower sees in each leaf state of the privacy centre (machines/privacy/privacy.machine.ts),
 * read from PrivacyRoute.tsx; shown by the flow atlas (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  loading:
    "The 'Privacy centre' page: 'What we collect and why' and the 'Privacy policy' at once; under 'Your consents' a spinner with 'Loading your privacy details…'.",
  failed: "Under 'Your consents', the reason (or 'Could not load your privacy details. Please try again.') and 'Try again'; what was collected and the policy stay.",
  local:
    "'Your consents' with 'Your lender does not keep these consents online, so they are kept on this phone.', each consent with the date this phone kept ('Given …', 'Withdrawn …', 'Not given yet. The step asks you first.', or 'On. It carries no personal data.') and Withdraw or Allow again; 'Delete my data' says to write through the Help Center.",
  'ready.idle':
    "'Your consents' as the lender keeps them, each with 'Given …' or 'Withdrawn …' (IST) and what a withdrawal stops, and Withdraw (or Allow again for the location and device information); a status line names the consent just changed. 'Delete my data' lists each request ('Received …', 'Done …', 'Declined …' with why) and 'Ask for deletion' while none is open.",
  'ready.saving': 'The same page; the Withdraw (or Allow again) button of the consent being told to the lender shows a spinner.',
  'ready.asking': "The dialog 'Ask for deletion?' with what the lender keeps by law, 'Cancel' and 'Ask'.",
  'ready.requesting': "The dialog 'Ask for deletion?' stays; 'Ask' shows a spinner and 'Cancel' is disabled.",
};
