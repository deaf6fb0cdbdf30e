import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { MailTransport } from '../mail/transport.ts';

/**
 * The mail transport with a client span around each send (`smtp send`), for tracing.ts's
 * traces; loaded only when tracing is on. The span names the transport and counts the
 * recipients, never their addresses or the subject.
 */
export function tracedTransport(transport: MailTransport): MailTransport {
  const tracer = trace.getTracer('broker-site.mail');
  return {
    ...transport,
    send: (mail) =>
      tracer.startActiveSpan(
        transport.kind === 'smtp' ? 'smtp send' : 'mail file write',
        { kind: SpanKind.CLIENT, attributes: { 'mail.transport': transport.kind, 'mail.recipients': mail.envelopeTo.length } },
        async (span) => {
          try {
            return await transport.send(mail);
          } catch (error) {
            span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
            throw error;
          } finally {
            span.end();
          }
        },
      ),
  };
}
