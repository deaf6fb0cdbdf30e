import { describe, expect, it } from 'vitest';
import { coverOf } from '#src/islands/blog/DefaultCover.tsx';

describe('a post’s default cover', () => {
  it('draws the scene of its most particular topic and names that topic on it', () => {
    expect(coverOf(['Public liability', 'Claims', 'Costs'])).toEqual({ subject: 'shop', label: 'Public liability' });
    expect(coverOf(['Vans', 'Trucks', 'Road safety'])).toEqual({ subject: 'truck', label: 'Trucks' });
    expect(coverOf(['Vans', 'Costs', 'Renewals'])).toEqual({ subject: 'costs', label: 'Costs' });
  });

  it('draws the convicted-drivers scene for penalty points and convictions, from a topic or the slug', () => {
    expect(coverOf(['Vans', 'Fleet', 'Renewals'], 'penalty-points-convictions-and-your-commercial-vehicle-insurance')).toEqual({
      subject: 'convictions',
      label: 'Vans',
    });
    expect(coverOf(['Convictions'])).toEqual({ subject: 'convictions', label: 'Convictions' });
    expect(coverOf(['Vans', 'Fleet'], 'running-a-small-fleet')).toEqual({ subject: 'fleet', label: 'Fleet' });
  });

  it('draws a van named by the first topic when no topic has a scene, and no name without topics', () => {
    expect(coverOf(['Road safety', 'Vans'])).toEqual({ subject: 'van', label: 'Road safety' });
    expect(coverOf([])).toEqual({ subject: 'van', label: '' });
  });
});
