import { describe, expect, it } from 'vitest';
import { initialsOf } from '#src/lib/initials.ts';

describe('initialsOf', () => {
  it('takes the first letter of the first and last names, in capitals', () => {
    expect(initialsOf('Máire Ní Bhriain')).toBe('MB');
    expect(initialsOf('seán o’brien')).toBe('SO');
    expect(initialsOf('Aoife Ryan-Walsh')).toBe('AR');
  });
  it('gives one letter for one name, and nothing for none', () => {
    expect(initialsOf('  Declan ')).toBe('D');
    expect(initialsOf('   ')).toBe('');
  });
  it('skips a leading mark that is not a letter', () => {
    expect(initialsOf('“Dee” Kelly')).toBe('DK');
  });
});
