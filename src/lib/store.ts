/**
 * The listeners of a small store outside React: `subscribe` in the shape useSyncExternalStore takes,
 * and `emit` to tell every listener that the store changed. Each store keeps its own value and getters.
 */
export interface Listeners {
  subscribe(listener: () => void): () => void;
  emit(): void;
}

export function listeners(): Listeners {
  const set = new Set<() => void>();
  return {
    subscribe(listener) {
      set.add(listener);
      return () => void set.delete(listener);
    },
    emit: () => set.forEach((listener) => listener()),
  };
}
