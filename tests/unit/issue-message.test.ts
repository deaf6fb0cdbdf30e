import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { contentValueSchemas } from '#src/schemas/content.ts';
import { issueMessage } from '#src/schemas/issue-message.ts';
import { messages } from '#src/schemas/messages.ts';

/** The message a value gets from a schema, as the API answers it. */
function messageFor(schema: v.GenericSchema, value: unknown): string {
  const result = v.safeParse(schema, value);
  if (result.success) throw new Error(`${JSON.stringify(value)} was accepted`);
  return issueMessage(result.issues[0]);
}

describe('a broken rule in words', () => {
  it('says what a value of the wrong kind should be, never valibot’s own words', () => {
    const cases: [v.GenericSchema, unknown, string][] = [
      [v.string(), 12345, 'Must be text'],
      [v.number(), 'twelve', 'Must be a number'],
      [v.boolean(), 'yes', 'Must be yes or no'],
      [v.array(v.string()), 'a list', 'Must be a list'],
      [v.object({ a: v.string() }), 'x', 'Must be a group of named values'],
      [v.record(v.string(), v.string()), 7, 'Must be a group of named values'],
      [v.union([v.literal(''), v.string()]), 5, 'Must be text'],
      [v.union([v.string(), v.number()]), true, 'Must be text or a number'],
      [v.nullable(v.array(v.string())), 'x', 'Must be a list'],
      [v.picklist(['draft', 'published']), 5, 'Choose draft or published'],
      [v.date(), 'x', 'This value is not of the right kind'],
    ];
    for (const [schema, value, message] of cases) expect(messageFor(schema, value), JSON.stringify(value)).toBe(message);
  });

  it('names the kind a content value is, where the schema knows it', () => {
    expect(messageFor(contentValueSchemas.link, 'not a url')).toBe('Must be a link with an address and a label');
    expect(messageFor(contentValueSchemas.image, 'x')).toBe('Must be an image from the media library with its description');
    expect(messageFor(contentValueSchemas.list, {})).toBe('Must be a list of entries');
    expect(messageFor(contentValueSchemas.text, 12345)).toBe('Must be text');
  });

  it('says Required of a field left out, and of a required text sent as another kind says it must be text', () => {
    expect(messageFor(v.object({ a: v.string() }), {})).toBe(messages.required);
    expect(messageFor(v.object({ a: v.string(messages.required) }), {})).toBe(messages.required);
    expect(messageFor(v.string(messages.required), 12345)).toBe('Must be text');
  });

  it('puts a rule with no message of its own in words', () => {
    expect(messageFor(v.pipe(v.number(), v.minValue(0)), -1)).toBe('Must be at least 0');
    expect(messageFor(v.pipe(v.number(), v.maxValue(5)), 6)).toBe('Must be at most 5');
    expect(messageFor(v.pipe(v.string(), v.maxLength(3)), 'abcd')).toBe('Must be 3 characters or fewer');
    expect(messageFor(v.pipe(v.array(v.string()), v.maxLength(1)), ['a', 'b'])).toBe('Must have at most 1 entry');
    expect(messageFor(v.pipe(v.string(), v.uuid()), 'x')).toBe('This is not a valid id');
    expect(messageFor(v.pipe(v.string(), v.regex(/^a/)), 'b')).toBe('This value is not allowed');
  });

  it('keeps a schema’s own message, even one that starts like valibot’s', () => {
    expect(messageFor(v.string('Enter a name'), 5)).toBe('Enter a name');
    expect(messageFor(v.pipe(v.string(), v.email(messages.invalidEmail)), 'x')).toBe(messages.invalidEmail);
    expect(
      messageFor(
        v.pipe(
          v.string(),
          v.check(() => false, 'Invalid value: Expected a nicer one'),
        ),
        'x',
      ),
    ).toBe('Invalid value: Expected a nicer one');
  });
});
