/**
 * What the borrower could have seen, frame by frame: every DOM change under document.body records
 * the page's text (and its labels and placeholders), so a test can say that no frame showed English
 * where Hindi was due.
 */
import { loginText } from '../../i18n/en/login';

export function recordFrames(): { frames: string[]; stop: () => void } {
  const frames: string[] = [];
  const snap = () => {
    const labels = [...document.body.querySelectorAll('[aria-label], [placeholder]')].map((el) => `${el.getAttribute('aria-label') ?? ''} ${el.getAttribute('placeholder') ?? ''}`);
    frames.push(`${document.body.textContent ?? ''} ${labels.join(' ')}`.replace(/\s+/g, ' ').trim());
  };
  const observer = new MutationObserver(snap);
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  snap();
  return { frames, stop: () => observer.disconnect() };
}

/** The sign-in screen's English texts (those without placeholders): none may show in a Hindi frame. */
export const LOGIN_ENGLISH: readonly string[] = Object.values(loginText.en).filter((text) => !text.includes('{'));

export const DEVANAGARI = /[\u0900-\u097F]/;
/** The switch names each language in its own script: 'हिन्दी' is no sign of a Hindi frame. */
export const hindiShown = (frame: string) => DEVANAGARI.test(frame.replaceAll('हिन्दी', ''));
export const englishIn = (frame: string) => LOGIN_ENGLISH.filter((text) => frame.includes(text));
