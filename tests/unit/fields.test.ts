import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { email, isValidPhone, isWebUrl, requiredText, url, URL_MAX } from '#src/schemas/fields.ts';
import { limitMessages } from '#src/schemas/messages.ts';
import { checkLeaf, type LeafField } from '#src/schemas/leads/form-definition.ts';
import { ContactCreateSchema } from '#src/schemas/contact.ts';
import { fieldErrors } from '#src/server/http/envelope.ts';

describe('phone rule: optional plus, then 3, 3 and 3 to 6 digits', () => {
  it.each(['0871234567', '087 123 4567', '087-123-4567', '+353 87 123 4567', '+353871234567', '01 234 5678', '061 555 0140', '123456789', '123456789012'])(
    'accepts %s',
    (value) => expect(isValidPhone(value)).toBe(true),
  );
  it.each(['', '12345678', '1234567890123', '++353871234567', '087 123 456a', '353+871234567', 'phone'])('refuses %s', (value) =>
    expect(isValidPhone(value)).toBe(false),
  );
});

describe('email rule', () => {
  it('accepts a normal address and trims it', () => {
    expect(v.parse(email, '  aoife@example.ie ')).toBe('aoife@example.ie');
  });
  it.each([
    ['', 'Required'],
    ['aoife', 'Invalid email address'],
    ['aoife@', 'Invalid email address'],
    [`${'a'.repeat(250)}@x.ie`, 'Invalid email address'],
  ])('refuses %j with %s', (value, message) => {
    const result = v.safeParse(email, value);
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe(message);
  });
});

describe('URL rule (Invalid URL)', () => {
  it.each(['https://www.example.ie/pay', 'http://example.ie', ' https://pay.example.ie/x?y=1 '])('accepts %j', (value) => {
    expect(v.parse(url, value)).toBe(value.trim());
  });
  it.each([
    ['', 'Required'],
    ['example.ie', 'Invalid URL'],
    ['javascript:alert(1)', 'Invalid URL'],
    ['data:text/html,hi', 'Invalid URL'],
    ['ftp://example.ie/file', 'Invalid URL'],
    ['https://', 'Invalid URL'],
    [`https://example.ie/${'a'.repeat(URL_MAX)}`, 'Invalid URL'],
  ])('refuses %j with %s', (value, message) => {
    const result = v.safeParse(url, value);
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe(message);
  });
  it('can insist on https (the payment link)', () => {
    expect(isWebUrl('https://pay.example.ie', ['https:'])).toBe(true);
    expect(isWebUrl('http://pay.example.ie', ['https:'])).toBe(false);
  });
});

describe('callback form schema', () => {
  it('reports each missing field as Required, once', () => {
    const result = v.safeParse(ContactCreateSchema, {});
    expect(result.success).toBe(false);
    expect(fieldErrors(result.issues ?? [])).toEqual([
      ...['name', 'email', 'phone', 'subject', 'message'].map((field) => ({ field, message: 'Required' })),
      { field: 'humanCheck', message: 'Please wait a moment while we check this form is not spam.' },
    ]);
  });

  it('turns recipientEmails given as text or a list into a list of addresses', () => {
    const base = { name: 'A', email: 'a@example.ie', phone: '0871234567', subject: 'S', message: 'M', humanCheck: 'solved' };
    expect(v.parse(ContactCreateSchema, { ...base, recipientEmails: ' x@a.ie, y@b.ie ,' }).recipientEmails).toEqual(['x@a.ie', 'y@b.ie']);
    expect(v.parse(ContactCreateSchema, { ...base, recipientEmails: ['x@a.ie'] }).recipientEmails).toEqual(['x@a.ie']);
    expect(v.safeParse(ContactCreateSchema, { ...base, recipientEmails: 'x@a.ie, nonsense' }).success).toBe(false);
    expect(v.safeParse(ContactCreateSchema, { ...base, recipientEmails: 'a@a.ie,b@a.ie,c@a.ie,d@a.ie,e@a.ie,f@a.ie' }).success).toBe(false);
  });
});

describe('control characters in text', () => {
  const text = requiredText(100);
  it.each([
    ['a\u0000b', 'NUL'],
    ['a\u001bb', 'escape'],
    ['a\u007fb', 'DEL'],
    ['a\u0085b', 'a C1 control'],
    ['a\ud800b', 'an unpaired high surrogate'],
    ['a\udc00b', 'an unpaired low surrogate'],
  ])('refuses %j (%s) with a message that says what to fix', (value) => {
    const result = v.safeParse(text, value);
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe(limitMessages.controlCharacter);
  });

  it('keeps tab, line breaks, accents and emoji', () => {
    expect(v.parse(text, 'Seán\tÓ Briain\r\nline two 🚐')).toBe('Seán\tÓ Briain\r\nline two 🚐');
  });

  it('is the rule of every quote form text answer too', () => {
    const field = { name: 'businessTrade', label: 'Trade', kind: 'text' } as LeafField;
    expect(checkLeaf(field, 'Plumbing\u0000')).toEqual({ error: limitMessages.controlCharacter });
    expect(checkLeaf({ ...field, kind: 'textarea' } as LeafField, 'Vans\nand trucks')).toEqual({ value: 'Vans\nand trucks' });
  });
});
