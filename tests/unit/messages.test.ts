import { describe, expect, it } from 'vitest';
import { messages } from '#src/schemas/messages.ts';
import { QR_SIZE } from '#src/admin/screens/login/TwoFactorSetup.tsx';
import { SWITCH_DEFAULT_HEIGHT, SWITCH_DEFAULT_WIDTH } from '#src/ui/Switch.tsx';
import { TEXTAREA_DEFAULT_ROWS } from '#src/ui/FormField.tsx';
import { DEFAULT_PAGE_SIZE } from '#src/schemas/paging.ts';

/** The product specification's wording and constants (sections 5, 8 and 9), word for word. */
describe('spec wording and constants', () => {
  it('keeps the shared validation messages exactly', () => {
    expect(messages).toEqual({
      required: 'Required',
      invalidPhone: 'Invalid phone number',
      invalidEmail: 'Invalid email address',
      invalidUrl: 'Invalid URL',
      invalidDate: 'Please enter a valid date',
      pickAddress: 'Please select an address from the list. If no options are available, please modify your search.',
    });
  });

  it('keeps the spec constants', () => {
    expect(QR_SIZE).toBe(250);
    expect([SWITCH_DEFAULT_HEIGHT, SWITCH_DEFAULT_WIDTH]).toEqual([28, 56]);
    expect(TEXTAREA_DEFAULT_ROWS).toBe(4);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
  });
});
