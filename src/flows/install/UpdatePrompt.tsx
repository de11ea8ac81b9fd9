/** 'A new version is available — Update' (issue 12): shown over every page while a new version waits. */
import { useSyncExternalStore } from 'react';
import { UPDATE_TEXT } from '../../../machines/install/install.rules';
import { Button } from '../../ui/Button';
import type { Updater } from './updater';
import './install.css';

export function UpdatePrompt({ updater }: { updater: Updater }) {
  const state = useSyncExternalStore(updater.subscribe, updater.state, updater.state);
  if (state !== 'waiting' && state !== 'updating') return null;
  return (
    <div className="update-prompt" role="status" aria-live="polite">
      <p>{UPDATE_TEXT.message}</p>
      <Button variant="link" onClick={() => updater.later()} disabled={state === 'updating'}>
        {UPDATE_TEXT.later}
      </Button>
      <Button onClick={() => updater.update()} busy={state === 'updating'}>
        {state === 'updating' ? UPDATE_TEXT.updating : UPDATE_TEXT.update}
      </Button>
    </div>
  );
}
