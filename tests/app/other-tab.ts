/**
 * Another tab of the same browser, for jsdom tests: it writes localStorage directly (not through
 * this tab's session module) and this tab hears it through the `storage` event, as in a browser.
 */
export const otherTab = {
  set(key: string, value: string): void {
    const oldValue = localStorage.getItem(key);
    localStorage.setItem(key, value);
    window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue: value, storageArea: localStorage }));
  },
  remove(key: string): void {
    const oldValue = localStorage.getItem(key);
    localStorage.removeItem(key);
    window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue: null, storageArea: localStorage }));
  },
  /** Phone sign-in in the other tab: what session.signIn writes there, in its order, one event each. */
  signIn(token: string, phone: string): void {
    this.set('bw.phone', phone);
    this.set('bw.token', token);
    this.set('bw.appMode', '0');
  },
  /** Quit in the other tab: every `bw.` key but the device's preferences (`bw.pref.`) removed, one event each. */
  quit(): void {
    for (const key of Object.keys(localStorage).filter((k) => k.startsWith('bw.') && !k.startsWith('bw.pref.'))) this.remove(key);
  },
};
