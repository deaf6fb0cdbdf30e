import { describe, expect, it } from 'vitest';
import { labelled } from '#src/server/leads/mails.ts';

describe('a question in the broker’s mail', () => {
  it('takes a colon unless it ends in its own stop', () => {
    expect(labelled('Registration')).toBe('Registration:');
    expect(labelled('What has changed?')).toBe('What has changed?');
    expect(labelled('I have taken reasonable care.')).toBe('I have taken reasonable care.');
    expect(labelled(' Name ')).toBe('Name:');
  });
});
