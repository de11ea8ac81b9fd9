/**
 * What the borrower sees in each leaf state of the joint machine (machines/joint/joint.machine.ts),
 * read from JointView.tsx; shown by the flow atlas (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  asking: "The 'Signing in' page with a spinner and 'Connecting to the app…'.",
  loggingIn: "The 'Signing in' page with a spinner and 'Signing you in…'.",
  failed:
    "The 'Signing in' page shows the server's or the shell's message (or 'Could not sign you in. Please try again.') with a 'Try again' button and a 'Sign in with your mobile number' link.",
  noShell:
    "The 'Open this page in the app' page: 'This page only works inside the app.' and a hint, with a 'Sign in with your mobile number' link and a 'Try again' button.",
  done: "The 'Signing you in…' spinner stays while the app replaces /joint with Home.",
};
