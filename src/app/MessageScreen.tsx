import { Link } from 'wouter';
import { Screen } from '../ui/Screen';

/** A page with one message and a way home: the "not available yet" and "not found" screens. */
export function MessageScreen({ title, message }: { title: string; message: string }) {
  return (
    <Screen title={title} backTo="/">
      <div className="empty">
        <p>{message}</p>
        <Link href="/" className="btn btn-primary">
          Go to Home
        </Link>
      </div>
    </Screen>
  );
}
