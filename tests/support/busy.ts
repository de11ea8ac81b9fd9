/**
 * A tap never seems to do nothing: a button that sends shows it is working in the very render of the
 * tap (spinner, aria-busy, disabled), and a second tap right after it is not a second send (the caller
 * counts the calls).
 */
import { fireEvent } from '@testing-library/react';
import { expect } from 'vitest';

/** Taps `button` (one click, handled synchronously) and expects it busy at once; then taps it again. */
export function tapAndExpectBusy(button: HTMLButtonElement): void {
  fireEvent.click(button);
  expect(button.getAttribute('aria-busy'), `${button.textContent}: aria-busy in the render of the tap`).toBe('true');
  expect(button.disabled, `${button.textContent}: disabled, no second send`).toBe(true);
  expect(button.querySelector('.spinner'), `${button.textContent}: a spinner`).not.toBeNull();
  fireEvent.click(button);
}
