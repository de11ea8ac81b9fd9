import { Link } from 'wouter';
import { paths } from '../../machines/shared/paths';
import { Screen } from '../ui/Screen';

/** A page with one message and a way home: the "not available yet" and "not found" screens. */
export function MessageScreen({ title, message }: { title: string; message: string }) {
  return (
    <Screen title={title} backTo={paths.home.href()}>
      <div className="empty">
        <p>{message}</p>
        <Link href={paths.home.href()} className="btn btn-primary">
          Go to Home
        </Link>
      </div>
    </Screen>
  );
}
