/**
 * This tab's storage (sessionStorage): per tab, kept over a reload, gone when the tab is closed, never
 * seen by another tab. For what must not outlive the tab, such as the identity numbers of the KYC
 * draft (draftStore(name, parse, { storage: tabStorage })). Pure storage, like appStorage in ./preferences.
 */

/** sessionStorage, or null where storage is disabled (private mode in some webviews). */
export function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage disabled
  }
}
