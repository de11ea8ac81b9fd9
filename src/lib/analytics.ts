/**
 * Analytics (spec §7 POST /burying-point/v2/burying-point): page views by route pattern and the
 * borrower's key actions, with no personal data (`sanitizeEvent` drops what looks like one). Events
 * are queued and sent by beacon, anonymous; a withdrawn consent to device information stops them.
 * Nothing is sent before `start(transport)`, so tests and tools that import a screen send nothing.
 * The rules: docs/journeys/feedback-and-analytics.md.
 */
import type { BuryingPoint } from '../../contract/analytics';
import { localConsents } from './consents';

/** The project names (spec §9: 'Analytics uses project names for the app-store review and the rating page'). */
export const PROJECT_NAMES = {
  /** Every page of the app. */
  app: 'borrower-h5',
  /** /orders/audit: the audit page whose To Evaluate opens the app-store review. */
  appStoreReview: 'app-store-review',
  /** /rate: the rating prompt (Evaluate Us / Cancel). */
  ratingPage: 'rating-page',
} as const;

/** The project of a page: by its route pattern. */
export function projectFor(pageName: string): string {
  if (pageName === '/orders/audit') return PROJECT_NAMES.appStoreReview;
  if (pageName === '/rate') return PROJECT_NAMES.ratingPage;
  return PROJECT_NAMES.app;
}

export const FLUSH_EVERY_MS = 10_000;
export const FLUSH_AT = 20;
/** At most this many events wait; the oldest go first (analytics is best effort). */
export const MAX_QUEUE = 200;
export const PAGE_VIEW = 'page_view';
/** The page name of an address no route matches. */
export const NOT_FOUND_PAGE = '(not found)';

/**
 * The key actions: `<machine id>.<invoke id>` of a call whose success is the action, and the
 * behavior recorded. Listed here, not in the flows, so no flow changes to be counted.
 */
export const KEY_ACTIONS: Readonly<Record<string, string>> = {
  'login.login': 'sign_in', // machines/login: POST /user/v1/login answered
  'application.apply': 'apply', // machines/application: POST /order/v1/apply
  'order.confirmLoan': 'get_money', // machines/order: POST /order/v1/loan (Get Money)
  'order.repay': 'repay', // machines/order: POST /pay-order/v1/repay (the payment page opens)
  'extension.applyExtension': 'extension_apply', // machines/extension: POST /order-repay-extension/v1/apply-extension
  'extension.giveupExtension': 'extension_giveup', // machines/extension: POST /order-repay-extension/v1/giveup-extension
  'scheduleApply.scheduleApply': 'schedule_create', // machines/schedule: POST /order/v1/order-auto-apply
  'scheduledOrder.cancelSchedule': 'schedule_cancel', // machines/schedule: POST /order/v1/cancel-auto-apply
  'feedback.save': 'feedback_sent', // machines/feedback: POST /opinion-record/v1/save
};

// ---------------------------------------------------------------------------------------------
// The sanitiser
// ---------------------------------------------------------------------------------------------

/**
 * True when a text holds something personal: a run of 9 or more digits (separators inside allowed:
 * a phone '90000 00001', an Aadhaar '2900 0000 0018', an account number), '+91', a PAN, an e-mail, or
 * a token-like string (16+ letters, digits and -_.+/= with a digit in it, or 40+ without: hex and
 * base64 tokens, JWTs).
 */
export function looksPersonal(text: string): boolean {
  if (/\d(?:[\s.\-/]?\d){8,}/.test(text)) return true; // phone (10), Aadhaar (12), account (9–18)
  if (/\+\s?91/.test(text)) return true;
  if (/[A-Z]{5}\s?\d{4}\s?[A-Z]/i.test(text)) return true; // PAN
  if (/[^\s@]+@[^\s@]+\.[^\s@]+/.test(text)) return true; // e-mail
  for (const word of text.match(/[A-Za-z0-9_\-+=./]{16,}/g) ?? []) {
    if (/\d/.test(word) || word.length >= 40) return true; // token
  }
  return false;
}

/** A text without its query string and fragment ('/orders?orderId=1' → '/orders'). */
export const withoutQuery = (text: string): string => text.replace(/[?#].*$/s, '');

const MAX_DEPTH = 3;
const MAX_TEXT = 200;

/**
 * A value fit to send, or undefined: texts lose their query strings and are dropped when they look
 * personal; numbers with 9 or more digits are dropped; objects and lists keep only what passes
 * (keys included), three levels deep.
 */
export function sanitizeValue(value: unknown, depth = 0): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) && !looksPersonal(String(Math.trunc(Math.abs(value)))) ? value : undefined;
  if (typeof value === 'string') {
    const text = withoutQuery(value).slice(0, MAX_TEXT);
    return looksPersonal(text) ? undefined : text;
  }
  if (depth >= MAX_DEPTH || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) return value.map((x) => sanitizeValue(x, depth + 1)).filter((x) => x !== undefined);
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(value)) {
    if (looksPersonal(k)) continue;
    const clean = sanitizeValue(x, depth + 1);
    if (clean !== undefined) out[k] = clean;
  }
  return out;
}

/**
 * The event as it may be sent, or null when its page name or behavior itself looks personal (they
 * are route patterns and constants: that would be a bug, and the event is dropped rather than sent).
 */
export function sanitizeEvent(event: BuryingPoint): BuryingPoint | null {
  const pageName = withoutQuery(event.pageName);
  if (looksPersonal(pageName) || looksPersonal(event.behavior) || looksPersonal(event.projectName)) return null;
  const value = sanitizeValue(event.value);
  return {
    projectName: event.projectName,
    pageName,
    behavior: event.behavior,
    ...(value === undefined ? {} : { value }),
    eventTime: event.eventTime,
  };
}

// ---------------------------------------------------------------------------------------------
// The queue
// ---------------------------------------------------------------------------------------------

/** Hands one event to the network; false when it could not (the event waits for the next flush). */
export type Transport = (event: BuryingPoint) => boolean;

export interface AnalyticsEnv {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
  /** Where visibilitychange and pagehide are heard (document and window by default). */
  document?: Pick<Document, 'addEventListener' | 'visibilityState'>;
  window?: Pick<Window, 'addEventListener'>;
  /** False once the borrower withdrew the consent to device information: nothing is queued or sent. */
  allowed?: () => boolean;
}

export interface Analytics {
  track(pageName: string, behavior: string, value?: unknown): void;
  /** A page view of a route pattern; later key actions are counted on this page. */
  pageView(pattern: string): void;
  /** A key action on the current page. */
  action(behavior: string, value?: unknown): void;
  /** Starts sending (once; later calls only change the transport). */
  start(transport: Transport): void;
  /** Sends what waits now (the page is hidden, the batch is full, the timer fired). */
  flush(): void;
  /** What waits (for tests). */
  pending(): readonly BuryingPoint[];
  currentPage(): string | null;
}

export function createAnalytics(env: AnalyticsEnv): Analytics {
  const queue: BuryingPoint[] = [];
  let transport: Transport | null = null;
  let timer: unknown = null;
  let page: string | null = null;

  const schedule = () => {
    if (!transport || timer !== null || queue.length === 0) return;
    timer = env.setTimeout(() => {
      timer = null;
      flush();
    }, FLUSH_EVERY_MS);
  };

  function flush() {
    if (timer !== null) {
      env.clearTimeout(timer);
      timer = null;
    }
    if (!transport) return;
    // A withdrawal stops what waits too: nothing more leaves under it.
    if (env.allowed && !env.allowed()) queue.length = 0;
    while (queue.length > 0) {
      let sent = false;
      try {
        sent = transport(queue[0]!);
      } catch {
        sent = false;
      }
      if (!sent) break; // the beacon queue is full: the rest waits for the next flush
      queue.shift();
    }
    schedule();
  }

  function track(pageName: string, behavior: string, value?: unknown) {
    if (env.allowed && !env.allowed()) return;
    const event = sanitizeEvent({ projectName: projectFor(withoutQuery(pageName)), pageName, behavior, value, eventTime: env.now() });
    if (!event) return;
    queue.push(event);
    if (queue.length > MAX_QUEUE) queue.shift();
    if (transport && queue.length >= FLUSH_AT) flush();
    else schedule();
  }

  return {
    track,
    pageView(pattern) {
      page = withoutQuery(pattern);
      track(page, PAGE_VIEW);
    },
    action(behavior, value) {
      track(page ?? NOT_FOUND_PAGE, behavior, value);
    },
    start(next) {
      const first = transport === null;
      transport = next;
      if (first) {
        const onHide = () => flush();
        env.document?.addEventListener('visibilitychange', () => {
          if (env.document?.visibilityState === 'hidden') onHide();
        });
        env.window?.addEventListener('pagehide', onHide);
      }
      schedule();
    },
    flush,
    pending: () => [...queue],
    currentPage: () => page,
  };
}

/** The app's analytics. */
export const analytics: Analytics = createAnalytics({
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
  ...(typeof document === 'undefined' ? {} : { document }),
  ...(typeof window === 'undefined' ? {} : { window }),
  allowed: () => !localConsents.withdrawn('device'),
});

/** `track(pageName, behavior, value?)` on the app's analytics. */
export const track = (pageName: string, behavior: string, value?: unknown): void => analytics.track(pageName, behavior, value);

/** The part of an xstate inspection event read here (structural: src/lib imports no machine). */
interface InspectedEvent {
  type: string;
  event?: { type?: unknown };
  /** The actor the event is for: for a call's answer, the machine that invoked it (`logic.id`, the machine's id). */
  actorRef?: unknown;
}

const DONE_PREFIX = 'xstate.done.actor.';

/**
 * An observer of the machines' inspection stream (./inspect.ts passes every event): a call of
 * KEY_ACTIONS that succeeded is counted as that action on the current page. Only successes count; a
 * call aborted by a StrictMode restart never reports (src/lib/abortable.ts), so nothing doubles.
 */
export function machineEventObserver(target: Pick<Analytics, 'action'> = analytics) {
  return (inspection: InspectedEvent): void => {
    if (inspection.type !== '@xstate.event') return;
    const type = inspection.event?.type;
    if (typeof type !== 'string' || !type.startsWith(DONE_PREFIX)) return;
    const machineId = (inspection.actorRef as { logic?: { id?: unknown } } | undefined)?.logic?.id;
    if (typeof machineId !== 'string') return;
    const behavior = KEY_ACTIONS[`${machineId}.${type.slice(DONE_PREFIX.length)}`];
    if (behavior) target.action(behavior);
  };
}
