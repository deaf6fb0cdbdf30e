import { describe, expect, it } from 'vitest';
import { waiting } from '#src/admin/screens/content/publish-words.ts';

describe('the publish bar’s words', () => {
  it('count the saved changes that wait when no build runs', () => {
    expect(waiting(0, undefined, null)).toBe('Every saved change is live.');
    expect(waiting(2, undefined, null)).toBe('2 saved changes wait to be published.');
    expect(waiting(3, 1, null)).toBe('3 saved changes wait to be published, 1 on this page.');
  });

  it('never say changes wait beside a build without saying what Publish does with them', () => {
    expect(waiting(2, undefined, 'building')).toBe('2 saved changes not in this build: Publish queues them for the next, which starts when this one ends.');
    expect(waiting(1, 0, 'queued')).toBe('1 saved change (none on this page) not in the waiting build yet: Publish adds it before it starts.');
    expect(waiting(0, undefined, 'building')).toBe('No saved change waits: this build takes the published content live.');
    for (const running of ['queued', 'building'] as const) expect(waiting(2, undefined, running)).not.toContain('wait to be published');
  });
});
