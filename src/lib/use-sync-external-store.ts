/**
 * What `use-sync-external-store/shim` gives its users (wouter, @xstate/react), on React 19: React's own
 * hook. vite.config.ts points the shim here, so the first screen does not carry the shim's fallback for
 * React 17 and older, which React 19 never runs.
 */
export { useSyncExternalStore } from 'react';
