import { Component, type ErrorInfo, type ReactNode } from 'react';
import { LoadError } from '../ui/Status';

interface State {
  failed: boolean;
}

/**
 * Catches what a screen throws while rendering, most often a lazy chunk that could not be
 * downloaded (offline, a deploy replaced it): the borrower gets a message and a retry instead of a
 * blank page. Retrying reloads the page so the current chunks are fetched again.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn('screen failed to render', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return (
        <LoadError message="This page could not be loaded. Please check your connection and try again." onRetry={() => window.location.reload()} />
      );
    }
    return this.props.children;
  }
}
