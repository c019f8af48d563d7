import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** "mf-results/Banner": for the log line. */
  label: string;
  fallback: (retry: () => void) => ReactNode;
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** Catches a remote that cannot be fetched or a widget that throws, so the page around it lives on. */
export class WidgetBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`remote widget ${this.props.label} failed`, error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.props.onRetry) : this.props.children;
  }
}
