import { describe, expect, it } from 'vitest';
import { officePlace } from '#src/site/office-place.ts';

describe('officePlace', () => {
  it('names the town before the Eircode and the place before the town', () => {
    expect(officePlace('Unit 4, Raheen Business Park, Limerick, V94 K2D3')).toEqual({ town: 'Limerick', place: 'Raheen Business Park' });
  });
  it('leaves out a county line and an Eircode written without its space', () => {
    expect(officePlace('12 Main Street, Ennis, Co. Clare, V95X2K7')).toEqual({ town: 'Ennis', place: '12 Main Street' });
  });
  it('labels the pin with the town when the address is only a town', () => {
    expect(officePlace('Galway')).toEqual({ town: 'Galway', place: 'Galway' });
  });
  it('gives nothing for an empty address, so no map is drawn', () => {
    expect(officePlace('  ,  ')).toBeNull();
  });
});
