/**
 * The route table of spec §2, declared once: path, title (by key: i18n/en/app.ts), background, whether
 * it is open without a token, whether it sits in the shell with the bottom nav, and its lazily loaded screen.
 * Every route has its real screen: there is no placeholder.
 */
import type { ComponentType } from 'react';
import type { AppKey } from '../../i18n/en/app';
import { matchPattern, paths } from '../../machines/shared/paths';
import type { RouteScreenProps } from '../flows/shared/route';

export type { RouteScreenProps };
export type ScreenModule = { default: ComponentType<RouteScreenProps> };

export interface RouteDef {
  path: string;
  /** The page's title, by key of i18n/en/app.ts: the document's title and the page's header when its screen fails. */
  title: AppKey;
  /** Page background colour. */
  background: string;
  /** Open without a token (spec §2 route guard). */
  public?: boolean;
  /** Rendered inside the shell with the bottom nav (Home / Account). */
  shell?: boolean;
  screen: () => Promise<ScreenModule>;
  /**
   * What the screen reads first, started beside its chunk when the app opens on it (GETs only, kept
   * by the read-ahead, src/api/read-ahead.ts): its API calls are not part of its first render.
   */
  reads?: () => Promise<unknown>;
}

const PAPER = '#f3f5f9';
const WHITE = '#ffffff';

export const routes: readonly RouteDef[] = [
  // Home's data and schedules are asked beside its chunk: the calls are not part of its first render.
  { path: paths.home.pattern, title: 'home', background: PAPER, shell: true, screen: () => import('../flows/home/HomeRoute'), reads: () => import('../api/home').then((home) => home.readHomeAhead()) },
  { path: paths.personal.pattern, title: 'account', background: PAPER, shell: true, screen: () => import('../flows/personal/AccountRoute') },
  { path: paths.schedule.pattern, title: 'schedules', background: PAPER, shell: true, screen: () => import('../flows/schedule/ScheduleListRoute') },
  { path: paths.aboutUs.pattern, title: 'about', background: WHITE, screen: () => import('../flows/personal/AboutRoute') },
  { path: paths.help.pattern, title: 'help', background: WHITE, screen: () => import('../flows/personal/HelpRoute') },
  { path: paths.documents.pattern, title: 'documents', background: PAPER, screen: () => import('../flows/documents/DocumentsRoute') },
  { path: paths.document.pattern, title: 'document', background: PAPER, screen: () => import('../flows/documents/DocumentsRoute') },
  { path: paths.privacy.pattern, title: 'privacy', background: WHITE, screen: () => import('../flows/personal/PrivacyRoute') },
  { path: paths.login.pattern, title: 'signIn', background: WHITE, public: true, screen: () => import('../flows/login/LoginRoute') },
  { path: paths.joint.pattern, title: 'signingIn', background: WHITE, public: true, screen: () => import('../flows/joint/JointRoute') },
  { path: paths.rate.pattern, title: 'rate', background: WHITE, public: true, screen: () => import('../flows/rating/RateRoute') },
  { path: paths.download.pattern, title: 'download', background: PAPER, public: true, screen: () => import('../flows/open-pages/DownloadRoute') },
  { path: paths.alert.pattern, title: 'notice', background: WHITE, public: true, screen: () => import('../flows/open-pages/AlertRoute') },
  { path: paths.contact2.pattern, title: 'contacts', background: WHITE, public: true, screen: () => import('../flows/open-pages/Contact2Route') },
  { path: paths.product.pattern, title: 'product', background: PAPER, screen: () => import('../flows/product/ProductRoute') },
  { path: paths.productDetail.pattern, title: 'confirm', background: PAPER, screen: () => import('../flows/application/ConfirmRoute') },
  { path: paths.productDenied.pattern, title: 'denied', background: WHITE, screen: () => import('../flows/application/DeniedRoute') },
  { path: paths.productSchedule.pattern, title: 'scheduleApply', background: PAPER, screen: () => import('../flows/schedule/ScheduleApplyRoute') },
  { path: paths.authHub.pattern, title: 'verification', background: WHITE, screen: () => import('../flows/auth/VerificationRoute') },
  { path: paths.authStep.patterns.kyc, title: 'identity', background: WHITE, screen: () => import('../flows/auth/KycRoute') },
  { path: paths.authStep.patterns.identity, title: 'identity', background: WHITE, screen: () => import('../flows/auth/KycRoute') },
  { path: paths.authStep.patterns.face, title: 'face', background: WHITE, screen: () => import('../flows/auth/FaceRoute') },
  { path: paths.authStep.patterns.basic, title: 'basic', background: WHITE, screen: () => import('../flows/auth/BasicRoute') },
  { path: paths.authStep.patterns.work, title: 'work', background: WHITE, screen: () => import('../flows/auth/WorkRoute') },
  { path: paths.authStep.patterns.contacts, title: 'contacts', background: WHITE, screen: () => import('../flows/auth/ContactsRoute') },
  { path: paths.faceResult.pattern, title: 'faceResult', background: WHITE, screen: () => import('../flows/auth/FaceResultRoute') },
  { path: paths.bank.pattern, title: 'banks', background: PAPER, screen: () => import('../flows/bank/BankListRoute') },
  { path: paths.bankAdd.pattern, title: 'bankAdd', background: WHITE, screen: () => import('../flows/bank/BankAddRoute') },
  { path: paths.bankIfsc.pattern, title: 'ifsc', background: WHITE, screen: () => import('../flows/bank/IfscRoute') },
  { path: paths.orders.pattern, title: 'orders', background: PAPER, screen: () => import('../flows/orders/OrdersRoute') },
  { path: paths.ordersAudit.pattern, title: 'auditing', background: WHITE, public: true, screen: () => import('../flows/rating/RatingAuditRoute') },
  { path: paths.orderAudit.pattern, title: 'auditing', background: WHITE, screen: () => import('../flows/orders/AuditRoute') },
  { path: paths.orderConfirm.pattern, title: 'orderConfirm', background: PAPER, screen: () => import('../flows/orders/ConfirmOrderRoute') },
  { path: paths.orderKfs.pattern, title: 'kfs', background: WHITE, screen: () => import('../flows/orders/OrderKfsRoute') },
  { path: paths.orderDetail.pattern, title: 'order', background: PAPER, screen: () => import('../flows/orders/OrderDetailRoute') },
  { path: paths.orderExtension.pattern, title: 'extension', background: PAPER, screen: () => import('../flows/extension/ExtensionRoute') },
  { path: paths.orderReceipt.pattern, title: 'receipt', background: PAPER, screen: () => import('../flows/receipt/ReceiptRoute') },
  { path: paths.scheduledOrder.pattern, title: 'scheduled', background: PAPER, screen: () => import('../flows/schedule/ScheduledOrderRoute') },
];

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

/** Matches a pathname against the table (exact segments; a trailing slash is ignored). */
export function findRoute(pathname: string): RouteMatch | null {
  for (const route of routes) {
    const params = matchPattern(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}

/**
 * Pages where a -4 answer neither ends the session nor leaves the page: the spec's list (§6), and
 * the landing page, whose visitor may carry a stale token and must not be sent to sign in.
 */
export const SESSION_EXEMPT_PATHS: readonly string[] = ['/auth/contact2', '/download'];
