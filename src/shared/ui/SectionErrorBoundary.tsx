import { Component, type ErrorInfo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

export interface SectionErrorBoundaryProps {
  /** Names the section in the fallback, e.g. 'Recent Passwords'. */
  name: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** Keeps one failing section from taking the whole screen down; Retry renders it again. */
export class SectionErrorBoundary extends Component<SectionErrorBoundaryProps, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.name} failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => this.setState({ failed: false })}>
            Retry
          </Button>
        }
      >
        {this.props.name} could not be shown.
      </Alert>
    );
  }
}
