import { Component, type ReactNode } from 'react';

interface QuietBoundaryState {
  failed: boolean;
}

/**
 * Renders nothing instead of its children when they throw. Header widgets sit in one, so a surprise in
 * one widget's data (the server is built in parallel) hides that widget instead of taking the shell down.
 */
export class QuietBoundary extends Component<{ children: ReactNode }, QuietBoundaryState> {
  override state: QuietBoundaryState = { failed: false };

  static getDerivedStateFromError(): QuietBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('A shell widget failed and was hidden:', error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
