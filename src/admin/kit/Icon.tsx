import { useMemo } from 'react';

/**
 * An icon of the Lucide set (lucide-static, the set the public site draws with), decorative:
 * the text beside it carries the meaning. `svg` is one of the package's named exports, a
 * trusted string; only its inner shapes are kept, in an <svg> of the size asked for.
 */
export function Icon({ svg, size = 18, className }: { svg: string; size?: number; className?: string }) {
  const inner = useMemo(() => svg.slice(svg.indexOf('>', svg.indexOf('<svg')) + 1, svg.lastIndexOf('</svg>')), [svg]);
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the shapes come from the icon package, never from people
      dangerouslySetInnerHTML={{ __html: inner }}
    />
  );
}
