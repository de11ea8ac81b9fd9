/**
 * Plain sentences for a machine's events and guards, for the people who read the charts: product
 * owners and QA see "The borrower types the phone", with the code name `phone.changed` on hover.
 * Each `<name>.machine.ts` exports `<name>Sentences` (camel-cased, like `<name>Machine`); the atlas
 * shows them, and its test fails on an event or guard of the chart that has none.
 */
import type { EventObject } from 'xstate';

export interface MachineSentences {
  /** By event type, written as what happens: "The borrower types the phone". */
  readonly events: Readonly<Record<string, string>>;
  /** By guard name, written as what holds: "The phone and code are complete and the agreement is ticked". */
  readonly guards: Readonly<Record<string, string>>;
}

/**
 * Every event type of E must have its sentence (the type checks it); guards are checked by the atlas test.
 * Pure, so the bundler drops the sentences from the app, which never reads them.
 */
/* @__NO_SIDE_EFFECTS__ */
export function machineSentences<E extends EventObject>(sentences: {
  events: { readonly [K in E['type']]: string };
  guards: Readonly<Record<string, string>>;
}): MachineSentences {
  return sentences;
}
