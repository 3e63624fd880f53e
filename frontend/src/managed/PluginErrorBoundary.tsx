import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Component, type ReactNode } from 'react';

interface Props {
  /** What to show when the plugin breaks; gets a retry callback. */
  fallback: (retry: () => void) => ReactNode;
  /** Resets the boundary when it changes (e.g. another section or server). */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  key: string;
}

/** Keeps a failing plugin panel inside its box: the rest of the Managed Center keeps working. */
export class PluginErrorBoundary extends Component<Props, State> {
  state: State = { error: undefined, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('unknown') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { error: undefined, key: props.resetKey } : null;
  }

  componentDidCatch(error: unknown): void {
    console.error('Managed Center plugin failed', error);
  }

  render() {
    if (this.state.error !== undefined) return this.props.fallback(() => this.setState({ error: undefined }));
    return this.props.children;
  }
}

/** The standard fallback: a message and a retry button. */
export function SectionFailed({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      data-testid="section-failed"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
