import { register } from 'node:module';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';

/**
 * OpenTelemetry traces, loaded by preload.ts only when OTEL_EXPORTER_OTLP_ENDPOINT is set:
 * the server's HTTP requests (and its outgoing ones), PostgreSQL statements through `pg`, and
 * each mail sent over SMTP (traced-mail.ts wraps the transport; nodemailer has no
 * instrumentation of its own). Exported over OTLP/HTTP (protobuf) to the endpoint; the SDK
 * reads the other OTEL_* variables itself (OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_HEADERS…).
 *
 * The server's modules are ES modules, so the instrumentations patch them through the
 * import-in-the-middle hook, registered here before main.ts imports `pg` or `node:http`.
 * Statement texts are kept (they hold $1 placeholders), never their values.
 */
export function startTracing(settings: { serviceName: string }): { shutdown(): Promise<void> } {
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  process.env.OTEL_SERVICE_NAME ??= settings.serviceName;
  const sdk = new NodeSDK({
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation({
        // Health probes and scrapes every few seconds would drown the traces that matter.
        ignoreIncomingRequestHook: (request) => /^\/(api\/v1\/health|metrics)/.test(request.url ?? ''),
      }),
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
