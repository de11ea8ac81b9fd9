import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

/**
 * The import direction (docs/architecture.md "Architecture"), each layer knowing only the ones below it:
 *
 *   i18n/                the message catalogues: nothing (pure data); every layer may use it
 *   contract/            valibot only
 *   machines/shared/     xstate; contract types
 *   machines/<flow>/     its own folder and machines/shared; contract types
 *   src/lib/             browser helpers: contract, no machine
 *   src/api/             contract, src/lib
 *   src/ui/              src/lib, machines/shared (pure helpers); no API call
 *   src/flows/           machines, src/api, src/ui, src/lib, src/flows/shared; never src/app
 *   src/app/             everything above (screens only through lazy imports)
 *   server/              contract and machines/shared (pure rules); never src/. Inside, its shell →
 *                        routes/ with the gateway's pages and the middleware → domain/ → the base
 *   model-testing/       the model-testing harness (paths, replay, coverage, edges, labels, the
 *                        flow report): machines and xstate only; tests/, scripts/ and atlas/ import it
 *   atlas/               the flow atlas (npm run flows): machines, their cases, model-testing/ and
 *                        the views' `*.sees.ts`; nothing imports it but scripts/ and tests/
 *   tests/, scripts/     anything
 *
 * `import-x/no-restricted-paths` enforces the zones, `import-x/no-cycle` forbids cycles (dynamic
 * imports included), and `npm test` runs the lint.
 */
const machineFlows = fs
  .readdirSync(new URL('./machines', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'shared')
  .map((d) => d.name);

/**
 * The sandbox's layers, each importing only those below it: its shell (main, app, bootstrap,
 * exposure) → its HTTP side (routes/, the gateway's pages and the middleware) → domain/ (the lender's
 * rules, with the seed) → the base (db, clock, envelope, env, reference data and the other small
 * modules). A new top-level server module is base until it is listed here.
 */
const serverFile = (name) => `./server/src/${name}.ts`;
const serverShell = ['main', 'app', 'bootstrap', 'exposure'].map(serverFile);
const serverMiddleware = ['auth', 'idempotency', 'origins', 'headers', 'compress', 'body-limit', 'static'].map(serverFile);
const serverHttp = ['./server/src/routes', serverFile('gateway'), ...serverMiddleware];
const serverDomain = ['./server/src/domain', serverFile('seed')];
const serverBase = [
  ...fs
    .readdirSync(new URL('./server/src', import.meta.url), { withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.ts'))
    .map((d) => serverFile(d.name.slice(0, -3)))
    .filter((f) => ![...serverShell, ...serverHttp, ...serverDomain].includes(f)),
  './server/src/reference',
];

const zones = [
  { target: './contract', from: '.', except: ['./contract', './node_modules'], message: 'contract/ imports nothing but valibot.' },
  { target: './i18n', from: '.', except: ['./i18n'], message: 'i18n/ is data: it imports nothing outside itself.' },
  { target: './machines', from: ['./src', './tests', './server', './scripts'], message: 'Machines are pure: provide effects at the edge.' },
  { target: './machines/shared', from: './machines', except: ['./shared'], message: 'machines/shared is below every flow.' },
  ...machineFlows.map((flow) => ({
    target: `./machines/${flow}`,
    from: './machines',
    except: [`./${flow}`, './shared'],
    message: 'A machine imports only its own folder and machines/shared: share a rule by moving it to machines/shared.',
  })),
  { target: './src/lib', from: ['./machines', './src/app', './src/flows', './src/ui', './src/api'], message: 'src/lib is below the app: no machine, flow, view or API.' },
  { target: './src/api', from: ['./machines', './src/app', './src/flows', './src/ui'], message: 'src/api knows only the contract and src/lib.' },
  { target: './src/ui', from: ['./src/app', './src/flows', './src/api'], message: 'Shared UI makes no calls and knows no screen.' },
  { target: './src/ui', from: './machines', except: ['./shared'], message: 'Shared UI uses only the pure helpers of machines/shared.' },
  { target: './src/flows', from: './src/app', message: 'Flows do not depend on the app shell: use src/lib and src/flows/shared.' },
  { target: './src', from: ['./tests', './server', './scripts'], message: 'The app does not import tests, the sandbox or scripts.' },
  { target: './server', from: ['./src', './tests', './scripts'], message: 'The sandbox imports only contract/ and pure shared rules.' },
  { target: './server', from: './machines', except: ['./shared'], message: 'The sandbox imports only contract/ and pure shared rules.' },
  { target: [...serverHttp, ...serverDomain, ...serverBase], from: serverShell, message: 'Only the sandbox\'s shell (main, app) puts the routes together: nothing below it imports it.' },
  { target: serverMiddleware, from: ['./server/src/routes', serverFile('gateway')], message: 'Middleware serves every route and imports none.' },
  { target: [...serverDomain, ...serverBase], from: serverHttp, message: 'The sandbox\'s domain and base know no route: move what both need into domain/ (routes → domain → base).' },
  { target: serverBase, from: serverDomain, message: 'The sandbox\'s base (db, clock, envelope, env…) is below domain/: move the shared part down.' },
  { target: './model-testing', from: '.', except: ['./model-testing', './machines', './node_modules'], message: 'The model-testing harness reads machines only: it is a tool that tests, scripts and the atlas share.' },
  { target: ['./src', './machines', './contract', './server', './i18n'], from: './model-testing', message: 'Only tests/, scripts/ and atlas/ use the model-testing harness.' },
  { target: ['./src', './machines', './contract', './server'], from: './atlas', message: 'The flow atlas is a tool: only scripts/ and tests/ import it.' },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', '.e2e', 'flows', 'coverage', '.treemap'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Import direction and cycles.
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    settings: {
      // Node's resolution with TypeScript's extensions (pure JS: no native resolver to install).
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      // Imported files are parsed as TypeScript, so cycles are followed through them.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.tsx', 'atlas/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Machines stay pure (no React, no HTTP, no router), and read the contract's types only.
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['react', 'react-dom', 'react/*', '@xstate/react', 'ky', 'wouter', 'wouter/*'], message: 'Machines are pure: provide effects at the edge.' },
      ] }],
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [
        { group: ['**/contract/*'], message: 'Machines use the contract\'s types only (import type): parsing is the API layer\'s job.', allowTypeImports: true },
      ] }],
    },
  },
  // The contract is valibot schemas and nothing else.
  {
    files: ['contract/**/*.ts'],
    rules: {
      // Relative imports stay inside contract/ (the zones above): the endpoint table's domain modules import their schemas from ../
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!valibot$|\\.\\.?/)', message: 'contract/ imports nothing but valibot.' }] }],
    },
  },
  // Views and shared UI never call the network.
  {
    files: ['src/ui/**/*.{ts,tsx}', 'src/flows/**/*View.tsx', 'src/flows/**/views/**/*.tsx'],
    rules: {
      // Entity types are welcome (import type); the API's functions are not.
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [
        { group: ['ky', '**/api/*', '**/api'], message: 'Views make no HTTP calls: the route component provides actors.', allowTypeImports: true },
      ] }],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Views make no HTTP calls.' }],
    },
  },
  // The server never imports React.
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-dom', 'wouter', 'ky'], message: 'The sandbox server does not depend on the app.' }] }],
    },
  },
);
