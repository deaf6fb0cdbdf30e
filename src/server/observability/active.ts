import type { MailTransport } from '../mail/transport.ts';

/**
 * What preload.ts started in this process, for main.ts: tracing's shutdown (to send the last
 * spans on exit) and whether the mail transport is to be traced. Empty when the server was
 * started without the preload or with neither SENTRY_DSN nor OTEL_EXPORTER_OTLP_ENDPOINT set.
 */
export const observabilityStarted: { tracing: { shutdown(): Promise<void> } | null; errorReporting: boolean } = { tracing: null, errorReporting: false };

/** The transport, traced when tracing runs (traced-mail.ts is loaded only then). */
export async function withMailTracing(transport: MailTransport): Promise<MailTransport> {
  if (!observabilityStarted.tracing) return transport;
  const { tracedTransport } = await import('./traced-mail.ts');
  return tracedTransport(transport);
}
