import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', '.e2e', 'flows', 'coverage'] },
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
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Layering: machines stay pure (no React, no HTTP, no router, no API module).
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['react', 'react-dom', 'react/*', '@xstate/react', 'ky', 'wouter', 'wouter/*'], message: 'Machines are pure: provide effects at the edge.' },
        { group: ['**/src/**'], message: 'Machines must not import the app (src/): provide effects at the edge.' },
      ] }],
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
  // The server never imports the browser app, except the shared entity schemas.
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/src/app/**', '**/src/flows/**', '**/src/ui/**', 'react', 'react-dom'], message: 'The sandbox server does not depend on the app.' },
      ] }],
    },
  },
);
