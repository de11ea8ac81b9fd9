/**
 * File headers say in a few lines what a file is for; a machine's chart, with its state descriptions,
 * is its documentation, so its header is shorter still. No comment or doc speaks of issue numbers:
 * a rule is told as the rule the code follows, not by the change that brought it.
 */
import { describe, expect, it } from 'vitest';
import { commentsOf, headerOf, isCode, isDoc, read, repoFiles } from './repo-text';

const MAX_HEADER = 14;
const MAX_MACHINE_HEADER = 8;
/** A machine file reads in one sitting; a bigger chart moves a part to a sibling module (docs/architecture.md). */
const MAX_MACHINE_LINES = 450;
/** The word issue with a number after it, with or without "#", and a "#" number in brackets ("issues 256-bit" is a verb). */
const ISSUE = /\bissues? #?\d+(?![\w-])|\(#\d+\)/i;

describe('file headers', () => {
  const code = repoFiles().filter((f) => /\.(ts|tsx)$/.test(f));

  it('are at most 14 lines, and at most 8 for a machine', () => {
    const long = code.flatMap((file) => {
      const lines = headerOf(read(file)).split('\n').length;
      const max = file.endsWith('.machine.ts') ? MAX_MACHINE_HEADER : MAX_HEADER;
      return lines > max ? [`${file}: ${lines} lines (at most ${max})`] : [];
    });
    expect(long).toEqual([]);
  });

  it('belong to machine files of at most 450 lines', () => {
    const long = code.filter((f) => f.endsWith('.machine.ts')).flatMap((file) => {
      const lines = read(file).split('\n').length;
      return lines > MAX_MACHINE_LINES ? [`${file}: ${lines} lines (at most ${MAX_MACHINE_LINES})`] : [];
    });
    expect(long).toEqual([]);
  });
});

describe('issue numbers', () => {
  it('appear in no comment, test name or doc', () => {
    const files = repoFiles().filter((f) => isCode(f) || f.endsWith('.css') || isDoc(f));
    const found = files.flatMap((file) => {
      const text = read(file);
      // A test's name is a string, so code files are read whole; a doc is all text anyway.
      const pieces = isCode(file) || file.endsWith('.md') ? [{ text, line: 1 }] : commentsOf(file, text);
      return pieces.flatMap((piece) =>
        piece.text.split('\n').flatMap((line, i) => (ISSUE.test(line) ? [`${file}:${piece.line + i}: ${line.trim().slice(0, 100)}`] : [])),
      );
    });
    expect(found).toEqual([]);
  });
});
