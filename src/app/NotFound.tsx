import { Link } from 'wouter';
import { Screen } from '../ui/Screen';

export default function NotFound() {
  return (
    <Screen title="Page not found" backTo="/">
      <div className="empty">
        <p>We could not find that page.</p>
        <Link href="/" className="btn btn-primary">
          Go to Home
        </Link>
      </div>
    </Screen>
  );
}
