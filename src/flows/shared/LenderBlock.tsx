/**
 * Who lends and the app's name, fed by the session's client config and About us
 * (client-config.ts). Sign-in and home load this module lazily (its own small chunk, with the
 * content calls and their schemas), so their first-screen JS grows by a few hundred bytes only; the
 * places it fills keep their size meanwhile, so nothing moves when it comes.
 */
import type { ReactNode } from 'react';
import { LenderIdentity, type LenderIdentityProps } from '../../ui/LenderIdentity';
import { useAppName, useClientConfig } from './client-config';

export default function LenderBlock(props: Omit<LenderIdentityProps, 'config'>) {
  const config = useClientConfig();
  return <LenderIdentity config={config} {...props} />;
}

/** The app's name from About us, or `fallback` until it is known. */
export function AppNameText({ fallback }: { fallback: ReactNode }) {
  const name = useAppName();
  return <>{name ?? fallback}</>;
}
