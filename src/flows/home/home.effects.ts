/** The home machine's effects: the home and order-list calls, navigation, external links and toasts. */
import type { homeMachine } from '../../../machines/home/home.machine';
import { fromCall } from '../../lib/abortable';
import { once } from '../../lib/once';
import { preloadScreenOf } from '../../lib/screen-preload';
import { paths } from '../../../machines/shared/paths';
import { homeText } from '../../../i18n/en/home';
import { textFor } from '../../ui/text';
import { showToast } from '../../ui/toast';
import { navigateWith, type Effects, type Navigate } from '../shared/effects';

/**
 * Home's calls and the API client load beside the screen, not before its first render: src/main.tsx
 * preloads them with home's chunk (docs/performance.md 'Performance budget').
 */
export const loadHomeCalls = once(() => Promise.all([import('../../api/home'), import('../../api/orders')]));

/** Apply's read-ahead, a chunk of its own: fetched as home answers, run at the tap. */
const nextScreen = () => import('../../api/next-screen');

export function homeEffects(nav: Navigate): Effects<typeof homeMachine> {
  return {
    actors: {
      loadHome: fromCall(async (_, signal) => {
        const [{ getHome }] = await loadHomeCalls();
        const home = await getHome({ signal });
        // The read-ahead of Apply is fetched now, so the tap starts its reads at once (not after a chunk).
        void nextScreen();
        return home;
      }),
      loadOrders: fromCall((_, signal) => loadHomeCalls().then(([, { getOrderList }]) => getOrderList({ signal }))),
    },
    actions: {
      navigate: navigateWith(nav),
      openExternal: (_, { url }) => window.location.assign(url),
      showToast: (_, { message }) => showToast(textFor(homeText).said(message)),
      // The hub's and the confirmation's reads start with the tap, beside the order check (src/api/next-screen.ts).
      readAhead: (_, { productId }) => {
        preloadScreenOf(paths.authHub.pattern);
        preloadScreenOf(paths.productDetail.href(productId));
        void nextScreen().then((next) => next.readConfirmationAhead(productId));
      },
    },
  };
}
