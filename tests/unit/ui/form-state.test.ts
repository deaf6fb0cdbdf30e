import { describe, expect, it } from 'vitest';
import { messages } from '#src/schemas/messages.ts';
import { joinIds, visibleError } from '#src/ui/form-state.ts';

describe('visibleError: errors show only after a field is touched, or during async validation', () => {
  it('hides the error of an untouched field', () => {
    expect(visibleError(messages.required, false, false)).toBeUndefined();
    expect(visibleError(messages.required, false)).toBeUndefined();
  });

  it('shows the error once the field is touched', () => {
    expect(visibleError(messages.invalidEmail, true, false)).toBe('Invalid email address');
    expect(visibleError(messages.invalidEmail, true)).toBe('Invalid email address');
  });

  it('shows the error during async validation even before the field is touched', () => {
    expect(visibleError(messages.pickAddress, false, true)).toBe(messages.pickAddress);
    expect(visibleError(messages.pickAddress, true, true)).toBe(messages.pickAddress);
  });

  it.each([undefined, null, '', '   '])('shows nothing when there is no error (%j), whatever the state', (error) => {
    expect(visibleError(error, true, true)).toBeUndefined();
    expect(visibleError(error, true, false)).toBeUndefined();
    expect(visibleError(error, false, true)).toBeUndefined();
    expect(visibleError(error, false, false)).toBeUndefined();
  });
});

describe('joinIds: the value of aria-describedby', () => {
  it('joins the ids present, in order', () => {
    expect(joinIds('hint', 'email-error')).toBe('hint email-error');
    expect(joinIds(undefined, 'email-error', false, null)).toBe('email-error');
  });
  it('is undefined when there is nothing to point at, so the attribute is left out', () => {
    expect(joinIds()).toBeUndefined();
    expect(joinIds(undefined, false, null, '')).toBeUndefined();
  });
});
