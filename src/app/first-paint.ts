/**
 * The app taking over a prerendered first screen (first paint; scripts/prerender.ts).
 *
 * /login and /download arrive with their first screen already in #root (static markup rendered at
 * build time from the same views). src/main.tsx, before React's first render:
 * - loads the screen the guard will show (the opened route's, or the one a signed-in visitor is sent
 *   on to), so React's first commit is that screen and not the Suspense spinner: React replaces the
 *   static nodes with the same markup in one commit (nothing moves, nothing blinks);
 * - notes what the visitor typed or ticked in the static screen while the JavaScript loaded, and puts
 *   it into the app's fields (by name) right after that commit, as if typed there, with the focus.
 */
import { useLayoutEffect, type ReactNode } from 'react';
import { firstTap } from '../lib/first-tap';
import { preloadScreen, startFirstReads } from './App';
import { guard } from './guard';

/** The path of the screen the first render shows: the opened route's, or where the guard sends the visitor. */
export function firstScreenPath(pathname: string, search: string, signedIn: boolean): string {
  const decision = guard(pathname, search, signedIn);
  return decision.kind === 'render' ? pathname : (decision.to.split(/[?#]/)[0] ?? '/');
}

type Field = HTMLInputElement | HTMLTextAreaElement;

/** The fields of a screen, in document order: the static screen's and React's line up (the same markup). */
const fieldsOf = (root: HTMLElement) => [...root.querySelectorAll<Field>('input, textarea')];
const kindOf = (field: Field) => (field instanceof HTMLInputElement ? `input:${field.type}` : 'textarea');
const isToggle = (field: Field) => field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

interface Typed {
  index: number;
  kind: string;
  /** The text typed, or null for a box ticked or unticked. */
  value: string | null;
}

/** What the visitor changed in the static screen's fields (read from those nodes, even once React has replaced them). */
function readTyped(fields: readonly Field[]): Typed[] {
  const typed: Typed[] = [];
  fields.forEach((field, index) => {
    if (isToggle(field)) {
      const box = field as HTMLInputElement;
      if (box.checked !== box.defaultChecked) typed.push({ index, kind: kindOf(field), value: null });
    } else if (field.value !== field.defaultValue) typed.push({ index, kind: kindOf(field), value: field.value });
  });
  return typed;
}

/** Sets a React-controlled field's value the way typing does (React listens to the input event). */
function typeInto(field: Field, value: string) {
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Call before the first render; returns what to call right after React's first commit (once; it does
 * nothing when #root held no prerendered screen).
 */
export async function beforeFirstRender(root: HTMLElement, signedIn: boolean): Promise<() => void> {
  const first = firstScreenPath(window.location.pathname, window.location.search, signedIn);
  startFirstReads(first);
  await preloadScreen(first);
  // The static fields are kept, and read only once React has committed: React renders in a transition,
  // so the visitor may type until the very commit, and a replaced node keeps its value. The focus is
  // followed meanwhile, as the commit takes it away with the node.
  const staticFields = root.firstChild ? fieldsOf(root) : [];
  let focused = staticFields.findIndex((field) => field === document.activeElement);
  const follow = (event: FocusEvent) => {
    const at = staticFields.indexOf(event.target as Field);
    if (at >= 0) focused = at;
  };
  root.addEventListener('focusin', follow);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    root.removeEventListener('focusin', follow);
    const typed = readTyped(staticFields);
    // From here on the buttons are the app's. A tap noted on the static screen (the boot script) is acted on
    // right after what was typed has reached the app's state (the machines take events at once): a sending
    // button's view acts on it itself (src/lib/first-tap.ts: its first render already showed it busy); any
    // other button is clicked again at the same place.
    const tapped = root.dataset.pendingTap;
    const tappedName = tapped === undefined ? null : (root.dataset.pendingTapName ?? null);
    root.dataset.takenOver = '1';
    delete root.dataset.pendingTap;
    delete root.dataset.pendingTapName;
    const fields = fieldsOf(root);
    const same = (index: number, kind: string) => {
      const field = fields[index];
      return field && kindOf(field) === kind && !field.readOnly && !field.disabled ? field : undefined;
    };
    for (const t of typed) {
      const field = same(t.index, t.kind);
      if (!field) continue;
      if (t.value === null) field.click();
      else typeInto(field, t.value);
    }
    if (focused >= 0) fields[focused]?.focus();
    if (tappedName !== null && !firstTap.replay(tappedName)) {
      // The same button: named by data-sends (the borrower's language may differ from the static
      // screen's English), else by its text.
      const button = root.querySelectorAll('button')[Number(tapped)];
      if (button && !button.disabled && (button.dataset.sends ?? button.textContent) === tappedName) button.click();
    }
  };
}

/** Calls `then` once React has committed its first screen (before the browser paints it). */
export function FirstCommit({ then, children }: { then: () => void; children: ReactNode }) {
  useLayoutEffect(() => then(), [then]);
  return children;
}
