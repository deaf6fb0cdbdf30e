/**
 * The cover of a post that has none, so a list mixing posts with and without covers stays an
 * even grid: the site's road scene in miniature, in the brand's colours, with what the post is
 * about on the road (a truck for trucks and fleets, a shopfront for public liability, else a
 * van) and its sky chosen by the slug, so neighbouring cards differ. Decorative.
 */
const skies = ['#dcebf5', '#e6f2ea', '#fdebe1'] as const;

type Subject = 'van' | 'truck' | 'shop';

function subjectOf(tags: readonly string[]): Subject {
  const words = tags.join(' ').toLowerCase();
  if (words.includes('liability')) return 'shop';
  if (/truck|fleet|haul/.test(words)) return 'truck';
  return 'van';
}

const skyOf = (slug: string) => skies[[...slug].reduce((sum, char) => sum + char.charCodeAt(0), 0) % skies.length];

export function DefaultCover({ slug, tags }: { slug: string; tags: readonly string[] }) {
  const subject = subjectOf(tags);
  return (
    <svg className="post-card-cover post-card-cover-default" viewBox="0 0 320 180" aria-hidden="true" focusable="false">
      <rect width="320" height="180" fill={skyOf(slug)} />
      <circle cx="262" cy="44" r="20" fill="#fff" opacity="0.7" />
      <path d="M0 118c40-34 80-44 120-30s70 12 100-10 64-20 100 0v102H0Z" fill="#b9d7c4" />
      <path d="M0 134c48-20 96-24 140-10s80 10 118-6 44-6 62 0v62H0Z" fill="#8cbf9f" />
      <path d="M0 150h320v30H0Z" fill="#334155" />
      <path d="M18 165h26M72 165h26M126 165h26M180 165h26M234 165h26M288 165h26" stroke="#f8fafc" stroke-width="3" stroke-linecap="round" />
      <path d="M150 30h40v24c0 16-10 26-20 32-10-6-20-16-20-32Z" fill="#0b3d5c" />
      <path d="m160 52 7 7 13-14" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round" />
      {subject === 'van' && (
        <g>
          <rect x="58" y="118" width="62" height="30" rx="5" fill="#b8420f" />
          <path d="M120 126h14l10 12v10h-24Z" fill="#b8420f" />
          <circle cx="74" cy="150" r="8" fill="#1b2530" />
          <circle cx="128" cy="150" r="8" fill="#1b2530" />
        </g>
      )}
      {subject === 'truck' && (
        <g>
          <rect x="36" y="106" width="92" height="42" rx="4" fill="#fff" stroke="#0b3d5c" stroke-width="3" />
          <path d="M128 118h20l14 16v14h-34Z" fill="#0b3d5c" />
          <circle cx="56" cy="150" r="8" fill="#1b2530" />
          <circle cx="104" cy="150" r="8" fill="#1b2530" />
          <circle cx="146" cy="150" r="8" fill="#1b2530" />
        </g>
      )}
      {subject === 'shop' && (
        <g>
          <rect x="210" y="96" width="84" height="54" fill="#fff" stroke="#0b3d5c" stroke-width="3" />
          <path d="M204 96h96l-8-16h-80Z" fill="#b8420f" />
          <rect x="222" y="110" width="26" height="40" fill="#0b3d5c" />
          <rect x="258" y="110" width="26" height="20" fill="#dcebf5" />
        </g>
      )}
    </svg>
  );
}
