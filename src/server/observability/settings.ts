import * as v from 'valibot';
import { LOG_LEVELS } from '../log.ts';

/**
 * The observability block of the configuration (config.ts spreads it into its schema): the
 * log level, error reporting and traces. The preload (preload.ts) reads the same variables
 * before anything else is imported; a bad value is reported by config.ts at start-up.
 */
export const ObservabilityEnv = {
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`), 'info'),
  SENTRY_DSN: v.optional(v.pipe(v.string(), v.url('SENTRY_DSN must be a URL (the DSN from the Sentry project’s settings)'))),
  SENTRY_ENVIRONMENT: v.optional(v.pipe(v.string(), v.nonEmpty('SENTRY_ENVIRONMENT must not be empty'))),
  SENTRY_RELEASE: v.optional(v.pipe(v.string(), v.nonEmpty('SENTRY_RELEASE must not be empty'))),
  OTEL_EXPORTER_OTLP_ENDPOINT: v.optional(
    v.pipe(
      v.string(),
      v.url('OTEL_EXPORTER_OTLP_ENDPOINT must be a URL'),
      v.check((value) => /^https?:$/.test(new URL(value).protocol), 'OTEL_EXPORTER_OTLP_ENDPOINT must start with http:// or https://'),
    ),
  ),
  OTEL_SERVICE_NAME: v.optional(v.pipe(v.string(), v.nonEmpty('OTEL_SERVICE_NAME must not be empty')), 'broker-site'),
};

export const ObservabilitySchema = v.object(ObservabilityEnv);
export type ObservabilitySettings = v.InferOutput<typeof ObservabilitySchema>;

/** The settings from the environment, or null when one is invalid (config.ts then stops the server naming it). */
export function readObservabilitySettings(env: Record<string, string | undefined>): ObservabilitySettings | null {
  const present = Object.fromEntries(Object.entries(env).filter(([name, value]) => name in ObservabilityEnv && value !== undefined && value !== ''));
  const result = v.safeParse(ObservabilitySchema, present);
  return result.success ? result.output : null;
}
