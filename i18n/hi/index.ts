/**
 * Every Hindi namespace at once, for the tests and tools only: the app loads each `i18n/hi/<ns>.ts`
 * alone, through its English catalogue (src/lib/language.ts). Each exports its namespace's texts
 * (`Translation<typeof xText>`); the file's name is the namespace. tests/tools/i18n.test.ts checks
 * that every key of every English namespace is here.
 */
import type { Messages, Translations } from '../core';

const modules = import.meta.glob<Record<string, Messages>>(['./*.ts', '!./index.ts', '!./shell.ts'], { eager: true });

export const hindi: Translations = Object.fromEntries(
  Object.entries(modules).map(([file, mod]) => [file.replace(/^\.\//, '').replace(/\.ts$/, ''), Object.values(mod)[0]!]),
);
