/**
 * The JSDoc of the implementations a machine declares in `setup({ actors, delays, guards, actions })`,
 * read from its source with the TypeScript compiler: the atlas names an invoke by the call its
 * actor's comment gives ('GET /sms/v1/sendCode?phone=91{phone10}.') and a delay by its duration
 * (a number of ms, or the `@duration` tag of its comment).
 */
import ts from 'typescript';

export interface SetupDoc {
  text: string;
  /** JSDoc tags by name, e.g. { duration: '5 s, 10 s, 20 s, 40 s, then every 60 s' }. */
  tags: Record<string, string>;
}

export type SetupDocs = Record<'actors' | 'delays' | 'guards' | 'actions', Record<string, SetupDoc>>;

const commentText = (comment: string | ts.NodeArray<ts.JSDocComment> | undefined): string =>
  comment === undefined ? '' : typeof comment === 'string' ? comment : comment.map((c) => c.text).join('');

function docOf(node: ts.Node): SetupDoc | null {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  if (!docs.length) return null;
  const doc = docs[docs.length - 1]!;
  const tags: Record<string, string> = {};
  for (const tag of doc.tags ?? []) tags[tag.tagName.text] = commentText(tag.comment).trim();
  return { text: commentText(doc.comment).replace(/\s+/g, ' ').trim(), tags };
}

/** Every `setup({...})` call of the file, its four implementation groups merged. */
export function setupDocs(fileName: string, source: string): SetupDocs {
  const out: SetupDocs = { actors: {}, delays: {}, guards: {}, actions: {} };
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'setup') {
      const arg = node.arguments[0];
      if (arg && ts.isObjectLiteralExpression(arg)) {
        for (const group of arg.properties) {
          if (!ts.isPropertyAssignment(group) || !group.name || !ts.isIdentifier(group.name)) continue;
          const kind = group.name.text;
          if (!(kind in out) || !ts.isObjectLiteralExpression(group.initializer)) continue;
          for (const prop of group.initializer.properties) {
            const name = prop.name && (ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name)) ? prop.name.text : null;
            if (!name) continue;
            const doc = docOf(prop);
            if (doc) out[kind as keyof SetupDocs][name] = doc;
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/** '60 s', '1.5 s', '24 h', '3 min'. */
export function formatDuration(ms: number): string {
  if (ms % 3_600_000 === 0 && ms >= 3_600_000) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0 && ms >= 120_000) return `${ms / 60_000} min`;
  if (ms >= 1000) return `${Number((ms / 1000).toFixed(2))} s`;
  return `${ms} ms`;
}

/** The first sentence of a comment (up to the first '. ' or the end). */
export function firstSentence(text: string): string {
  const m = /^(.+?[.!?])(\s|$)/.exec(text);
  return (m ? m[1]! : text).trim();
}
