/**
 * `npx tsx scripts/literals.ts [file or folder ...]`: the literal sentences left in views
 * (tests/support/literals.ts says what counts). Default: every .tsx under src/. Exits non-zero when any.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { literalsIn } from '../tests/support/literals';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const targets = (args.length ? args : ['src']).map((a) => resolve(root, a));
const files = targets.flatMap((t) =>
  statSync(t).isDirectory()
    ? readdirSync(t, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.tsx'))
        .map((f) => join(t, f))
    : [t],
);
let count = 0;
for (const file of files) {
  for (const l of literalsIn(file)) {
    count++;
    console.log(`${relative(root, file)}:${l.line} ${JSON.stringify(l.text)}`);
  }
}
console.log(count ? `\n${count} literal text(s) in views` : 'no literal text in views');
process.exit(count ? 1 : 0);
