import { describe, expect, it } from 'vitest';
import { recordKindLabel, recordLink } from '#src/admin/record-links.ts';
import { auditRecordKinds } from '#src/schemas/audit-log.ts';
import { $router } from '#src/admin/stores/router.ts';

const ID = '0b7d4a52-3c1e-4f7a-9d0e-5a8b2c6f1e93';

describe('a record’s link in the audit log and the mail list', () => {
  it('opens a back-office screen that exists, for every kind of record with a screen', () => {
    // Every kind the audit log keeps has a screen of its own.
    for (const kind of auditRecordKinds) {
      for (const leadKind of kind === 'lead' ? ['van', 'renewal'] : [null]) {
        const { href } = recordLink(`${kind}:${ID}`, { name: 'A record', leadKind } as never);
        expect(href, kind).toBeDefined();
        // The router's own matching, as a click on the link would be routed.
        const path = new URL(href!, 'https://x.ie').pathname;
        expect(
          $router.routes.some(([, pattern]) => pattern.test(path)),
          `${kind}: ${path}`,
        ).toBe(true);
      }
    }
  });

  it('names every kind the audit log filters by, in the words its links use', () => {
    for (const kind of auditRecordKinds) expect(recordKindLabel(kind), kind).not.toBe(kind);
    expect(recordKindLabel('contact')).toBe('Callback');
  });

  it('names a mail template, which lives in code, by its quoted name and never calls it deleted', () => {
    expect(recordLink('template:quote-received “Quote request received”', null)).toEqual({ text: 'Mail template “Quote request received”' });
    expect(recordLink('template-test:quote-received “Quote request received”', null)).toEqual({ text: 'Test of the mail template “Quote request received”' });
  });
});
