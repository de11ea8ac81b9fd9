/**
 * What the borrower sees in each leaf state of the upload machine (machines/upload/upload.machine.ts),
 * read from ImageUpload.tsx (one photo slot, in KYC and the face step); shown by the flow atlas
 * (`npm run flows`) when a state is clicked.
 * One sentence per leaf state, keyed by its path below the root; tests/tools/atlas.test.ts checks the keys.
 */
export const sees: Readonly<Record<string, string>> = {
  starting: 'Nothing new: the slot is drawn empty or as uploaded while a photo kept from before is looked for.',
  empty: "The photo slot: its label and hint over a '+' tile (or the page's outline picture) with 'Choose a photo'.",
  checking: 'Nothing new: the chosen photo and its file name appear while its type and size are checked.',
  compressing: "The photo slot: the preview, the file name and 'Making the photo smaller…'; the step's button waits.",
  uploading: "The photo slot: the preview, the file name and a progress bar filling up as the photo is sent, with 'Change photo' on the tile.",
  uploaded: "The photo slot: the preview (or a '✓' for a photo kept from before), the file name, 'Uploaded' in green and 'Change photo'.",
  failed:
    "The photo slot: the preview, the error (or 'The upload failed. Please try again.') in red and a 'Retry' button that sends the same photo again; 'Change photo' picks another.",
  rejected:
    "The photo slot: no preview, the file name and the reason in red ('Only image files can be uploaded', 'Image size is too big, limit 10MB' or the server's message), and 'Change photo'.",
};
