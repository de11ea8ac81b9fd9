/**
 * What the borrower sees in each leaf state of the face machine (machines/face/face.machine.ts),
 * read from FaceView.tsx (and the photo slot of upload/ImageUpload.tsx); shown by the flow atlas
 * (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  checking: "The 'Face recognition' page (with 'Step n / m' when the link gives it) shows a spinner and 'Loading…'.",
  loading: "The spinner and 'Loading…' stay while the living-check config loads.",
  loadFailed:
    "The 'Face recognition' page shows the error (or 'Could not open face recognition. Please try again.') and a 'Try again' button.",
  alreadyDone: "The 'Loading…' spinner stays while the verification hub replaces this page.",
  consent:
    "A card 'Before we take your photo' says what the photo is for and asks 'Do you agree to take and send a photo of your face for this check?', with an 'I agree' button and a 'Not now' link back to the product page; no camera or file picker yet.",
  capture:
    "The 'Your face photo' slot (a face outline and 'Choose a photo', opening the front camera on a phone) and 'Continue', which has a spinner while the photo is prepared or checked; without a checked photo Continue shows 'Please Upload Face Recognition ' in red above it.",
  holding:
    "'Continue' shows a spinner and cannot be tapped and the photo slot is disabled; a failure shows the server's message (or 'Could not complete face recognition. Please try again.') in red above Continue.",
  done: "'Continue' keeps its spinner and the photo slot stays disabled while the face result page replaces this one.",
};
