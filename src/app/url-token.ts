/**
 * Imported FIRST by src/main.tsx, for its effect: on the pages that take a token in their address
 * (/rate, /orders/audit), the token leaves the address bar and history and goes to the session before
 * any other module runs or anything is requested (src/lib/url-token.ts says what happens when another
 * borrower is signed in).
 */
import { paths } from '../../machines/shared/paths';
import { takeUrlToken } from '../lib/url-token';

/** The pages whose address may carry `token` (spec §6). */
export const TOKEN_PAGES: readonly string[] = [paths.rate.pattern, paths.ordersAudit.pattern];

if (typeof window !== 'undefined') takeUrlToken(TOKEN_PAGES);
