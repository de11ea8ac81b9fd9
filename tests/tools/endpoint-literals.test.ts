/**
 * The endpoint table (contract/endpoints/index.ts) is the one place a call's path is written. This reads
 * every string, template and regular-expression literal of the app, the machines, the scripts, the
 * sandbox and the atlas, and fails on an /api1 path or a path of the table found there. A call's name
 * ("POST /order/v1/apply", how a rule names a call) may be written, and must name a call of the table.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { API_BASE, callName, ENDPOINT_LIST, ENDPOINTS, ENDPOINTS_BY_DOMAIN, routePattern } from '../../contract/endpoints';
import { BEYOND_SPEC } from '../../contract/beyond-spec';
import { MONEY_CALLS } from '../../machines/shared/rules';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['src', 'machines', 'scripts', 'server/src', 'atlas'];
const CODE = /\.(ts|tsx|js|mjs|cjs)$/;

function files(dir: string): string[] {
  const full = path.join(ROOT, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((d) => {
    const rel = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'node_modules' ? [] : files(rel);
    return CODE.test(d.name) && !d.name.endsWith('.d.ts') ? [rel] : [];
  });
}

/** Every literal's text in a file (comments are not literals: a comment may name a path). */
function literals(file: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { text: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isRegularExpressionLiteral(node)) {
      const text = ts.isRegularExpressionLiteral(node) ? node.text.replace(/\\\//g, '/') : node.text;
      found.push({ text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PATHS: ReadonlySet<string> = new Set(ENDPOINT_LIST.filter((e) => !e.path.includes('{')).map((e) => e.path));
const PARAM_PREFIXES = ENDPOINT_LIST.filter((e) => e.path.includes('{')).map((e) => e.path.slice(0, e.path.indexOf('{')));
const apiBase = new RegExp(`(?:^|[^A-Za-z0-9_])${escape(API_BASE.slice(1))}(?:/|$|[)|])`);
/** "GET /path" or "POST /path": a call's name. */
const CALL_NAME = /^(GET|POST) (\/[A-Za-z0-9/_{}-]+)$/;
const NAMES: ReadonlySet<string> = new Set(ENDPOINT_LIST.map(callName));

/**
 * Why a literal may not be written outside the table, or null. A literal that is an address (a path
 * of the table, with or without the base, its leading slash or a query) is refused; a sentence that
 * mentions a call (a state's description) is documentation, like a comment.
 */
function offences(text: string): string | null {
  const t = text.trim();
  const name = CALL_NAME.exec(t);
  if (name) return NAMES.has(t) ? null : `names a call the table does not have: ${t}`;
  if (apiBase.test(t)) return `an ${API_BASE} path: ${t}`;
  if (/\s/.test(t)) return null;
  const address = `/${t.replace(/^\//, '').replace(/[?#].*$/, '')}`;
  if (PATHS.has(address) || PATHS.has(address.replace(/\/$/, ''))) return `a path of the table: ${t}`;
  if (PARAM_PREFIXES.some((prefix) => address.startsWith(prefix))) return `a path of the table: ${t}`;
  return null;
}

describe('no /api1 path outside the endpoint table', () => {
  for (const dir of SCANNED) {
    it(`${dir}/ names no path of the table and no ${API_BASE} path`, () => {
      const found = files(dir).flatMap((file) =>
        literals(file).flatMap(({ text, line }) => {
          const why = offences(text);
          return why ? [`${file}:${line}: ${why}`] : [];
        }),
      );
      expect(found).toEqual([]);
    });
  }

  it('the check itself finds what it must, and lets a sentence or another address be', () => {
    expect(offences('/api1/home/v1/index')).not.toBeNull();
    expect(offences('api1/anything')).not.toBeNull();
    expect(offences('home/v1/index')).not.toBeNull();
    expect(offences('/order/v1/list?x=1')).not.toBeNull();
    expect(offences('map-state/v1/district/')).not.toBeNull();
    expect(offences('POST /order/v1/apply')).toBeNull();
    expect(offences('POST /order/v1/nothing')).not.toBeNull();
    expect(offences('GET /order/v1/detail again.')).toBeNull();
    expect(offences('/orders/7/detail')).toBeNull();
    expect(offences('Could not load your orders.')).toBeNull();
  });
});

describe('the endpoint table', () => {
  it('has one entry per method and path, and one name per entry across the domains', () => {
    const keys = ENDPOINT_LIST.map(callName);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    const names = Object.values(ENDPOINTS_BY_DOMAIN).flatMap((calls) => Object.keys(calls));
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect(Object.keys(ENDPOINTS).sort()).toEqual([...names].sort());
  });

  it('gives every entry a path under the base as the spec writes it, and schemas that exist', () => {
    const isSchema = (s: unknown) => typeof s === 'object' && s !== null && (s as { kind?: unknown }).kind === 'schema';
    for (const e of ENDPOINT_LIST) {
      expect(e.path, e.name).toMatch(/^\/[A-Za-z0-9/_{}-]+$/);
      expect(e.path.startsWith(`${API_BASE}/`), e.name).toBe(false);
      expect(isSchema(e.answer), `${e.name}: answer`).toBe(true);
      if (e.body !== undefined) expect(isSchema(e.body), `${e.name}: body`).toBe(true);
      if (e.query !== undefined) expect(isSchema(e.query), `${e.name}: query`).toBe(true);
      for (const [param, schema] of Object.entries(e.params ?? {})) {
        expect(e.path, e.name).toContain(`{${param}}`);
        expect(isSchema(schema), `${e.name}: ${param}`).toBe(true);
      }
      expect(routePattern(e).includes('{'), e.name).toBe(false);
      if (e.method === 'GET') expect(e.body, `${e.name}: a GET has no body`).toBeUndefined();
      else expect(e.query, `${e.name}: a POST has no query`).toBeUndefined();
    }
  });

  it("reads a query's numbers and texts as the app sends them", () => {
    // The app sends query values as texts or numbers: a query schema accepts either where it asks for an id.
    expect(v.safeParse(ENDPOINTS.orderDetail.query, { orderId: '12' }).success).toBe(true);
    expect(v.safeParse(ENDPOINTS.productInfo.query, { id: '3' }).success).toBe(true);
  });

  it('marks as beyond the spec exactly the calls the app makes through offered, and the ones only others make', () => {
    const beyond = ENDPOINT_LIST.filter((e) => e.beyondSpec);
    const madeByOthers = beyond.filter((e) => e.caller !== undefined).map((e) => e.name);
    expect(beyond.filter((e) => e.caller === undefined).map(callName).sort()).toEqual(Object.values(BEYOND_SPEC).map(callName).sort());
    expect(madeByOthers.sort()).toEqual(['paymentCallback', 'uploadedFile']);
  });

  it('knows every money call the rules prove, as moving money and carrying the intent key', () => {
    for (const money of MONEY_CALLS) {
      const entry = ENDPOINT_LIST.find((e) => callName(e) === money.call);
      expect(entry, money.call).toBeDefined();
      expect(entry?.money, money.call).toBe(true);
      expect(entry?.intent, money.call).toBe(true);
    }
  });
});
