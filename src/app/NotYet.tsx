import { Link } from 'wouter';
import { Screen } from '../ui/Screen';
import { findRoute } from './routes';

/** The one placeholder: routes whose screens later issues build (the README lists them). */
export default function NotYet() {
  const title = findRoute(window.location.pathname)?.route.title ?? 'Not available';
  return (
    <Screen title={title} backTo="/">
      <div className="empty">
        <p>This screen is not available yet.</p>
        <Link href="/" className="btn btn-primary">
          Go to Home
        </Link>
      </div>
    </Screen>
  );
}
