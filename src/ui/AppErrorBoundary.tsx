import type { ComponentType, ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { chunkFailureName } from '../lib/chunk-load.ts';
import { installChunkRecovery, recoverFromChunkFailure } from './chunk-recovery.ts';

/** The fallback heading when a screen fails to render. */
export const UNEXPECTED_ERROR_HEADING = 'Unexpected Application Error!';

installChunkRecovery();

type HeadingLevel = 'h1' | 'h2';

function ErrorScreen({ error, heading: Heading }: FallbackProps & { heading: HeadingLevel }) {
  const name = chunkFailureName(error) ?? (error instanceof Error ? error.name : 'Error');
  const screen = (
    <div className="app-error" role="alert">
      <Heading>{UNEXPECTED_ERROR_HEADING}</Heading>
      <p>
        <code>{name}</code>
      </p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </div>
  );
  // The back-office's boundary (h1) replaces the whole page, its <main> included: the error is then the page's main content.
  return Heading === 'h1' ? <main id="main">{screen}</main> : screen;
}

/**
 * Around the back-office and each island: a render error shows 'Unexpected Application Error!'
 * with a reload button instead of a blank screen; a chunk that failed to load reloads the page
 * once first, since after a redeploy the new build has it under another name.
 */
export function AppErrorBoundary({ children, heading = 'h2' }: { children: ReactNode; heading?: HeadingLevel }) {
  return (
    <ErrorBoundary fallbackRender={(props) => <ErrorScreen {...props} heading={heading} />} onError={(error) => void recoverFromChunkFailure(error)}>
      {children}
    </ErrorBoundary>
  );
}

/** An island's default export wrapped in the boundary: `export default withAppErrorBoundary(LeadForm)`. */
export function withAppErrorBoundary<P extends object>(Island: ComponentType<P>): ComponentType<P> {
  const Wrapped = (props: P) => (
    <AppErrorBoundary>
      <Island {...props} />
    </AppErrorBoundary>
  );
  Wrapped.displayName = `WithAppErrorBoundary(${Island.displayName ?? Island.name})`;
  return Wrapped;
}
