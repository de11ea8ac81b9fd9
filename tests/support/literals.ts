/**
 * Literal sentences in views: text a .tsx file under src/ writes itself instead of taking
 * it from a catalogue (i18n/). Found with the TypeScript compiler:
 * - JSX text with a word in it ('Log in', 'Resend in {n}s' written out);
 * - a string literal (or template without values) as a JSX child: {'Send code'};
 * - a string literal in a text attribute: label="Mobile number", aria-label, title, placeholder, alt…
 * Symbols, numbers, '₹', '·' and single letters are not sentences.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';

export const TEXT_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label', 'hint', 'heading', 'text', 'message', 'confirmLabel', 'cancelLabel', 'description', 'caption', 'subtitle', 'fallbackText', 'emptyText', 'actionLabel']);

/** Two letters in a row, Latin or Devanagari (a sentence, not a symbol). */
const WORDY = /(?:[A-Za-z]|\p{Script=Devanagari}){2,}/u;

export interface Literal {
  file: string;
  line: number;
  text: string;
}

export function literalsIn(file: string, source = readFileSync(file, 'utf8')): Literal[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out: Literal[] = [];
  const add = (node: ts.Node, text: string) => out.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: text.trim() });
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && WORDY.test(node.text)) add(node, node.text);
    if (ts.isJsxAttribute(node) && node.initializer && TEXT_ATTRIBUTES.has(node.name.getText())) {
      const init = node.initializer;
      if (ts.isStringLiteral(init) && WORDY.test(init.text)) add(node, init.text);
      if (ts.isJsxExpression(init) && init.expression && (ts.isStringLiteral(init.expression) || ts.isNoSubstitutionTemplateLiteral(init.expression)) && WORDY.test(init.expression.text)) add(node, init.expression.text);
    }
    if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)) && node.expression) {
      const e = node.expression;
      if ((ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) && WORDY.test(e.text)) add(node, e.text);
      if (ts.isTemplateExpression(e) && WORDY.test(e.head.text + e.templateSpans.map((s) => s.literal.text).join(''))) add(node, e.getText());
      if (ts.isConditionalExpression(e)) {
        for (const branch of [e.whenTrue, e.whenFalse]) if ((ts.isStringLiteral(branch) || ts.isNoSubstitutionTemplateLiteral(branch)) && WORDY.test(branch.text)) add(branch, branch.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}
