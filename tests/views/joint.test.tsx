/**
 * /joint: the machine's generated paths replayed on the rendered screen in StrictMode and normal
 * mode (shell asks and logins counted, the token adopted once, / replacing /joint), and the real
 * route with a fake shell on the window and a fake server: signed and unsigned logins without a
 * token, and no shell → the message with the link to /login.
 */
import { StrictMode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jointMachine } from '../../machines/joint/joint.machine';
import { cases, LOGGED_IN, serialize, SIGNED_DEVICE } from '../../machines/joint/joint.cases';
import { jointText } from '../../i18n/en/joint';
import { textFor } from '../../src/ui/text';
import type { LoginResponse } from '../../contract/auth';
import type { DeviceInfo } from '../../contract/device';
import type { ActorDoneCase, ActorErrorCase } from '../../machines/shared/cases';
import { JointFlow } from '../../src/flows/joint/JointRoute';
import { jointEffects } from '../../src/flows/joint/joint.effects';
import { BRIDGE, BridgeError, createBridge, type BridgeWindow } from '../../src/lib/native-bridge';
import { fakeCalls } from '../support/fakes';
import { generatePaths } from '../../model-testing/paths';
import { invocations, replayPath } from '../../model-testing/replay';

const paths = generatePaths(jointMachine, { cases, serialize });

const mode = [
  ['StrictMode', true],
  ['normal mode', false],
] as const;

describe.each(mode)('/joint paths (%s)', (_, strict) => {
  it.each(paths.map((p) => [p.title, p] as const))('%s', async (_, path) => {
    const user = userEvent.setup();
    const device = fakeCalls<DeviceInfo>();
    const login = fakeCalls<LoginResponse, DeviceInfo>();
    const navigations: string[] = [];
    const adopted: string[] = [];
    const machine = jointMachine.provide({
      actors: { deviceInfo: device.actor, login: login.actor },
      actions: {
        navigate: (_, { to, replace }) => navigations.push(replace ? to : `push ${to}`),
        adoptToken: (_, { token }) => adopted.push(token),
      },
    });
    const settle = async (calls: typeof device | typeof login, c: ActorDoneCase | ActorErrorCase) => {
      await waitFor(() => calls.pending());
      await act(async () => ('output' in c ? calls.pending().resolve(c.output as never) : calls.pending().reject(c.error)));
    };
    await replayPath(path, {
      act: {
        'xstate.init': () => {
          const tree = (
            <Router hook={memoryLocation({ path: '/joint' }).hook}>
              <JointFlow machine={machine} />
            </Router>
          );
          render(strict ? <StrictMode>{tree}</StrictMode> : tree);
        },
        'xstate.done.actor.deviceInfo': (e) => settle(device, e as ActorDoneCase),
        'xstate.error.actor.deviceInfo': (e) => settle(device, e as ActorErrorCase),
        'xstate.done.actor.login': (e) => settle(login, e as ActorDoneCase),
        'xstate.error.actor.login': (e) => settle(login, e as ActorErrorCase),
        'joint.retried': () => user.click(screen.getByRole('button', { name: jointText.en.retry })),
      },
      assert: async (s) => {
        if (s.hasTag('asking')) expect(screen.getByRole('status').textContent).toContain(jointText.en.asking);
        if (s.hasTag('loggingIn') || s.status === 'done') expect(screen.getByRole('status').textContent).toContain(jointText.en.loggingIn);
        if (s.hasTag('noShell')) {
          expect(screen.getByRole('heading', { name: jointText.en.noShellTitle })).toBeTruthy();
          expect(screen.getByRole('alert').textContent).toContain(jointText.en.noShell);
          expect(screen.getByRole('link', { name: jointText.en.loginLink }).getAttribute('href')).toBe('/login');
        }
        if (s.hasTag('failed')) {
          expect(screen.getByRole('alert').textContent).toContain(s.context.error ? textFor(jointText, 'en').said(s.context.error) : '');
          expect(screen.getByRole('link', { name: jointText.en.loginLink })).toBeTruthy();
        }
        if (!s.hasTag('failed') && !s.hasTag('noShell')) expect(screen.queryByRole('alert')).toBeNull();
        await waitFor(() => expect(navigations).toEqual(s.status === 'done' ? ['/'] : []));
        expect(adopted).toEqual(s.status === 'done' ? [LOGGED_IN.token] : []);
      },
    });
    expect(device.live().length).toBe(invocations(path.steps, 'deviceInfo'));
    expect(login.live().length).toBe(invocations(path.steps, 'login'));
    for (const call of login.live()) expect(call.input).toEqual(SIGNED_DEVICE);
  });
});

/** A fake iOS shell on a fake window, answering device info with `info` (or refusing). */
function shellWindow(answer: { info: Record<string, unknown> } | { refuse: string }): BridgeWindow {
  const win: BridgeWindow = { setTimeout: ((fn: () => void, ms?: number) => setTimeout(fn, ms)) as typeof setTimeout, clearTimeout: ((id: number) => clearTimeout(id)) as typeof clearTimeout };
  win.webkit = {
    messageHandlers: {
      [BRIDGE.iosHandler]: {
        postMessage(message: unknown) {
          const { id } = message as { id: string };
          const response = 'info' in answer ? { id, ok: true, data: answer.info } : { id, ok: false, error: { message: answer.refuse } };
          setTimeout(() => (win[BRIDGE.receiver] as (r: unknown) => void)(response), 5);
        },
      },
    },
  };
  return win;
}

/** A fake server for the bridge logins: records path, headers and body; answers `reply`. */
function fakeServer(reply: { code: number; msg: string; data: unknown }) {
  const requests: { path: string; headers: Headers; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    requests.push({ path: new URL(request.url).pathname, headers: request.headers, body: await request.json() });
    return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

afterEach(() => {
  localStorage.clear();
});

describe.each(mode)('the /joint route with a shell and a server (%s)', (_, strict) => {
  const renderJoint = (win: BridgeWindow, server: ReturnType<typeof fakeServer>, adopted: string[]) => {
    const memory = memoryLocation({ path: '/joint', record: true });
    const machine = jointMachine.provide(
      jointEffects(memory.navigate, {
        bridge: createBridge(win, { appearMs: 100 }),
        login: (info, options) => import('../../src/api/bridge-login').then((m) => m.bridgeLogin(info, options, { base: 'http://lender.test/api1', fetch: server.fetch })),
        adoptToken: (token) => adopted.push(token),
      }),
    );
    const tree = (
      <Router hook={memory.hook}>
        <JointFlow machine={machine} />
      </Router>
    );
    render(strict ? <StrictMode>{tree}</StrictMode> : tree);
    return memory;
  };

  it('signed device info: POST /user/v1/user-login without a token, the headers, the fields with the timestamp and nonce; token adopted; / replaces /joint', async () => {
    const server = fakeServer({ code: 0, msg: 'success', data: { token: 'tok-1', isRegister: 0 } });
    const adopted: string[] = [];
    localStorage.setItem('bw.token', 'someone-elses-token');
    const memory = renderJoint(shellWindow({ info: { ...SIGNED_DEVICE, sdkVersion: '17', brand: 'Apple' } }), server, adopted);
    await waitFor(() => expect(memory.history).toEqual(['/']));
    expect(adopted).toEqual(['tok-1']);
    expect(server.requests).toHaveLength(1);
    const [req] = server.requests;
    expect(req?.path).toBe('/api1/user/v1/user-login');
    expect(req?.headers.get('token')).toBeNull();
    expect(Object.fromEntries(['deviceId', 'version', 'idfv', 'idfa', 'sdkVersion', 'brand'].map((h) => [h, req?.headers.get(h)]))).toEqual({
      deviceId: 'device-1', version: '1.4.0', idfv: 'IDFV-1', idfa: 'IDFA-1', sdkVersion: '17', brand: 'Apple',
    });
    expect(req?.body).toEqual(SIGNED_DEVICE);
    expect(Object.keys(req?.body as object)).toEqual(['sign', 'deviceId', 'version', 'idfv', 'idfa', 'systemVersion', 'model', 'timestamp', 'nonce']);
  });

  it('a shell that gives the timestamp as a number: sent as the same digits (what it signed)', async () => {
    const server = fakeServer({ code: 0, msg: 'success', data: { token: 'tok-3', isRegister: 0 } });
    const memory = renderJoint(shellWindow({ info: { ...SIGNED_DEVICE, timestamp: 1768458600 } }), server, []);
    await waitFor(() => expect(memory.history).toEqual(['/']));
    expect((server.requests[0]?.body as Record<string, unknown>).timestamp).toBe('1768458600');
  });

  it("unsigned device info: POST /tripartite/v1/user-login without sign, timestamp or nonce; sdkVersion and brand fall back to systemVersion and model", async () => {
    const server = fakeServer({ code: 0, msg: 'success', data: { token: 'tok-2' } });
    const adopted: string[] = [];
    const { sign: _, timestamp: _t, nonce: _n, ...unsigned } = SIGNED_DEVICE;
    // A shell that cannot sign but sends a time and a nonce anyway: they mean nothing without a sign.
    const memory = renderJoint(shellWindow({ info: { ...unsigned, timestamp: 1768458600, nonce: 'n0nce-0000000000000002' } }), server, adopted);
    await waitFor(() => expect(memory.history).toEqual(['/']));
    const [req] = server.requests;
    expect(req?.path).toBe('/api1/tripartite/v1/user-login');
    expect(req?.body).toEqual(unsigned);
    expect([req?.headers.get('sdkVersion'), req?.headers.get('brand')]).toEqual(['17.5', 'iPhone15,2']);
    expect(adopted).toEqual(['tok-2']);
  });

  it("a refused login shows the server's msg; Try again asks the shell again", async () => {
    const server = fakeServer({ code: 1, msg: 'The device info signature is not valid. Please update the app and try again.', data: null });
    const adopted: string[] = [];
    const memory = renderJoint(shellWindow({ info: SIGNED_DEVICE }), server, adopted);
    expect((await screen.findByRole('alert')).textContent).toContain('The device info signature is not valid.');
    await userEvent.setup().click(screen.getByRole('button', { name: jointText.en.retry }));
    await waitFor(() => expect(server.requests).toHaveLength(2));
    expect(adopted).toEqual([]);
    expect(memory.history).toEqual(['/joint']);
  });

  it("a shell that refuses the device info: its message, nothing sent", async () => {
    const server = fakeServer({ code: 0, msg: 'success', data: { token: 'x' } });
    renderJoint(shellWindow({ refuse: 'The user did not allow sharing the device info.' }), server, []);
    expect((await screen.findByRole('alert')).textContent).toContain('The user did not allow sharing the device info.');
    expect(server.requests).toHaveLength(0);
  });

  it('no shell (a browser): the page says it only works inside the app, with a link to /login', async () => {
    const server = fakeServer({ code: 0, msg: 'success', data: { token: 'x' } });
    const win: BridgeWindow = { setTimeout: ((fn: () => void, ms?: number) => setTimeout(fn, ms)) as typeof setTimeout, clearTimeout: ((id: number) => clearTimeout(id)) as typeof clearTimeout };
    renderJoint(win, server, []);
    expect(await screen.findByRole('heading', { name: jointText.en.noShellTitle })).toBeTruthy();
    expect(screen.getByText('This page only works inside the app.')).toBeTruthy();
    expect(screen.getByRole('link', { name: jointText.en.loginLink }).getAttribute('href')).toBe('/login');
    expect(server.requests).toHaveLength(0);
    expect(new BridgeError('no-shell').message).toBe('This page only works inside the app.');
  });
});
