/**
 * "What the borrower sees" in each leaf state of a machine: `<name>.sees.ts` beside the views that
 * render it (src/flows/**), exporting `sees`: one sentence per leaf state (atomic or final), keyed by
 * its path below the root joined by '.'. The atlas shows it when a state is clicked.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

export type Sees = Readonly<Record<string, string>>;

/** Leaf states (atomic, final; history nodes are not states one is in) by path joined by '.'. */
export function leafPaths(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states)) {
      if (child.type === 'history') continue;
      if (Object.keys(child.states).length === 0) out.push(child.path.join('.'));
      else walk(child);
    }
  };
  walk(machine.root);
  return out;
}

/** src/**\/<name>.sees.ts, or null. */
export function findSeesFile(srcDir: string, name: string): string | null {
  if (!existsSync(srcDir)) return null;
  const hit = readdirSync(srcDir, { recursive: true, encoding: 'utf8' }).find((f) => f.replace(/\\/g, '/').split('/').pop() === `${name}.sees.ts`);
  return hit ? join(srcDir, hit) : null;
}

export async function loadSees(srcDir: string, name: string): Promise<{ file: string; sees: Sees } | null> {
  const file = findSeesFile(srcDir, name);
  if (!file) return null;
  const mod = (await import(pathToFileURL(file).href)) as { sees?: unknown };
  if (typeof mod.sees !== 'object' || mod.sees === null) throw new Error(`${relative(process.cwd(), file)} does not export \`sees\``);
  return { file, sees: mod.sees as Sees };
}

/** Problems: leaves without a sentence, keys that name no leaf, empty sentences. */
export function checkSees(machine: AnyStateMachine, sees: Sees): string[] {
  const leaves = leafPaths(machine);
  const problems: string[] = [];
  for (const leaf of leaves) if (!(leaf in sees)) problems.push(`no sentence for leaf state '${leaf}'`);
  for (const [key, text] of Object.entries(sees)) {
    if (!leaves.includes(key)) problems.push(`'${key}' is not a leaf state of '${machine.id}'`);
    else if (!text.trim()) problems.push(`empty sentence for '${key}'`);
  }
  return problems;
}
