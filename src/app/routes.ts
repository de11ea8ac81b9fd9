/**
 * The route table of spec §2, declared once: path, title, background, whether it is open without a
 * token, whether it sits in the shell with the bottom nav, and its lazily loaded screen.
 * Every route has its real screen: there is no placeholder.
 */
import type { ComponentType } from 'react';
import { matchPattern, paths } from '../../machines/shared/paths';
import type { RouteScreenProps } from '../flows/shared/route';

export type { RouteScreenProps };
export type ScreenModule = { default: ComponentType<RouteScreenProps> };

export interface RouteDef {
  path: string;
  title: string;
  /** Page background colour. */
  background: string;
  /** Open without a token (spec §2 route guard). */
  public?: boolean;
  /** Rendered inside the shell with the bottom nav (Home / Account). */
  shell?: boolean;
  screen: () => Promise<ScreenModule>;
}

const PAPER = '#f3f5f9';
const WHITE = '#ffffff';

export const routes: readonly RouteDef[] = [
  { path: paths.home.pattern, title: 'Home', background: PAPER, shell: true, screen: () => import('../flows/home/HomeRoute') },
  { path: paths.personal.pattern, title: 'Account', background: PAPER, shell: true, screen: () => import('../flows/personal/AccountRoute') },
  { path: paths.schedule.pattern, title: 'Schedule List', background: PAPER, shell: true, screen: () => import('../flows/schedule/ScheduleListRoute') },
  { path: paths.aboutUs.pattern, title: 'About us', background: WHITE, screen: () => import('../flows/personal/AboutRoute') },
  { path: paths.help.pattern, title: 'Help Center', background: WHITE, screen: () => import('../flows/personal/HelpRoute') },
  { path: paths.login.pattern, title: 'Sign in', background: WHITE, public: true, screen: () => import('../flows/login/LoginRoute') },
  { path: paths.joint.pattern, title: 'Signing in', background: WHITE, public: true, screen: () => import('../flows/joint/JointRoute') },
  { path: paths.rate.pattern, title: 'Rate us', background: WHITE, public: true, screen: () => import('../flows/rating/RateRoute') },
  { path: paths.download.pattern, title: 'Download', background: PAPER, public: true, screen: () => import('../flows/open-pages/DownloadRoute') },
  { path: paths.alert.pattern, title: 'Notice', background: WHITE, public: true, screen: () => import('../flows/open-pages/AlertRoute') },
  { path: paths.contact2.pattern, title: 'Contacts', background: WHITE, public: true, screen: () => import('../flows/open-pages/Contact2Route') },
  { path: paths.product.pattern, title: 'Product detail', background: PAPER, screen: () => import('../flows/product/ProductRoute') },
  { path: paths.productDetail.pattern, title: 'Loan confirmation', background: PAPER, screen: () => import('../flows/application/ConfirmRoute') },
  { path: paths.productDenied.pattern, title: 'Application Denied', background: WHITE, screen: () => import('../flows/application/DeniedRoute') },
  { path: paths.productSchedule.pattern, title: 'Schedule an application', background: PAPER, screen: () => import('../flows/schedule/ScheduleApplyRoute') },
  { path: paths.authHub.pattern, title: 'Verification', background: WHITE, screen: () => import('../flows/auth/VerificationRoute') },
  { path: paths.authStep.patterns.kyc, title: 'Identity verification', background: WHITE, screen: () => import('../flows/auth/KycRoute') },
  { path: paths.authStep.patterns.identity, title: 'Identity verification', background: WHITE, screen: () => import('../flows/auth/KycRoute') },
  { path: paths.authStep.patterns.face, title: 'Face recognition', background: WHITE, screen: () => import('../flows/auth/FaceRoute') },
  { path: paths.authStep.patterns.basic, title: 'Basic information', background: WHITE, screen: () => import('../flows/auth/BasicRoute') },
  { path: paths.authStep.patterns.work, title: 'Work information', background: WHITE, screen: () => import('../flows/auth/WorkRoute') },
  { path: paths.authStep.patterns.contacts, title: 'Contacts', background: WHITE, screen: () => import('../flows/auth/ContactsRoute') },
  { path: paths.faceResult.pattern, title: 'Face recognition result', background: WHITE, screen: () => import('../flows/auth/FaceResultRoute') },
  { path: paths.bank.pattern, title: 'Bank accounts', background: PAPER, screen: () => import('../flows/bank/BankListRoute') },
  { path: paths.bankAdd.pattern, title: 'Add bank account', background: WHITE, screen: () => import('../flows/bank/BankAddRoute') },
  { path: paths.bankIfsc.pattern, title: 'Find your IFSC', background: WHITE, screen: () => import('../flows/bank/IfscRoute') },
  { path: paths.orders.pattern, title: 'Loan History', background: PAPER, screen: () => import('../flows/orders/OrdersRoute') },
  { path: paths.ordersAudit.pattern, title: 'In Auditing', background: WHITE, public: true, screen: () => import('../flows/rating/RatingAuditRoute') },
  { path: paths.orderAudit.pattern, title: 'In Auditing', background: WHITE, screen: () => import('../flows/orders/AuditRoute') },
  { path: paths.orderConfirm.pattern, title: 'Confirm loan', background: PAPER, screen: () => import('../flows/orders/ConfirmOrderRoute') },
  { path: paths.orderDetail.pattern, title: 'Order detail', background: PAPER, screen: () => import('../flows/orders/OrderDetailRoute') },
  { path: paths.orderExtension.pattern, title: 'Extension', background: PAPER, screen: () => import('../flows/extension/ExtensionRoute') },
  { path: paths.scheduledOrder.pattern, title: 'Scheduled order', background: PAPER, screen: () => import('../flows/schedule/ScheduledOrderRoute') },
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
