/** A load that failed, said where its content would be, with the way to ask again (a timeline, a board's column). */
export function RetryAlert({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <p className="bo-alert" role="alert">
      {message}{' '}
      <button type="button" className="bo-button bo-button-link" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}
