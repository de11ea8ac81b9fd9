/** Which export of a `<name>.machine.ts` module is its machine (pure: the atlas page uses it too). */
import type { AnyStateMachine } from 'xstate';

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
