/**
 * Loaded before the server (`node --import ./src/server/observability/preload.ts src/server/main.ts`):
 * starts error reporting when SENTRY_DSN is set and traces when OTEL_EXPORTER_OTLP_ENDPOINT
 * is set. Either has to start before main.ts imports what it instruments. With neither set
 * it imports nothing more: no Sentry, no OpenTelemetry in the process
 * (docs/operations/monitoring.md#errors-and-traces).
 */
import { observabilityStarted } from './active.ts';
import { readObservabilitySettings } from './settings.ts';

const settings = readObservabilitySettings(process.env);
if (settings?.SENTRY_DSN) {
  const { startSentry } = await import('./sentry.ts');
  startSentry({
    dsn: settings.SENTRY_DSN,
    environment: settings.SENTRY_ENVIRONMENT ?? process.env.NODE_ENV ?? 'development',
    release: settings.SENTRY_RELEASE,
  });
  observabilityStarted.errorReporting = true;
}
if (settings?.OTEL_EXPORTER_OTLP_ENDPOINT) {
  const { startTracing } = await import('./tracing.ts');
  observabilityStarted.tracing = startTracing({ serviceName: settings.OTEL_SERVICE_NAME });
}
