/**
 * The face step and its result page in Hindi: consent, the photo slot and Continue
 * follow the language; the machine's message ('Please Upload Face Recognition ' in English) is in
 * Hindi; a failed living-hold's server text stays as sent; the result page is in Hindi. English
 * again, without a reload, is verbatim.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it } from 'vitest';
import type { LivingCheck } from '../../contract/verification';
import { faceMachine } from '../../machines/face/face.machine';
import { FACE_PENDING, HOLD, inputs } from '../../machines/face/face.cases';
import type { UploadImageInput } from '../../machines/upload/upload.machine';
import { FaceResultFlow } from '../../src/flows/auth/FaceResultRoute';
import { FaceFlow } from '../../src/flows/auth/FaceRoute';
import { readStepQuery } from '../../src/flows/auth/step';
import { fromCall } from '../../src/lib/abortable';
import { fakeCalls } from '../support/fakes';
import { switchLanguage } from '../support/language';

afterEach(() => switchLanguage('en'));

const SELFIE = new File([new Uint8Array(100)], 'selfie.jpg', { type: 'image/jpeg' });
const faceError = () => document.querySelector('.face-error')!.textContent;

function showFace() {
  const load = fakeCalls<typeof HOLD>();
  const check = fakeCalls<LivingCheck, UploadImageInput>();
  const hold = fakeCalls<void>();
  const machine = faceMachine.provide({
    actors: { loadStatus: fromCall(async () => FACE_PENDING), loadConfig: load.actor, livingHold: hold.actor },
    actions: { navigate: () => {} },
  });
  render(
    <Router hook={memoryLocation({ path: '/auth/face' }).hook}>
      <FaceFlow machine={machine} query={inputs.step.query} photo={{ upload: fromCall((input: UploadImageInput, signal: AbortSignal): Promise<unknown> => check.call(input, signal)), compress: fromCall(async ({ file }) => file) }} />
    </Router>,
  );
  return { load, check, hold };
}

describe('the face step in Hindi', () => {
  it('consent, the photo slot and the machine message in Hindi; the server text as sent', async () => {
    await switchLanguage('hi');
    const h = showFace();
    expect(screen.getByRole('heading', { name: 'चेहरे की पहचान' })).toBeTruthy();
    await waitFor(() => h.load.pending());
    await act(async () => h.load.pending().resolve(HOLD));
    expect(screen.getByRole('heading', { name: 'आपकी फ़ोटो लेने से पहले' })).toBeTruthy();
    expect(screen.getByText('जब तक आप खुद न चुनें, कोई फ़ोटो नहीं ली जाती।')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'अभी नहीं' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'मैं सहमत हूँ' }));
    expect(screen.getByRole('group', { name: 'आपके चेहरे की फ़ोटो' })).toBeTruthy();
    expect(screen.getByText('अच्छी रोशनी में कैमरे की ओर देखें; टोपी, मास्क या काला चश्मा न पहनें।')).toBeTruthy();
    // The machine's message, by key, in Hindi.
    await user.click(screen.getByRole('button', { name: 'आगे बढ़ें' }));
    expect(faceError()).toBe('कृपया चेहरे की पहचान के लिए अपनी फ़ोटो अपलोड करें');
    // English again, without a reload: the spec's message verbatim, trailing space included.
    await switchLanguage('en');
    expect(faceError()).toBe('Please Upload Face Recognition ');
    await switchLanguage('hi');

    // A failed living-hold: the server's text as it came.
    await user.upload(screen.getByLabelText(/आपके चेहरे की फ़ोटो: /, { selector: 'input' }), SELFIE);
    await waitFor(() => h.check.pending());
    await act(async () => h.check.pending().resolve({ status: 1 }));
    expect(await screen.findByText('अपलोड हो गया')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'आगे बढ़ें' }));
    await act(async () => h.hold.pending().reject(new Error('Service busy, please try again')));
    expect(faceError()).toBe('Service busy, please try again');
  });
});

describe('the face result page in Hindi', () => {
  it.each([
    [1, 'चेहरे की पहचान सफल रही', 'आगे बढ़ें'],
    [2, 'चेहरे की पहचान नहीं हो सकी', 'फिर से कोशिश करें'],
  ] as const)('status %i', async (status, heading, link) => {
    await switchLanguage('hi');
    const result = fakeCalls<{ status: number }>();
    render(
      <Router hook={memoryLocation({ path: '/auth/callback' }).hook}>
        <FaceResultFlow query={readStepQuery('?pid=7')} load={result.fn} />
      </Router>,
    );
    expect(screen.getByRole('heading', { name: 'चेहरे की पहचान का नतीजा' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('आपका नतीजा आ रहा है…');
    await act(async () => result.pending().resolve({ status }));
    expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
    expect(screen.getByRole('link', { name: link })).toBeTruthy();
  });
});
