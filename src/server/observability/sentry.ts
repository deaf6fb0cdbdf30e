import * as Sentry from '@sentry/node';
import { safeError } from '../log-safe-error.ts';
import { setErrorReporter } from '../ops/error-reporting.ts';

/**
 * Error reporting through the Sentry SDK, loaded by preload.ts only when SENTRY_DSN is set.
 *
 * Errors only: no performance tracing (OpenTelemetry does that, tracing.ts), no request
 * bodies, cookies, headers, queries or users (`dataCollection`, and beforeSend drops what
 * is left of the request), and each exception's message is made safe as the log's is (a
 * failed statement's parameters are a visitor's details). The app's 500s and the process
 * handlers report through ops/error-reporting.ts, so Sentry's own process handlers are left out.
 */
export function startSentry(settings: { dsn: string; environment: string; release: string | undefined }): void {
  Sentry.init({
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    // Nothing about the people behind a request: no user, cookies, headers, bodies, queries,
    // statement values or local variables.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      stackFrameVariables: false,
    },
    // The OpenTelemetry set-up, if any, is tracing.ts's; Sentry adds no tracer or module hooks of its own.
    enableOpenTelemetrySetup: false,
    enableRuntimeChannelInjection: false,
    integrations: (defaults) => defaults.filter((integration) => !['OnUncaughtException', 'OnUnhandledRejection', 'Http'].includes(integration.name)),
    beforeSend(event) {
      delete event.request;
      delete event.user;
      for (const exception of event.exception?.values ?? []) {
        if (exception.value) exception.value = safeError({ message: exception.value }).message;
      }
      return event;
    },
    beforeBreadcrumb: () => null,
  });
  setErrorReporter({
    capture: (error, context) => {
      Sentry.captureException(error, { tags: context });
    },
    flush: async (timeoutMs) => {
      await Sentry.flush(timeoutMs);
    },
  });
}
