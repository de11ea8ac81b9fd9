/**
 * What the borrower sees in each leaf state of the extension machine (machines/extension/extension.machine.ts),
 * read from ExtensionView.tsx; shown by the flow atlas (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  'loading.order.reading':
    "The order: the 'Extension' page (back arrow to the order's detail) shows only a spinner with 'Loading your extension…'.",
  'loading.order.read': "The order: still the spinner with 'Loading your extension…' until the extension info has answered too.",
  'loading.info.reading': "The extension info: the spinner with 'Loading your extension…' under the 'Extension' heading.",
  'loading.info.read': "The extension info: still the spinner with 'Loading your extension…' until the order has answered too.",
  failed:
    "Under 'Extension', an error area with the reason (or 'Could not load the extension of your loan. Please try again.'), a 'Try again' button and a 'Go to Home' link.",
  routing: "Nothing new: the 'Loading your extension…' spinner stays while the order's state picks what to show.",
  'offer.issuing':
    "The offer and its figures; under 'Amendment to your Key Fact Statement', 'Reading the Key Fact Statement…' while the lender issues it; 'Apply and payment' disabled.",
  'offer.acknowledging': "The offer with the amendment ticked and 'Apply and payment' busy (spinner, no taps) while the lender records the acknowledgement.",
  'offer.idle':
    "'Extend the due date of your loan by paying the extension fee.', the lender's message, the 'Extension fee due', 'How the fee adds up' (Extension processing fee (10%), + Overdue fee, + Interest, − Extension fee paid, = Extension fee due), what is still owed on the loan after the fee, the extension details, 'Amendment to your Key Fact Statement' (the lender's KFS number and 'Valid until' where it issues one, the due date now, the new due date, the extension's days, the fee's parts and the fee to pay now) with the tick 'I have read this amendment to my Key Fact Statement and accept it.', the 'Please note' list, 'Apply and payment' (enabled once the amendment is ticked) and an 'Abandon extension' link. A failed tap shows the reason above the buttons (e.g. 'Could not apply for the extension. Please try again.').",
  'offer.applying': "The offer with 'Apply and payment' busy (spinner, no taps) and 'Abandon extension' disabled.",
  'offer.redirecting':
    "'Opening the payment page…' above the busy 'Apply and payment' (with 'Abandon extension' disabled) while the browser goes to the payment page.",
  'offer.asking':
    "Over the offer, the dialog 'Confirm giving up on extension?' with 'Abandoning makes the extension request unsuccessful.', 'Continue Extension' and 'Abandon Extension' (a failed giveup's reason shows in it, e.g. 'Could not abandon the extension. Please try again.'); 'Apply and payment' is disabled behind it.",
  'offer.abandoning': "The dialog stays open with 'Abandon Extension' busy (spinner) and 'Continue Extension' disabled.",
  'awaiting.idle':
    "'Your extension is applied. Pay the extension fee to move your due date.', the 'Extension fee due' with 'Time left to pay' counting down and 'Pay by … IST', 'How the fee adds up' with its parts, what is still owed on the loan after the fee, the extension details, 'Amendment to your Key Fact Statement' (the app's own, from the lender's figures: the due date now, the new due date, the extension's days, the fee's parts and the fee to pay now; no KFS number) with the tick 'I have read this amendment to my Key Fact Statement and accept it.', unticked on each visit, the 'Please note' list, 'Apply and payment' (enabled once the amendment is ticked) and an 'Abandon extension' link; a failed tap shows the reason above the buttons.",
  'awaiting.applying': "The applied extension with the countdown and the amendment ticked (its tick disabled), 'Apply and payment' busy (spinner, no taps) and 'Abandon extension' disabled.",
  'awaiting.redirecting':
    "'Opening the payment page…' above the busy 'Apply and payment' (with 'Abandon extension' disabled) while the browser goes to the payment page.",
  'awaiting.asking':
    "Over the applied extension and its countdown, the dialog 'Confirm giving up on extension?' with 'Abandoning makes the extension request unsuccessful.', 'Continue Extension' and 'Abandon Extension' (a failed giveup's reason shows in it).",
  'awaiting.abandoning': "The dialog stays open with 'Abandon Extension' busy (spinner) and 'Continue Extension' disabled.",
  'expired.checking':
    "'The extension has failed' with 'The 24-hour window to pay the extension fee has ended, so this extension has failed. Your due date has not changed.', a spinner with 'Checking your order…' and a 'Go to your order' button.",
  'expired.pending':
    "'The extension has failed' and its text, then 'The lender has not closed this extension yet. Check again in a moment.' (or 'Could not check your order. Please try again.'), a 'Check again' button and 'Go to your order'.",
  'expired.closed': "'The extension has failed' and its text, the lender's message if it sent one, and a 'Go to your order' button.",
  leaving: "Under 'Extension', a spinner with 'Opening your order…' while the page the order belongs on replaces this one.",
};
