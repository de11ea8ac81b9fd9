/**
 * `npx tsx scripts/check-sees.ts [name ...]`: for each machine, lists its leaf states and checks its
 * `<name>.sees.ts` (atlas/build/sees.ts). Exits non-zero on a problem.
 */
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkSees, leafPaths, loadSees } from '../atlas/build/sees';
import { findMachineFiles, pickMachine, reportNames } from './flows';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const only = new Set(process.argv.slice(2));
const files = findMachineFiles(join(root, 'machines'));
const names = reportNames(files, join(root, 'machines'));
let failed = 0;
for (const file of files) {
  const name = names.get(file)!;
  if (only.size && !only.has(name)) continue;
  const machine = pickMachine((await import(pathToFileURL(file).href)) as Record<string, unknown>, basename(file, '.machine.ts'));
  const loaded = await loadSees(join(root, 'src'), name);
  const problems = loaded ? checkSees(machine, loaded.sees) : [`no src/**/${name}.sees.ts`];
  console.log(`${name}: ${problems.length ? 'PROBLEMS' : 'ok'} (leaves: ${leafPaths(machine).join(', ')})`);
  for (const p of problems) console.log(`  - ${p}`);
  if (problems.length) failed++;
}
process.exit(failed ? 1 : 0);
