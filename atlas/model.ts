/**
 * The flow atlas's data: what `npm run flows` (atlas/build) extracts from each machine and lays out
 * with elkjs, and what the atlas page (atlas/app) draws and steps through. Written once here; the
 * builder writes it as `flows/atlas/data/<name>.js` (a classic script, so the atlas also opens from
 * disk) and the page reads it from `window.__atlasData`.
 *
 * Ids: a state is named by its xstate node id ('login.form.codeRequest.idle'); an edge by its
 * label from model-testing/edges.ts machineEdges() ('login.a —event [guard]→ login.b'), which the
 * page computes again from the same machine, so data and machine cannot disagree silently.
 */

/** The journeys the index groups machines by (atlas/catalogue.ts). */
export type JourneyId = 'sign-in' | 'verification' | 'application' | 'orders' | 'extension' | 'scheduling' | 'shell' | 'shared';

export interface Journey {
  id: JourneyId;
  title: string;
  blurb: string;
}

/** A route that renders the machine. */
export interface Screen {
  path: string;
  title: string;
}

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

/** A line drawn inside a state's box, under its name. */
export interface BoxLine {
  kind: 'invoke' | 'stay' | 'tags';
  text: string;
  /** For 'stay': the label of the targetless edge it stands for (highlighted when taken). */
  edge?: string;
}

export interface AtlasState {
  id: string;
  key: string;
  /** The path below the root, e.g. ['form', 'codeRequest', 'idle']. */
  path: string[];
  parent: string | null;
  kind: StateKind;
  initial: boolean;
  description: string | null;
  tags: string[];
  /** The rules its meta says it enforces (machines/shared/rules.ts), by id. */
  rules: string[];
  /** What the borrower sees in this state (leaves; `<machine>.sees.ts` beside the views), or null. */
  sees: string | null;
  invokes: { id: string; src: string; call: string }[];
  lines: BoxLine[];
}

export interface AtlasEdge {
  label: string;
  source: string;
  target: string;
  /** 'code.requested', 'sendCode done', 'after resendCooldown', 'always'. */
  event: string;
  guard: string | null;
  /** The code name, shown on hover and in the state's details: event, guard and, for a delay, its duration. */
  text: string;
  /** What is drawn: the event's plain sentence and the guard's (atlas/build/sentences.ts). */
  sentence: string;
  description: string | null;
  targetless: boolean;
  /** Steps of the generated paths that take it; 0 is an uncovered transition (drawn red). */
  covered: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface Box extends Point {
  width: number;
  height: number;
}

export interface Layout {
  width: number;
  height: number;
  /** Every state, the machine's root included, by id, in the page's coordinates. */
  nodes: Record<string, Box & { header: number }>;
  /** Every edge with a target (targetless ones are box lines), by label. */
  edges: Record<string, { points: Point[]; label: Box | null }>;
}

/** One case of the cases module, by its index in `cases`. */
export interface AtlasCase {
  index: number;
  type: string;
  /**
   * 'phone.changed "9876543210"', 'sendCode done', 'sendCode error "SMS limit"', 'after resendCooldown';
   * among cases of one type, what tells them apart: 'loadOrder done · state: 11'.
   */
  label: string;
  /** The whole payload (output, error or fields) as JSON, for a tooltip; '' when there is none. */
  detail: string;
  kind: 'event' | 'done' | 'error' | 'delay';
}

export interface AtlasPath {
  id: number;
  input: string;
  title: string;
  /** Indices into `cases`, in order, after the start. */
  steps: number[];
  final: string;
}

export interface AtlasMachine {
  name: string;
  machineId: string;
  journey: JourneyId;
  description: string;
  /** Repository-relative; copied under flows/source/ so the link works offline. */
  sourceFile: string;
  casesFile: string;
  /** flows/<name>.mmd and flows/<name>.md, beside the atlas. */
  mermaidFile: string;
  reportFile: string;
  /** The machine's source and its Mermaid diagram, shown in the page (so they open offline too). */
  source: string;
  mermaid: string;
  screens: Screen[];
  counts: { states: number; transitions: number };
  coverage: { covered: number; total: number; missing: string[] };
  /** Actor name → the call it makes (the first sentence of its JSDoc in `setup`). */
  actors: Record<string, string>;
  /** Delay name → its duration ('60 s', or the `@duration` of its JSDoc). */
  delays: Record<string, string>;
  /** The root first, then every state in document order. */
  states: AtlasState[];
  edges: AtlasEdge[];
  layout: Layout;
  inputs: string[];
  cases: AtlasCase[];
  paths: AtlasPath[];
}

/** The index: every machine without its layout and paths. */
export interface AtlasSummary {
  name: string;
  machineId: string;
  journey: JourneyId;
  description: string;
  counts: { states: number; transitions: number };
  coverage: { covered: number; total: number; missing: string[] };
  screens: Screen[];
  paths: number;
}

export interface AtlasIndex {
  generatedAt: string;
  journeys: Journey[];
  machines: AtlasSummary[];
}

/** Where a rule comes from, as the Rules page prints it. */
export interface AtlasRuleSource {
  circular: string;
  /** 'YYYY-MM-DD'. */
  date: string;
  reference: string | null;
  where: string;
  /** False: `where` is a section's title; its paragraph number was not confirmed from the text. */
  confirmed: boolean;
}

/** One rule on the Rules page (atlas/build/rules.ts): its source, where it is enforced, the proof's part. */
export interface AtlasRule {
  id: string;
  name: string;
  summary: string;
  sources: AtlasRuleSource[];
  /** The states whose meta names it, found in the machines (not listed by hand). */
  states: { machine: string; state: string; path: string; description: string | null }[];
  /** Views and server modules that hold it outside the machines. */
  heldIn: { file: string; what: string }[];
  /** The proof's checks of this rule (a money call it guards, the reminders), with their result. */
  checks: { text: string; holds: boolean; gaps: string[] }[];
}

/** The Rules page's data (flows/atlas/data/rules.js). */
export interface AtlasRules {
  generatedAt: string;
  /** Every check of the proof holds. */
  ok: boolean;
  rules: AtlasRule[];
}
