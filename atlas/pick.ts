/** Which exports of a `<name>.machine.ts` module are its machine and its plain sentences (pure: the atlas page uses it too). */
import type { AnyStateMachine } from 'xstate';
import type { MachineSentences } from '../machines/shared/sentences';

export function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'getStateNodeById' in value && 'transition' in value;
}

/** The machine a module exports: the only one, or `<name>Machine`. */
export function pickMachine(mod: Record<string, unknown>, name: string): AnyStateMachine {
  const machines = Object.entries(mod).filter(([, v]) => isMachine(v)) as [string, AnyStateMachine][];
  const camel = name.replace(/[-_.](\w)/g, (_, c: string) => c.toUpperCase());
  const preferred = machines.find(([k]) => k === `${camel}Machine`);
  if (preferred) return preferred[1];
  if (machines.length === 1) return machines[0]![1];
  if (machines.length === 0) throw new Error('exports no machine (export an instance, not only a factory)');
  throw new Error(`exports ${machines.length} machines (${machines.map(([k]) => k).join(', ')}); name one \`${camel}Machine\``);
}

/** What a `machineSentences(...)` export looks like (machines/shared/sentences.ts). */
export function isSentences(value: unknown): value is MachineSentences {
  if (typeof value !== 'object' || value === null || isMachine(value)) return false;
  const { events, guards } = value as Record<string, unknown>;
  return typeof events === 'object' && events !== null && typeof guards === 'object' && guards !== null;
}

/** The plain sentences a module exports: `<name>Sentences`, or the only such export; null when none. */
export function pickSentences(mod: Record<string, unknown>, name: string): MachineSentences | null {
  const camel = name.replace(/[-_.](\w)/g, (_, c: string) => c.toUpperCase());
  const preferred = mod[`${camel}Sentences`];
  if (isSentences(preferred)) return preferred;
  const all = Object.values(mod).filter(isSentences);
  return all.length === 1 ? all[0]! : null;
}
