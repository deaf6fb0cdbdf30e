import { describe, expect, it } from 'vitest';
import { promiseFor } from '#src/islands/lead-form/promise.ts';

describe('promiseFor', () => {
  it('promises the time a form really takes: the fleet form asks for every vehicle, so longer', () => {
    expect(promiseFor('van')[0]).toBe('About ten minutes');
    expect(promiseFor('fleet')[0]).toBe('About fifteen minutes, with your vehicle list to hand');
    expect(promiseFor('renewal').join()).not.toMatch(/minutes/);
  });
});
