import { Link } from 'wouter';
import { commonText } from '../../i18n/en/common';
import { paths } from '../../machines/shared/paths';
import { Screen } from '../ui/Screen';
import { useText } from '../ui/text';

/** A page with one message and a way home: the "not available yet" and "not found" screens. */
export function MessageScreen({ title, message }: { title: string; message: string }) {
  const t = useText(commonText);
  return (
    <Screen title={title} backTo={paths.home.href()}>
      <div className="empty">
        <p>{message}</p>
        <Link href={paths.home.href()} className="btn btn-primary">
          {t('goHome')}
        </Link>
      </div>
    </Screen>
  );
}
