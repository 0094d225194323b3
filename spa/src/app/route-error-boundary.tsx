import { Component, type ReactNode } from 'react';
import { ReloadRetry } from '@/components/ui/reload-retry';

type Props = { children: ReactNode; /** A new value (the address) clears a shown error. */ resetKey?: string };
type State = { failed: boolean; key?: string };

/**
 * Catches a screen that could not render, above all a lazily loaded chunk that failed to arrive
 * (the network dropped, or a deploy replaced the file): the page says so and offers to reload,
 * instead of going blank. Going to another address tries again.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.key) return null;
    return { key: props.resetKey, failed: false };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="empty-state" role="alert">
        <h2>Não foi possível abrir esta página</h2>
        <p>Verifique sua conexão e tente novamente.</p>
        <ReloadRetry />
      </div>
    );
  }
}
