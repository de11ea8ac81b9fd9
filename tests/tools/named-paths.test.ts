/**
 * A repository path named in a comment or a doc exists, and a doc's relative link leads to a file
 * (and to a heading of it, when it names one):
 * a reader who follows one never lands on nothing.
 */
import { existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commentsOf, isCode, isDoc, read, repoFiles, root } from './repo-text';

const TOP = ['src', 'machines', 'contract', 'server', 'tests', 'scripts', 'atlas', 'docs', 'i18n', 'public'];
/** A path-like token that starts at a top-level folder (not inside a longer path or a URL). */
const TOKEN = new RegExp(`(?<![\\w./@~-])(?:${TOP.join('|')})/[\\w.\\-/<>*{}…]*`, 'g');
/** `<flow>`, `*`, `{a,b}`, `…`, `NNN`: a pattern, not a path. */
const PATTERN = /[<>*{}…]|NNN/;

/** The part of a token that names a file or a folder: no trailing punctuation, no pattern tail. */
function pathOf(token: string): string | null {
  const clean = token.replace(/[.,:;]+$/, '').replace(/\/+$/, '');
  if (!clean.includes('/')) return null;
  if (!PATTERN.test(clean)) return clean;
  // A pattern names the folders before its first wildcard: those must exist.
  const fixed = clean.slice(0, clean.search(PATTERN)).replace(/\/[^/]*$/, '');
  return fixed.includes('/') || TOP.includes(fixed) ? fixed : null;
}

function exists(path: string, from: string): boolean {
  // A module specifier leaves out the extension.
  if (['', '.ts', '.tsx'].some((ext) => existsSync(join(root, path + ext)))) return true;
  // Inside the sandbox, `src/…` may name its own source folder.
  return from.startsWith('server/') && existsSync(join(root, 'server', path));
}

/** The anchors GitHub gives a Markdown file's headings (outside code blocks). */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of read(file).split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#+ (.*)/.exec(line);
    if (heading) anchors.add(heading[1]!.trim().toLowerCase().replace(/[^\p{L}\p{N}\- _]/gu, '').replace(/ /g, '-'));
  }
  return anchors;
}

interface Miss {
  file: string;
  line: number;
  path: string;
}

function missingIn(file: string): Miss[] {
  const text = read(file);
  const misses: Miss[] = [];
  const pieces = file.endsWith('.md') ? [{ text, line: 1 }] : commentsOf(file, text);
  for (const piece of pieces) {
    for (const m of piece.text.matchAll(TOKEN)) {
      const path = pathOf(m[0]);
      if (path && !exists(path, file)) misses.push({ file, line: piece.line + piece.text.slice(0, m.index).split('\n').length - 1, path });
    }
  }
  if (file.endsWith('.md')) {
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const [target = '', anchor] = m[1]!.split('#');
      if (/^[a-z]+:/i.test(target)) continue;
      const resolved = target ? normalize(join(dirname(file), decodeURIComponent(target))) : file;
      const line = text.slice(0, m.index).split('\n').length;
      if (!existsSync(join(root, resolved))) misses.push({ file, line, path: target });
      else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) misses.push({ file, line, path: `${target}#${anchor}` });
    }
  }
  return misses;
}

describe('paths named in comments and docs', () => {
  const files = repoFiles().filter((f) => isCode(f) || f.endsWith('.css') || isDoc(f));

  it('reads the files it should', () => {
    expect(files).toContain('README.md');
    expect(files.some((f) => f.startsWith('machines/') && f.endsWith('.machine.ts'))).toBe(true);
  });

  it('name files and folders that exist', () => {
    const misses = files.flatMap(missingIn).map((m) => `${m.file}:${m.line} names ${m.path}`);
    expect(misses).toEqual([]);
  });
});
