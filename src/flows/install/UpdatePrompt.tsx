/** 'A new version is available — Update': shown over every page while a new version waits. */
import { useSyncExternalStore } from 'react';
import { installText } from '../../../i18n/en/install';
import { Button } from '../../ui/Button';
import { useText } from '../../ui/text';
import type { Updater } from './updater';
import './install.css';

export function UpdatePrompt({ updater }: { updater: Updater }) {
  const t = useText(installText);
  const state = useSyncExternalStore(updater.subscribe, updater.state, updater.state);
  if (state !== 'waiting' && state !== 'updating') return null;
  return (
    <div className="update-prompt" role="status" aria-live="polite">
      <p>{t('newVersion')}</p>
      <Button variant="link" onClick={() => updater.later()} disabled={state === 'updating'}>
        {t('later')}
      </Button>
      <Button onClick={() => updater.update()} busy={state === 'updating'}>
        {state === 'updating' ? t('updating') : t('update')}
      </Button>
    </div>
  );
}
