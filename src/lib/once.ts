/**
 * A load started once and shared by every caller: `once(() => import('…'))`. A load that failed
 * (offline) is forgotten, so the next caller tries again.
 */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}
