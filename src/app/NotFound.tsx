import { appText } from '../../i18n/en/app';
import { useText } from '../ui/text';
import { MessageScreen } from './MessageScreen';

export default function NotFound() {
  const t = useText(appText);
  return <MessageScreen title={t('notFound')} message={t('notFoundText')} />;
}
