/**
 * A text area whose text a machine's rules edit (feedback, a complaint): while an input method composes
 * (Hindi transliteration, the word a phone keyboard underlines), the field is the input method's, since
 * rewriting it then breaks the composition. The rules apply to what it commits; until then the field
 * shows what is being composed (`shown`).
 */
import { useRef, useState, type ChangeEvent, type CompositionEvent, type FocusEvent } from 'react';

export interface ComposedText {
  /** What the field shows: the composition in progress, else the machine's text. */
  shown: string;
  /** The text area's handlers. */
  handlers: {
    onCompositionStart: () => void;
    onCompositionEnd: (e: CompositionEvent<HTMLTextAreaElement>) => void;
    onBlur: (e: FocusEvent<HTMLTextAreaElement>) => void;
    onChange: (e: ChangeEvent<HTMLTextAreaElement>) => void;
  };
}

/**
 * `text` is the machine's text; `current` reads it as it is now; `send` hands the machine a committed
 * value and answers where the caret goes (after what the rules kept), or null to leave it.
 */
export function useComposedText(text: string, current: () => string, send: (value: string) => number | null): ComposedText {
  const composing = useRef(false);
  const [composed, setComposed] = useState<string | null>(null);
  const edit = (el: HTMLTextAreaElement) => {
    // A repeated input event (Safari's after compositionend) brings nothing new, and must not clear what the screen says.
    if (el.value === current()) return;
    const caret = send(el.value);
    if (caret !== null) queueMicrotask(() => el.setSelectionRange(caret, caret));
  };
  const committed = (el: HTMLTextAreaElement) => {
    composing.current = false;
    setComposed(null);
    edit(el);
  };
  return {
    shown: composed ?? text,
    handlers: {
      onCompositionStart: () => {
        composing.current = true;
      },
      onCompositionEnd: (e) => committed(e.currentTarget),
      // Leaving the field ends a composition (a dialog closing too), even where no compositionend follows.
      onBlur: (e) => {
        if (composing.current) committed(e.currentTarget);
      },
      onChange: (e) => {
        if (composing.current) setComposed(e.currentTarget.value);
        else edit(e.currentTarget);
      },
    },
  };
}
