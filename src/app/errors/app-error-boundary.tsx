/** The last line: a render error outside any route (providers, router) still ends in words and a Reload button. */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

type State = { error: unknown; failed: boolean };

export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Kept in the console for whoever is asked to look; the person reads what happened in words (ErrorScreen).
    console.error('Unhandled render error', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main id="main" tabIndex={-1} className="width-container main">
        <ErrorScreen error={this.state.error} />
      </main>
    );
  }
}
