/**
 * What the first screen holds of analytics: a queue of calls, handed in order to the analytics
 * module (./analytics.ts: the sanitiser, the queue, the beacons) once it has loaded. It loads on
 * the first call, i.e. just after the first screen (Telemetry starts it), and keeps ~1.5 KB gzipped
 * out of the first screen's JS (docs/performance.md 'Performance budget'). The order of calls is kept, so a key
 * action made before the module came is still counted on the page it happened on.
 */
import type * as AnalyticsModule from './analytics';
import type { Analytics, Transport } from './analytics';

type Call = (analytics: Analytics, module: typeof AnalyticsModule) => void;

const waiting: Call[] = [];
let loaded: { analytics: Analytics; module: typeof AnalyticsModule } | null = null;
let loading = false;

/** At most this many calls wait for the module (the oldest go first; analytics is best effort). */
const MAX_WAITING = 500;

export function withAnalytics(call: Call): void {
  if (loaded) {
    call(loaded.analytics, loaded.module);
    return;
  }
  waiting.push(call);
  if (waiting.length > MAX_WAITING) waiting.shift();
  if (loading) return;
  loading = true;
  import('./analytics').then(
    (module) => {
      loaded = { analytics: module.analytics, module };
      for (const c of waiting.splice(0)) c(module.analytics, module);
    },
    () => {
      // Offline before the chunk came: nothing is counted, and the next call tries again.
      loading = false;
      waiting.length = 0;
    },
  );
}

let started = false;
/** The page was hidden before analytics had started: what waits is sent as soon as it starts. */
let hiddenBeforeStart = false;
if (typeof document !== 'undefined' && typeof window !== 'undefined') {
  const onHide = () => {
    if (!started) hiddenBeforeStart = true;
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') onHide();
  });
  window.addEventListener('pagehide', onHide);
}

/**
 * Starts sending with the transport `loadTransport` gives (Telemetry, once). A hide that came before
 * (the borrower switched apps while the module loaded) is honoured then: what waits is sent at once.
 */
export function startAnalytics(loadTransport: () => Promise<Transport>): void {
  withAnalytics((analytics) =>
    void loadTransport().then((transport) => {
      analytics.start(transport);
      started = true;
      if (hiddenBeforeStart) {
        hiddenBeforeStart = false;
        analytics.flush();
      }
    }),
  );
}

/** The part of an xstate inspection event that can be a key action (a call that answered). */
interface InspectedEvent {
  type: string;
  event?: { type?: unknown };
}

/**
 * The machines' inspection stream (./inspect.ts): only a call's success can be a key action, so only
 * those are handed on (./analytics.ts machineEventObserver decides).
 */
export function keyActionObserver(inspection: InspectedEvent): void {
  if (inspection.type !== '@xstate.event') return;
  const type = inspection.event?.type;
  if (typeof type !== 'string' || !type.startsWith('xstate.done.actor.')) return;
  withAnalytics((_, module) => module.machineEventObserver()(inspection));
}
