import { Component, type ErrorInfo, type ReactNode } from 'react';
import { appText } from '../../i18n/en/app';
import { Screen } from '../ui/Screen';
import { LoadError } from '../ui/Status';
import { useText } from '../ui/text';

interface Props {
  children: ReactNode;
  /** The route's title (in the borrower's language): the page keeps its header when its screen cannot be shown. */
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
    if (this.state.failed) return <PageFailed title={this.props.title} homeLink={this.props.homeLink} />;
    return this.props.children;
  }
}

/** The page's header, why it is empty, a retry (a reload fetches the current chunks) and a way home. */
function PageFailed({ title, homeLink }: Omit<Props, 'children'>) {
  const t = useText(appText);
  return (
    <Screen title={title}>
      <LoadError message={t('pageFailed')} onRetry={() => window.location.reload()} homeLink={homeLink} />
    </Screen>
  );
}
