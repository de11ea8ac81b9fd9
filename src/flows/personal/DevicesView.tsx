/**
 * Signed-in devices on Account (machines/sessions): each device with how and when it signed in, when
 * it was last used, and Sign out; this device is marked, and its Sign out is Quit's question. While
 * the list loads, and against a lender without it, nothing is drawn at all.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { SessionItem } from '../../../contract/sessions';
import { commonText } from '../../../i18n/en/common';
import { sessionsText } from '../../../i18n/en/sessions';
import type { sessionsMachine } from '../../../machines/sessions/sessions.machine';
import { deviceName, methodKey } from '../../../machines/sessions/sessions.rules';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LoadError, Loading } from '../../ui/Status';
import { formatTime } from '../../ui/dates';
import { useText } from '../../ui/text';

export type SessionsActor = ActorRefFrom<typeof sessionsMachine>;

export function DevicesView({ actor, onSignOutThisDevice }: { actor: SessionsActor; onSignOutThisDevice: () => void }) {
  const phase = useSelector(actor, (s) => (s.hasTag('failed') ? 'failed' : s.hasTag('busy') ? 'busy' : s.hasTag('ready') ? 'ready' : 'hidden'));
  const error = useSelector(actor, (s) => s.context.error);
  const sessions = useSelector(actor, (s) => s.context.sessions);
  const signedOut = useSelector(actor, (s) => s.context.signedOut);
  const headingId = useId();
  const t = useText(sessionsText);
  // The control the borrower used goes away (Try again, or the row signed out): the focus goes to the
  // block's heading rather than to the page's start, and the status line says what happened.
  const focusFor = phase === 'busy' ? 'retrying' : signedOut;
  const focusedFor = useRef<unknown>(null);
  useEffect(() => {
    if (focusFor !== null && focusedFor.current !== focusFor) document.getElementById(headingId)?.focus();
    focusedFor.current = focusFor;
  }, [focusFor, headingId]);
  // Nothing to show is nothing drawn: no heading over an empty block.
  if (phase === 'hidden' || (phase === 'ready' && sessions.length === 0)) return null;
  return (
    <section className="devices" aria-labelledby={headingId}>
      <h2 id={headingId} className="devices-heading" tabIndex={-1}>
        {t('heading')}
      </h2>
      {phase === 'busy' && <Loading label={t('loading')} />}
      {phase === 'failed' && <LoadError message={t.said(error ?? { key: 'loadFailed' })} onRetry={() => actor.send({ type: 'devices.retried' })} />}
      {phase === 'ready' && <DeviceList actor={actor} onSignOutThisDevice={onSignOutThisDevice} />}
    </section>
  );
}

function DeviceList({ actor, onSignOutThisDevice }: { actor: SessionsActor; onSignOutThisDevice: () => void }) {
  const sessions = useSelector(actor, (s) => s.context.sessions);
  const asking = useSelector(actor, (s) => s.hasTag('asking'));
  const signingOut = useSelector(actor, (s) => s.hasTag('signingOut'));
  const chosen = useSelector(actor, (s) => s.context.chosen);
  const signedOut = useSelector(actor, (s) => s.context.signedOut);
  const signOutError = useSelector(actor, (s) => s.context.signOutError);
  const t = useText(sessionsText);
  const common = useText(commonText);
  const name = (s: SessionItem) => t.said(deviceName(s));
  const chosenDevice = sessions.find((s) => s.id === chosen) ?? null;
  return (
    <>
      <p className="muted devices-intro">{t('intro')}</p>
      <p className="devices-status" role="status">
        {signedOut && t('signedOut', { device: name(signedOut) })}
      </p>
      {signOutError && (
        <p className="devices-error" role="alert">
          {t.said(signOutError)}
        </p>
      )}
      <ul className="card devices-list">
        {sessions.map((s) => {
          const method = methodKey(s.method);
          return (
            <li key={s.id} className="device">
              <p className="device-name">
                <span>{name(s)}</span>
                {s.current && <span className="device-this">{t('thisDevice')}</span>}
              </p>
              <Button
                variant="secondary"
                className="device-sign-out"
                aria-label={t('signOutDevice', { device: s.current ? t('thisDevice') : name(s) })}
                aria-haspopup="dialog"
                onClick={() => (s.current ? onSignOutThisDevice() : actor.send({ type: 'device.signOutTapped', id: s.id }))}
              >
                {t('signOut')}
              </Button>
              <div className="device-details">
                {method && <p className="muted">{t(method)}</p>}
                {s.signedInAt && <p className="muted">{t('signedInAt', { time: formatTime(s.signedInAt) })}</p>}
                {s.lastUsedAt && <p className="muted">{t('lastUsedAt', { time: formatTime(s.lastUsedAt) })}</p>}
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={asking}
        title={t('signOutQuestion', { device: chosenDevice ? name(chosenDevice) : '' })}
        keepLabel={common('cancel')}
        onKeep={() => actor.send({ type: 'signOut.declined' })}
        actLabel={t('signOut')}
        onAct={() => actor.send({ type: 'signOut.confirmed' })}
        busy={signingOut}
      >
        <p>{t('signOutConsequence')}</p>
      </ConfirmDialog>
    </>
  );
}
