import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Screen } from '../ui/Screen';
import { LoadError } from '../ui/Status';

interface Props {
  children: ReactNode;
  /** The route's title: the page keeps its header when its screen cannot be shown. */
  title: string;
  /** Offer a way home (not on the home page itself). */
  homeLink: boolean;
}

interface State {
  failed: boolean;
}

/**
 * Catches what a screen throws while rendering, most often a lazy chunk that could not be
 * downloaded (offline, a deploy replaced it): the borrower gets the page's header, a message, a
 * retry and a way home instead of a blank page. Retrying reloads the page so the current chunks
 * are fetched again.
 */
export class RouteErrorBoundary extends Component<Props, State> {
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
        <Screen title={this.props.title}>
          <LoadError
            message="This page could not be loaded. Please check your connection and try again."
            onRetry={() => window.location.reload()}
            homeLink={this.props.homeLink}
          />
        </Screen>
      );
    }
    return this.props.children;
  }
}
