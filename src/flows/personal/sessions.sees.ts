/**
 * What the borrower sees in each leaf state of the signed-in devices machine (machines/sessions/sessions.machine.ts),
 * read from DevicesView.tsx on Account; shown by the flow atlas (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  'loading.first': 'Account as the spec has it (the links, the language, Quit); nothing about devices yet, no heading and no spinner.',
  'loading.again': "Under Quit, 'Signed-in devices' (focused) with a spinner and 'Loading your signed-in devices…'.",
  notOffered: 'Account as the spec has it, with nothing about devices: the lender does not offer the list.',
  failed: "Under Quit, 'Signed-in devices' with the reason (or 'Could not load your signed-in devices.') and a 'Try again' button.",
  'ready.idle':
    "Under Quit, 'Signed-in devices', 'Lost a phone? Sign it out here…' and a card per device, this one first and marked 'This device': its name ('Chrome on Android', or the app's device), how it signed in ('Signed in with an SMS code'), 'Signed in …' and 'Last used …' in IST, and 'Sign out'. After a sign-out, '… is signed out.' (or why not) above the card.",
  'ready.asking': "Over Account, the dialog 'Sign out Chrome on Android?' with 'That device will need a new code to sign in again.', 'Cancel' and 'Sign out'.",
  'ready.signingOut': "The dialog stays open with 'Sign out' busy (spinner) and 'Cancel' disabled.",
};
