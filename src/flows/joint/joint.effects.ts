/**
 * /joint's effects: the shell's device info (the native bridge), the bridge login (without a token),
 * the session (token stored, app mode on) and navigation. `deps` lets tests pass a fake bridge.
 */
import type { jointMachine } from '../../../machines/joint/joint.machine';
import type { DeviceInfo } from '../../../contract/device';
import { bridgeLogin } from '../../api/bridge-login';
import { fromCall } from '../../lib/abortable';
import { bridge, type Bridge } from '../../lib/native-bridge';
import { session } from '../../lib/session';
import { navigateWith, type Effects, type Navigate } from '../shared/effects';

export interface JointDeps {
  bridge: Pick<Bridge, 'deviceInfo'>;
  login: typeof bridgeLogin;
  adoptToken: (token: string) => void;
}

const realDeps: JointDeps = {
  bridge,
  login: bridgeLogin,
  adoptToken: (token) => session.adoptToken(token, { appMode: true }),
};

export function jointEffects(nav: Navigate, deps: JointDeps = realDeps): Effects<typeof jointMachine> {
  return {
    actors: {
      deviceInfo: fromCall((_, signal) => deps.bridge.deviceInfo({ signal })),
      login: fromCall<Awaited<ReturnType<typeof bridgeLogin>>, DeviceInfo>((device, signal) => deps.login(device, { signal })),
    },
    actions: {
      navigate: navigateWith(nav),
      adoptToken: (_, { token }) => deps.adoptToken(token),
    },
  };
}
