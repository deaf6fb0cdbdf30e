/**
 * The cover of a post that has none, so a list mixing posts with and without covers stays an
 * even grid and a post's page opens the same way: the site's illustrations in miniature (the
 * flat style and colours of src/components/illustrations), showing what the post is about: a
 * shopfront for public liability, a roadside stop for claims, a lorry for trucks and haulage,
 * two vans for fleets, a price tag for costs, a speed sign and a licence with points for
 * penalty points and convictions (the convicted-drivers page's scene), else a van. Each subject
 * has its own sky, so no two topics' covers look alike. No words are drawn on the picture: the
 * topic is an HTML label beside it (PostCard.tsx), which stays sharp, translatable and in one
 * place. The side the scene stands on comes from the slug, so two of a topic side by side
 * differ and a post always has the same cover. Decorative: the topic is in the card's text too.
 */
export type CoverSubject = 'van' | 'fleet' | 'truck' | 'shop' | 'claims' | 'costs' | 'convictions';

/** Each subject's sky, from the illustrations' palette. */
const skies: Record<CoverSubject, string> = {
  van: '#dcebf5',
  fleet: '#eef5fa',
  truck: '#e6f2ea',
  shop: '#fdebe1',
  claims: '#fff4d6',
  costs: '#e6f2ea',
  convictions: '#fdebe1',
};

/** Which words of a topic call for which scene, from the most particular; any other topic draws a van. */
const SCENES: readonly [CoverSubject, RegExp][] = [
  ['convictions', /penalt|conviction/],
  ['shop', /liability/],
  ['claims', /claim/],
  ['truck', /truck|hgv|haul/],
  ['fleet', /fleet/],
  ['costs', /cost|price|premium/],
];

/**
 * The first topic that has a scene of its own decides, and names the cover; else the post's
 * first topic names a van's. Penalty points and convictions are rarely a topic of their own, so
 * the slug (the post's title) may call for their scene too; the label stays the first topic.
 */
export function coverOf(tags: readonly string[], slug = ''): { subject: CoverSubject; label: string } {
  for (const [subject, words] of SCENES) {
    const tag = tags.find((topic) => words.test(topic.toLowerCase()));
    if (tag) return { subject, label: tag };
    if (subject === 'convictions' && words.test(slug)) return { subject, label: tags[0] ?? '' };
  }
  return { subject: 'van', label: tags[0] ?? '' };
}

const hashOf = (slug: string) => [...slug].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 1_000_003, 7);

function Wheel({ x, y, r = 9 }: { x: number; y: number; r?: number }) {
  return (
    <>
      <circle cx={x} cy={y} r={r} fill="#1b2530" />
      <circle cx={x} cy={y} r={Math.round(r * 0.4)} fill="#cbd5e1" />
    </>
  );
}

/** A van facing right, its back at x, its wheels on the road. */
function Van({ x, body = '#b8420f', stripe = '#fdebe1' }: { x: number; body?: string; stripe?: string }) {
  return (
    <g transform={`translate(${x} 112)`}>
      <path d="M0 10a7 7 0 0 1 7-7h62l22 20h7a7 7 0 0 1 7 7v20H0Z" fill={body} />
      <path d="M72 8h-11v16h26Z" fill="#dcebf5" />
      <rect x="8" y="16" width="40" height="6" rx="3" fill={stripe} />
      <Wheel x={20} y={52} />
      <Wheel x={82} y={52} />
    </g>
  );
}

function Scene({ subject }: { subject: CoverSubject }) {
  switch (subject) {
    case 'van':
      return (
        <>
          <path d="M22 112 48 90l26 22v40H22Z" fill="#fff" stroke="#0b3d5c" strokeWidth="3" strokeLinejoin="round" />
          <rect x="40" y="124" width="14" height="28" fill="#0b3d5c" />
          <rect x="100" y="104" width="76" height="5" rx="2.5" fill="#94a3b8" />
          <Van x={92} />
        </>
      );
    case 'fleet':
      return (
        <>
          <rect x="28" y="70" width="196" height="82" rx="4" fill="#fff" stroke="#0b3d5c" strokeWidth="3" />
          <path d="M24 72h204" stroke="#0b3d5c" strokeWidth="8" strokeLinecap="round" />
          <rect x="44" y="88" width="70" height="64" fill="#dcebf5" />
          <rect x="138" y="88" width="70" height="64" fill="#dcebf5" />
          <Van x={14} />
          <Van x={124} body="#0b3d5c" stripe="#1d5f86" />
        </>
      );
    case 'truck':
      return (
        <>
          <rect x="20" y="98" width="150" height="54" rx="4" fill="#fff" stroke="#0b3d5c" strokeWidth="3" />
          <rect x="32" y="110" width="80" height="7" rx="3.5" fill="#b8420f" />
          <path d="M174 104a6 6 0 0 1 6-6h30l18 24 8 4v32h-62Z" fill="#0b3d5c" />
          <path d="M184 106h22l13 17h-35Z" fill="#dcebf5" />
          <Wheel x={42} y={162} />
          <Wheel x={64} y={162} />
          <Wheel x={190} y={162} />
          <Wheel x={222} y={162} />
        </>
      );
    case 'shop':
      return (
        <>
          <rect x="56" y="68" width="160" height="88" fill="#fff" stroke="#0b3d5c" strokeWidth="3" />
          <rect x="56" y="68" width="160" height="20" fill="#0b3d5c" />
          <path d="M50 88h172l-8 20H58Z" fill="#fff" stroke="#b8420f" strokeWidth="2" />
          {[0, 1, 2, 3, 4, 5, 6].map((i) => (
            <path key={i} d={`M${52 + i * 25} 88h12l-2 20h-10Z`} fill="#b8420f" />
          ))}
          <rect x="70" y="116" width="74" height="40" rx="2" fill="#dcebf5" />
          <rect x="160" y="116" width="40" height="40" rx="2" fill="#1d5f86" />
          <path d="M236 156l12-40h12l12 40" fill="#fff4d6" stroke="#933409" strokeWidth="3" strokeLinejoin="round" />
        </>
      );
    case 'costs':
      return (
        <>
          <Van x={20} />
          <g transform="rotate(-12 206 92)">
            <path d="M168 62h62a6 6 0 0 1 6 6v48a6 6 0 0 1-6 6h-62l-22-30Z" fill="#fff" stroke="#0b3d5c" strokeWidth="3" strokeLinejoin="round" />
            <circle cx="166" cy="92" r="5" fill="#0b3d5c" />
            <text x="206" y="104" textAnchor="middle" fontSize="34" fontWeight="700" fill="#b8420f">
              €
            </text>
          </g>
        </>
      );
    case 'convictions':
      return (
        <>
          <path d="M52 104v54" stroke="#64748b" strokeWidth="4" />
          <circle cx="52" cy="82" r="24" fill="#fff" stroke="#b8420f" strokeWidth="6" />
          <text x="52" y="91" textAnchor="middle" fontSize="22" fontWeight="700" fill="#1b2530">
            80
          </text>
          <Van x={96} />
          <g transform="translate(0 18) rotate(-6 226 62)">
            <rect x="184" y="30" width="86" height="56" rx="6" fill="#fff" stroke="#0b3d5c" strokeWidth="3" />
            <rect x="184" y="30" width="86" height="13" rx="6" fill="#0b3d5c" />
            <rect x="192" y="50" width="20" height="26" rx="3" fill="#dcebf5" />
            <rect x="220" y="52" width="42" height="5" rx="2.5" fill="#cbd5e1" />
            <circle cx="226" cy="74" r="4" fill="#b8420f" />
            <circle cx="238" cy="74" r="4" fill="#b8420f" />
            <circle cx="250" cy="74" r="4" fill="#b8420f" />
          </g>
        </>
      );
    case 'claims':
      return (
        <>
          <path d="M30 158 48 126l18 32Z" fill="#fff" stroke="#b8420f" strokeWidth="5" strokeLinejoin="round" />
          <Van x={84} body="#0b3d5c" stripe="#1d5f86" />
          <circle cx="88" cy="128" r="4" fill="#b8420f" />
          <g transform="rotate(5 200 78)">
            <rect x="170" y="30" width="60" height="78" rx="5" fill="#fff" stroke="#0b3d5c" strokeWidth="3" />
            <rect x="182" y="46" width="36" height="5" rx="2.5" fill="#cbd5e1" />
            <rect x="182" y="58" width="28" height="5" rx="2.5" fill="#cbd5e1" />
            <path d="m184 84 8 8 16-16" fill="none" stroke="#1e7a46" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
          </g>
        </>
      );
  }
}

export function DefaultCover({ slug, tags, className = 'post-card-cover' }: { slug: string; tags: readonly string[]; className?: string }) {
  const hash = hashOf(slug);
  const { subject } = coverOf(tags, slug);
  // Half the covers stand the scene on the other side, so two of a topic side by side differ
  // (not the claims, costs or convictions scenes: a tick, a € or a speed limit would read backwards).
  const flip = hash % 2 === 1 && subject !== 'claims' && subject !== 'costs' && subject !== 'convictions';
  return (
    <svg
      className={`${className} cover-default`}
      viewBox="0 0 320 180"
      preserveAspectRatio="xMidYMax slice"
      aria-hidden="true"
      focusable="false"
      data-cover={subject}
    >
      <rect width="320" height="180" fill={skies[subject]} />
      <circle cx={flip ? 58 : 262} cy="40" r="18" fill="#fff" opacity="0.75" />
      <path d="M0 118c40-34 80-44 120-30s70 12 100-10 64-20 100 0v102H0Z" fill="#b9d7c4" />
      <path d="M0 134c48-20 96-24 140-10s80 10 118-6 44-6 62 0v62H0Z" fill="#8cbf9f" />
      <path d="M0 158h320v22H0Z" fill="#334155" />
      <path d="M18 170h26M72 170h26M126 170h26M180 170h26M234 170h26M288 170h26" stroke="#f8fafc" strokeWidth="3" strokeLinecap="round" />
      <g transform={flip ? 'translate(320 0) scale(-1 1)' : undefined}>
        <Scene subject={subject} />
      </g>
    </svg>
  );
}
