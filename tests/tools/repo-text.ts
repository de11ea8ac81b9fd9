/**
 * The repository's own text, for the tests that hold the docs and comments to the code: which files
 * there are, and the comments of a source file (read with TypeScript's scanner, so a `//` inside a
 * string or a URL is never taken for one).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export const root = join(import.meta.dirname, '../..');

/** Generated or vendored folders: not written by hand, so not held to these rules. */
const SKIP = /^(node_modules|dist|flows|\.e2e|data|coverage)\//;

/** Every file git knows or would add, relative to the root. */
export function repoFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' });
  return [...new Set(out.split('\0'))].filter((f) => f && !SKIP.test(f)).sort();
}

export const read = (file: string) => readFileSync(join(root, file), 'utf8');

export const isCode = (file: string) => /\.(ts|tsx|js|mjs)$/.test(file);

/** The docs a reader opens: every Markdown file but the ones the scripts write. */
export const isDoc = (file: string) => file.endsWith('.md') && !file.startsWith('docs/measured/');

export interface Comment {
  text: string;
  /** 1-based line of the comment's start. */
  line: number;
}

/** The comments of a .ts/.tsx/.js/.mjs file, or of a .css file. */
export function commentsOf(file: string, text = read(file)): Comment[] {
  const lineAt = (pos: number) => text.slice(0, pos).split('\n').length;
  if (file.endsWith('.css')) return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({ text: m[0], line: lineAt(m.index) }));
  const variant = /\.(tsx|jsx)$/.test(file) ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard;
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, variant, text);
  const out: Comment[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia) {
      out.push({ text: scanner.getTokenText(), line: lineAt(scanner.getTokenStart()) });
    }
  }
  return out;
}

/** A file's header: its leading comment block (one block comment, or a run of `//` lines). */
export function headerOf(text: string): string {
  const body = text.replace(/^#![^\n]*\n/, '');
  const block = /^\s*\/\*[\s\S]*?\*\//.exec(body);
  if (block) return block[0].trim();
  const lines = /^(\s*\/\/[^\n]*\n?)+/.exec(body);
  return lines ? lines[0].trim() : '';
}
