/**
 * The Hindi catalogue: every namespace of i18n/en, in one chunk the app loads when the borrower
 * chooses Hindi (src/lib/language.ts). Each `i18n/hi/<ns>.ts` exports its namespace's texts
 * (`Translation<typeof xText>`); the file's name is the namespace. tests/tools/i18n.test.ts checks
 * that every key of every English namespace is here.
 */
import type { Messages, Translations } from '../core';

const modules = import.meta.glob<Record<string, Messages>>(['./*.ts', '!./index.ts'], { eager: true });

export const hindi: Translations = Object.fromEntries(
  Object.entries(modules).map(([file, mod]) => [file.replace(/^\.\//, '').replace(/\.ts$/, ''), Object.values(mod)[0]!]),
);
