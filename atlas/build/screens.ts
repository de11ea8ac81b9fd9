/**
 * The screens that render each machine: for every route of the route table (src/app/routes.ts),
 * the machine modules its screen module reaches through relative imports (static and dynamic)
 * inside src/. A machine reached from a route's screen is rendered on that route.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { Screen } from '../model';

/**
 * Relative imports that load a module at run time: `import … from`, `import '…'`, `export … from`,
 * `import('…')`. Type-only imports (`import type`, `export type`) render nothing and are skipped.
 */
const IMPORT = /(?:^|[;\n])\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?'(\.{1,2}\/[^']+)'|import\s*\(\s*'(\.{1,2}\/[^']+)'\s*\)/g;

function resolveModule(fromFile: string, spec: string): string | null {
  const base = resolve(dirname(fromFile), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** Repository-relative machine files (machines/**\/*.machine.ts) reached from `entry`. */
export function machinesReached(root: string, entry: string): Set<string> {
  const srcDir = join(root, 'src');
  const seen = new Set<string>();
  const found = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const target = resolveModule(file, (m[1] ?? m[2])!);
      if (!target) continue;
      const rel = relative(root, target).replace(/\\/g, '/');
      if (/^machines\/.+\.machine\.ts$/.test(rel)) found.add(rel);
      else if (target.startsWith(srcDir)) stack.push(target);
    }
  }
  return found;
}

export interface RouteEntry {
  path: string;
  title: string;
}

/**
 * Machine file → the routes whose screens render it. `routes` is the route table in order; its
 * screen modules are read from the `import('…')` calls of src/app/routes.ts in the same order.
 */
export function screensByMachine(root: string, routes: readonly RouteEntry[]): Map<string, Screen[]> {
  const routesFile = join(root, 'src/app/routes.ts');
  const imports = [...readFileSync(routesFile, 'utf8').matchAll(/screen:\s*\(\)\s*=>\s*import\('([^']+)'\)/g)].map((m) => m[1]!);
  if (imports.length !== routes.length) {
    throw new Error(`src/app/routes.ts: ${routes.length} routes but ${imports.length} screen imports; the atlas reads them in order`);
  }
  const out = new Map<string, Screen[]>();
  routes.forEach((route, i) => {
    const entry = resolveModule(routesFile, imports[i]!);
    if (!entry) throw new Error(`src/app/routes.ts: cannot resolve the screen of ${route.path} (${imports[i]})`);
    for (const machine of machinesReached(root, entry)) {
      const list = out.get(machine) ?? [];
      if (!list.some((s) => s.path === route.path)) list.push({ path: route.path, title: route.title });
      out.set(machine, list);
    }
  });
  return out;
}
