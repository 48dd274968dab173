import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { forgetRemote } from '../federation/remoteLoader';
import { RemoteUnavailable } from './RemoteUnavailable';

interface Props {
  remote: string;
  /** Asks the route to load the remote again (after the boundary has been cleared). */
  onRetry: () => void;
  children: ReactNode;
}

/** A chunk of a redeployed remote is gone: the remote must be fetched anew, not re-rendered. */
function isChunkLoadFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk .* failed|Failed to fetch dynamically imported module/i.test(error.message)
  );
}

/**
 * Contains a remote page that throws while rendering: only the page's own section shows the error, the
 * shell's chrome and other remotes carry on. The route keys it by path, so going to another page resets it.
 */
export class RemoteErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Remote ${this.props.remote} failed while rendering`, error, info.componentStack);
    if (isChunkLoadFailure(error)) forgetRemote(this.props.remote);
  }

  private readonly retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    if (this.state.error) return <RemoteUnavailable remote={this.props.remote} onRetry={this.retry} />;
    return this.props.children;
  }
}
