import { Component, type ReactNode } from 'react';
import { messages } from '../lib/messages.ts';

interface LoadFailureBoundaryProps {
  children: ReactNode;
  /** A step's chunk could not load (use-login-flow.ts); a view's throws here itself (React.lazy). */
  failed: boolean;
  onReload: () => void;
}

/**
 * Says the page did not load, with a way to reload, where the flow would otherwise leave the
 * card empty: a chunk that failed after the one reload chunk-recovery.ts allows, or any other
 * error a view throws while rendering. React catches render errors only in a class; this one
 * instead of react-error-boundary keeps the first view's bundle as it is (decision 015).
 */
export class LoadFailureBoundary extends Component<LoadFailureBoundaryProps, { caught: boolean }> {
  override state = { caught: false };

  static getDerivedStateFromError() {
    return { caught: true };
  }

  override render() {
    if (!this.state.caught && !this.props.failed) return this.props.children;
    return (
      <div className="stack">
        <p className="error" role="alert">
          {messages.loadFailed}
        </p>
        <button type="button" className="button button--primary" onClick={this.props.onReload}>
          {messages.reloadPage}
        </button>
      </div>
    );
  }
}
