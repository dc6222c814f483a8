import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ServerErrorPage } from './ServerErrorPage';

interface Props {
  children: ReactNode;
}

interface State {
  error: unknown;
}

/**
 * Route-level boundary: a page that throws while rendering shows the 500 page inside the layout.
 * Keyed by location in `AppRoutes`, so navigating elsewhere starts afresh.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('Unknown render error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.warn('Page failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error ? <ServerErrorPage /> : this.props.children;
  }
}
