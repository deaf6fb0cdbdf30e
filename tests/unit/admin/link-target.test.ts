import { describe, expect, it } from 'vitest';
import { linkTarget } from '#src/admin/rich-text/link-target.ts';

describe('a link typed in the post editor', () => {
  it('keeps web addresses, this site’s paths and mail and phone links as they are', () => {
    expect(linkTarget(' https://www.rsa.ie/cvrt ')).toBe('https://www.rsa.ie/cvrt');
    expect(linkTarget('/van-insurance-quotes')).toBe('/van-insurance-quotes');
    expect(linkTarget('mailto:sales@shannon-insurance.ie')).toBe('mailto:sales@shannon-insurance.ie');
    expect(linkTarget('tel:+35361123456')).toBe('tel:+35361123456');
  });

  it('completes what people usually type', () => {
    expect(linkTarget('www.rsa.ie')).toBe('https://www.rsa.ie');
    expect(linkTarget('rsa.ie/cvrt')).toBe('https://rsa.ie/cvrt');
    expect(linkTarget('sales@shannon-insurance.ie')).toBe('mailto:sales@shannon-insurance.ie');
    expect(linkTarget('061 123 456')).toBe('tel:061123456');
  });

  it('refuses what the blog would not keep', () => {
    for (const typed of ['', 'javascript:alert(1)', '//evil.example', 'data:text/html,x', 'two words', 'ftp://files.example.ie']) {
      expect(linkTarget(typed)).toBeNull();
    }
  });
});
