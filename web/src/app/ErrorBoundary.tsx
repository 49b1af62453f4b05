/**
 * ROUTE-009: a page that fails to load or render (e.g. a chunk missing after a deployment) is
 * replaced by /404 instead of leaving a blank area.
 */
import { Component, type ReactNode } from 'react';
import { Navigate } from 'react-router';

export default class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    return this.state.failed ? <Navigate to="/404" replace /> : this.props.children;
  }
}
