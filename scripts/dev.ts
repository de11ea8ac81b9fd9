/**
 * `npm run dev`: the sandbox API (server/) and Vite with hot reload, /api1 proxied to the sandbox.
 * With BACKEND_URL set, no sandbox is started and /api1 goes to that backend instead. SANDBOX_PORT
 * (8788) and VITE_PORT (5173) move them; the sandbox is given Vite's origin as an app origin.
 * Ctrl+C stops everything.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const apiPort = process.env.SANDBOX_PORT ?? '8788';
// Vite's port is fixed (strictPort) because the sandbox is told the app's origin: a payment returns
// only to origins it is configured with (docs/sandbox/running.md 'Addresses').
const vitePort = process.env.VITE_PORT ?? '5173';
const appOrigin = `http://localhost:${vitePort}`;
const children: ChildProcess[] = [];

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`${cmd} ${args.join(' ')} exited (${code ?? 'signal'}); stopping.`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const backend = process.env.BACKEND_URL;
if (backend) console.log(`/api1 is proxied to ${backend} (no sandbox started).`);
else run(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { PORT: apiPort, SERVE_APP: '0', SANDBOX_APP_ORIGINS: process.env.SANDBOX_APP_ORIGINS || appOrigin });
run(process.execPath, ['node_modules/vite/bin/vite.js', '--port', vitePort, '--strictPort'], { BACKEND_URL: backend ?? `http://127.0.0.1:${apiPort}` });
