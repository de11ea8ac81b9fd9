/**
 * The machines and their cases, bundled into the page from machines/** (the same modules the app
 * and the tests import), found by the repository-relative file the atlas data names.
 */
import type { AnyStateMachine, EventObject } from 'xstate';
import type { CasesModule } from '../../machines/shared/cases';
import { pickMachine } from '../pick';

const machineModules = import.meta.glob<Record<string, unknown>>('../../machines/**/*.machine.ts', { eager: true });
const casesModules = import.meta.glob<Partial<CasesModule<AnyStateMachine>>>('../../machines/**/*.cases.ts', { eager: true });

export interface Runtime {
  machine: AnyStateMachine;
  cases: readonly EventObject[];
  inputs: Readonly<Record<string, unknown>>;
}

export function runtimeFor(sourceFile: string, casesFile: string): Runtime {
  const mod = machineModules[`../../${sourceFile}`];
  const casesMod = casesModules[`../../${casesFile}`];
  if (!mod || !casesMod?.cases) throw new Error(`The page was built without ${mod ? casesFile : sourceFile}: run npm run flows again.`);
  const name = sourceFile.replace(/^.*\//, '').replace(/\.machine\.ts$/, '');
  return {
    machine: pickMachine(mod, name),
    cases: casesMod.cases as readonly EventObject[],
    inputs: casesMod.inputs ?? { default: undefined },
  };
}
