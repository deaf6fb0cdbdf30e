import { describe, expect, it } from 'vitest';
import { deliveryRecord } from '#src/admin/screens/webhooks/webhook-words.ts';
import { WEBHOOK_EXAMPLES } from '#src/schemas/webhook-payloads.ts';

describe('the record a webhook delivery was about', () => {
  it('is named and linked from each event’s published payload', () => {
    expect(deliveryRecord('callback.received', WEBHOOK_EXAMPLES['callback.received'])).toEqual({
      text: 'Callback: Van insurance',
      href: '/admin/contacts/view/0b7d4a52-3c1e-4f7a-9d0e-5a8b2c6f1e93',
    });
    expect(deliveryRecord('quote.received', WEBHOOK_EXAMPLES['quote.received'])).toEqual({
      text: 'Quote: VQ-2026-000123',
      href: '/admin/quotes/view/6f2c9e14-8a3b-4d5c-b7e1-0f9a2d4c6b81',
    });
    expect(deliveryRecord('renewal.received', WEBHOOK_EXAMPLES['renewal.received'])?.href).toBe('/admin/renewals/view/3a8e5d27-1b4c-4e6f-8a9d-2c7b0e5f4a16');
    // A callback's status change carries no subject: named by the change, else by its kind alone.
    expect(deliveryRecord('status.changed', { data: { record: 'callback', id: 'c1', reference: null, from: 'new', to: 'contacted' } })?.text).toBe(
      'Callback: New to Contacted',
    );
    expect(deliveryRecord('status.changed', { data: { record: 'callback', id: 'c1', reference: null } })?.text).toBe('Callback');
    expect(deliveryRecord('status.changed', WEBHOOK_EXAMPLES['status.changed'])).toEqual({
      text: 'Quote: VQ-2026-000123',
      href: '/admin/quotes/view/6f2c9e14-8a3b-4d5c-b7e1-0f9a2d4c6b81',
    });
    expect(deliveryRecord('post.published', WEBHOOK_EXAMPLES['post.published'])).toEqual({
      text: 'Post: CVRT explained',
      href: '/admin/posts/edit/9c1f3e68-5d2a-4b7c-a0e4-8f6d1b3c5a72',
    });
  });

  it('is none for a payload that names no record it knows', () => {
    expect(deliveryRecord('status.changed', { data: { record: 'planet', id: 'x' } })).toBeNull();
    expect(deliveryRecord('quote.received', { data: {} })).toBeNull();
    expect(deliveryRecord('quote.received', null)).toBeNull();
  });
});
