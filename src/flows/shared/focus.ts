/**
 * Focus a field and bring it, with its label and message, to the middle of the screen, clear of the
 * sticky header and the Submit bar (a plain focus() scrolls it just into view, behind the bar or a
 * toast). Used by every form screen (verification steps, add bank account) when a problem is flagged.
 */
export function focusField(el: HTMLElement | null): void {
  if (!el) return;
  el.focus({ preventScroll: true });
  // The field's frame (a text field, a dropdown, an image slot), else the control itself.
  const frame = el.closest('.field, .image-upload') ?? el;
  frame.scrollIntoView?.({ block: 'center' });
}
