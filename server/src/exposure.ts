/**
 * What the sandbox says at start when other computers can reach it (server/README.md 'Limits and
 * controls'): its test secrets are published, so on a reachable address anyone may sign a shell
 * login, a gateway notification or a number's hash with them.
 */
import { DEFAULT_SHELL_SECRET } from './routes/bridge-login';
import { TEST_GATEWAY_SECRET } from './domain/gateway';
import { TEST_IDENTITY_KEY } from './identity';
import { isLoopback } from './network';

/** Whether the listening address is this computer only (127.0.0.0/8, ::1, localhost). */
export const listensOnLoopback = (host: string) => host === 'localhost' || isLoopback(host.replace(/^\[|\]$/g, ''));

/** One warning line per published test secret in use, when the sandbox listens beyond loopback; none otherwise. */
export function exposureWarnings(host: string, env: Record<string, string | undefined>): string[] {
  if (listensOnLoopback(host)) return [];
  const published = [
    !env.SANDBOX_SHELL_SECRET || env.SANDBOX_SHELL_SECRET === DEFAULT_SHELL_SECRET ? 'SANDBOX_SHELL_SECRET (the signed shell login)' : null,
    !env.SANDBOX_GATEWAY_SECRET || env.SANDBOX_GATEWAY_SECRET === TEST_GATEWAY_SECRET ? 'SANDBOX_GATEWAY_SECRET (the gateway’s signed payment notifications)' : null,
    !env.SANDBOX_IDENTITY_KEY || env.SANDBOX_IDENTITY_KEY === TEST_IDENTITY_KEY ? 'SANDBOX_IDENTITY_KEY (the hashes of verified Aadhaar and PAN numbers)' : null,
  ].filter((x): x is string => x !== null);
  if (published.length === 0) return [];
  return [
    `WARNING: the sandbox listens on ${host}, beyond this computer, with published test secrets: anyone who reaches it can use them.`,
    ...published.map((what) => `WARNING:   ${what} is the documented test value; set your own.`),
    'WARNING: these are test secrets for a sandbox: never run real money or real identity numbers through it.',
  ];
}
