/**
 * Focus a field and bring it to the middle of the screen, clear of the sticky header and the
 * Submit bar (a plain focus() scrolls it just into view, behind the bar). Used by the basic-info,
 * work-info and contacts screens when the machine asks for attention.
 */
export function focusField(el: HTMLElement | null): void {
  if (!el) return;
  el.focus({ preventScroll: true });
  el.scrollIntoView?.({ block: 'center' });
}
