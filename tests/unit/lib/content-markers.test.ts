import { describe, expect, it } from 'vitest';
import { hasMarkers, markerKey, markText, parseMarkerKey, splitMarkers } from '#src/lib/content-markers.ts';

describe('content markers (draft previews)', () => {
  it('marks a text invisibly and finds it again, with where it sits', () => {
    const text = `Call ${markText('e1', 'us today')} or ${markText(markerKey('e2', { index: 3, field: 'title' }), 'write')}.`;
    expect(hasMarkers(text)).toBe(true);
    const { clean, pieces } = splitMarkers(text);
    expect(clean).toBe('Call us today or write.');
    expect(pieces.map((piece) => [piece.key, clean.slice(piece.start, piece.end)])).toEqual([
      ['e1', 'us today'],
      ['e2#3.title', 'write'],
    ]);
  });

  it('reads a list entry’s key back', () => {
    expect(parseMarkerKey('e2#3.title')).toEqual({ elementId: 'e2', entry: { index: 3, field: 'title' } });
    expect(parseMarkerKey('e1')).toEqual({ elementId: 'e1' });
  });

  it('leaves a text without markers as it is', () => {
    expect(hasMarkers('Plain words')).toBe(false);
    expect(splitMarkers('Plain words')).toEqual({ clean: 'Plain words', pieces: [] });
  });
});
