// The generic fallback: 'Something went wrong!' with a Show Error / Hide Error toggle.
// Deliberately antd-free: it wraps the whole app, so it must render even when a chunk failed to load.
import { Component, type ErrorInfo, type ReactNode } from "react";

interface Props {
  children: ReactNode;
  /** When this changes (e.g. the path), a caught error is dropped and the children are tried again. */
  resetKey?: unknown;
  /** Inside the layout: fill the content area instead of the whole page. */
  inline?: boolean;
}

interface State {
  error: Error | null;
  showDetails: boolean;
  resetKey?: unknown;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, showDetails: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)), showDetails: false };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, error: null, showDetails: false };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Unhandled error in the console UI", error, info.componentStack);
  }

  private toggleDetails = () => this.setState((state) => ({ showDetails: !state.showDetails }));

  override render() {
    const { error, showDetails } = this.state;
    if (!error) return this.props.children;
    return (
      <div className={this.props.inline ? "app-message app-message--inline" : "app-message"} role="alert">
        <div className="app-message__card">
          <h1 className="app-message__title">Something went wrong!</h1>
          <p className="app-message__text">The page could not be displayed. Reloading usually helps.</p>
          <div className="app-message__actions">
            <button type="button" className="app-button" onClick={this.toggleDetails} aria-expanded={showDetails}>
              {showDetails ? "Hide Error" : "Show Error"}
            </button>
            <button type="button" className="app-button app-button--primary" onClick={() => window.location.reload()}>
              Reload page
            </button>
          </div>
          {showDetails ? (
            <pre className="app-error-details" data-testid="error-details">
              {error.message}
              {error.stack ? `\n\n${error.stack}` : ""}
            </pre>
          ) : null}
        </div>
      </div>
    );
  }
}
