/**
 * The one navigation action of every machine. A machine decides where the borrower goes (a link
 * built by ./paths.ts) and whether the page it leaves stays in history; the edge provides the real
 * navigation (src/flows/shared/effects.ts `navigateWith`).
 *
 *     setup({ actions: { navigate } })
 *     { type: 'navigate', params: ({ context }) => ({ to: paths.authHub.href(context.pid), replace: true }) }
 */
export interface NavigateParams {
  /** An in-app link from paths.ts. */
  to: string;
  /** Replace the current history entry (Back skips the page being left). */
  replace?: boolean;
}

/** Placeholder: the edge provides it with machine.provide({ actions: { navigate } }). */
export const navigate = (_: unknown, _params: NavigateParams): void => {};
