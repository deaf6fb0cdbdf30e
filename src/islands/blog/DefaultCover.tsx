/**
 * The cover of a post that has none, so a list mixing posts with and without covers stays an
 * even grid and a post's page opens the same way. A family of its own, apart from the pages'
 * hero scenes (src/components/illustrations, a subject on a road under a sky): each cover is
 * a close-up of one object on a flat field of colour, in the same flat style and palette, no
 * horizon and no people: a key and its tag for vans, a calendar with one date ringed for
 * fleets (one renewal date), a dashboard dial for trucks and haulage, a certificate with its
 * seal for public liability, a phone photographing the scene for claims, a price tag and a
 * calculator for costs, and a speed-limit sign with a licence's points for penalty points and
 * convictions. Each subject has its own field colour, so no two topics' covers look alike. No
 * words are drawn on the picture: the topic is an HTML label beside it (PostCard.tsx), which
 * stays sharp, translatable and in one place. The side the field's soft disc stands on comes from
 * the slug, so two of a topic side by side differ and a post always has the same cover.
 * Decorative: the topic is in the card's text too.
 */
export type CoverSubject = 'van' | 'fleet' | 'truck' | 'shop' | 'claims' | 'costs' | 'convictions';

/** Each subject's field of colour, from the illustrations' palette: no two topics share one. */
const fields: Record<CoverSubject, string> = {
  van: '#dcebf5',
  fleet: '#e3f4ea',
  truck: '#fff4d6',
  shop: '#fdebe1',
  claims: '#eef5fa',
  costs: '#d9efe1',
  convictions: '#e2e8f0',
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

const NAVY = '#0b3d5c';
const MID = '#1d5f86';
const ORANGE = '#b8420f';
const ORANGE_DARK = '#933409';
const LINE = '#cbd5e1';
const PALE = '#dcebf5';
const GREEN = '#1e7a46';

/** Ticks round a dial's face, from one angle to another (degrees, clockwise from three o'clock). */
function ticks(cx: number, cy: number, r: number, from: number, to: number, count: number) {
  return Array.from({ length: count }, (_, index) => {
    const angle = ((from + ((to - from) * index) / (count - 1)) * Math.PI) / 180;
    const inner = index % 2 === 0 ? r - 12 : r - 7;
    const at = (radius: number) => `${(cx + radius * Math.cos(angle)).toFixed(1)} ${(cy + radius * Math.sin(angle)).toFixed(1)}`;
    return <path key={index} d={`M${at(inner)}L${at(r - 2)}`} stroke={NAVY} strokeWidth={index % 2 === 0 ? 3 : 2} strokeLinecap="round" />;
  });
}

function Subject({ subject, field }: { subject: CoverSubject; field: string }) {
  switch (subject) {
    case 'van':
      // A van's key on its ring, with a tag.
      return (
        <>
          <circle cx="104" cy="58" r="17" fill="none" stroke="#64748b" strokeWidth="5" />
          <g transform="rotate(-16 92 118)">
            <path d="M52 96h62a6 6 0 0 1 6 6v34a6 6 0 0 1-6 6H52l-14-23Z" fill={ORANGE} />
            <circle cx="52" cy="119" r="5" fill={field} />
            <rect x="64" y="110" width="44" height="6" rx="3" fill="#fdebe1" />
            <rect x="64" y="122" width="30" height="6" rx="3" fill="#fdebe1" />
          </g>
          <path d="M92 70c-14 10-30 26-40 42" fill="none" stroke="#64748b" strokeWidth="3" />
          <circle cx="146" cy="88" r="30" fill={NAVY} />
          <circle cx="138" cy="80" r="9" fill={field} />
          <rect x="168" y="80" width="104" height="16" rx="5" fill={NAVY} />
          <path d="M226 96h10v14h10v-14h8v20h10v-20h8" fill={NAVY} />
          <rect x="190" y="85" width="70" height="4" rx="2" fill={MID} />
        </>
      );
    case 'fleet':
      // A calendar with one date ringed: one renewal date for every vehicle.
      return (
        <>
          <rect x="92" y="30" width="136" height="128" rx="10" fill="#fff" stroke={NAVY} strokeWidth="3" />
          <path d="M92 58V40a10 10 0 0 1 10-10h116a10 10 0 0 1 10 10v18Z" fill={NAVY} />
          <rect x="118" y="20" width="9" height="22" rx="4.5" fill={MID} />
          <rect x="193" y="20" width="9" height="22" rx="4.5" fill={MID} />
          {[0, 1, 2, 3].map((row) =>
            [0, 1, 2, 3, 4].map((column) => (
              <rect
                key={`${row}-${column}`}
                x={106 + column * 23}
                y={70 + row * 21}
                width="16"
                height="13"
                rx="3"
                fill={row === 1 && column === 3 ? ORANGE : PALE}
              />
            )),
          )}
          <circle cx="183" cy="97.5" r="15" fill="none" stroke={ORANGE} strokeWidth="3" />
          <circle cx="236" cy="148" r="18" fill={GREEN} />
          <path d="m227 148 6 6 12-12" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
        </>
      );
    case 'truck':
      // A dashboard's dials: the speedometer and the tachograph beside it.
      return (
        <>
          <rect x="52" y="120" width="216" height="60" rx="14" fill={NAVY} />
          <circle cx="140" cy="96" r="62" fill={NAVY} />
          <circle cx="140" cy="96" r="52" fill="#fff" />
          {ticks(140, 96, 52, 150, 390, 13)}
          <path d="M172 62a46 46 0 0 1 14 20" fill="none" stroke={ORANGE} strokeWidth="5" strokeLinecap="round" />
          <path d="M140 96 112 72" stroke={ORANGE} strokeWidth="5" strokeLinecap="round" />
          <circle cx="140" cy="96" r="8" fill={NAVY} />
          <circle cx="232" cy="118" r="32" fill={NAVY} />
          <circle cx="232" cy="118" r="24" fill={PALE} />
          <path d="M232 118v-17M232 118l12 7" stroke={NAVY} strokeWidth="4" strokeLinecap="round" />
          <path d="M214 118a18 18 0 0 1 9-15.6" fill="none" stroke={GREEN} strokeWidth="4" strokeLinecap="round" />
        </>
      );
    case 'shop':
      // A certificate of cover with its seal.
      return (
        <>
          <g transform="rotate(-4 156 96)">
            <rect x="98" y="20" width="122" height="148" rx="6" fill="#fff" stroke={NAVY} strokeWidth="3" />
            <rect x="114" y="38" width="90" height="10" rx="3" fill={NAVY} />
            {[62, 76, 90, 104].map((y, index) => (
              <rect key={y} x="114" y={y} width={index % 2 === 0 ? 90 : 70} height="6" rx="3" fill={LINE} />
            ))}
            <rect x="114" y="124" width="44" height="6" rx="3" fill={LINE} />
          </g>
          <path d="M196 150l-10 30 14-8 10 12 6-32Z" fill={ORANGE_DARK} />
          <path d="M220 150l10 30-14-8-10 12-6-32Z" fill={ORANGE_DARK} />
          <circle cx="208" cy="138" r="28" fill={ORANGE} />
          <circle cx="208" cy="138" r="20" fill="none" stroke="#fdebe1" strokeWidth="3" />
          <path d="m198 138 7 7 13-13" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
        </>
      );
    case 'claims':
      // A phone taking photos at the scene, with the warning triangle set out.
      return (
        <>
          <g transform="rotate(-8 150 96)">
            <rect x="106" y="12" width="88" height="160" rx="16" fill={NAVY} />
            <rect x="114" y="30" width="72" height="114" rx="5" fill={PALE} />
            <path
              d="M122 40h12M122 40v12M178 40h-12M178 40v12M122 134h12M122 134v-12M178 134h-12M178 134v-12"
              stroke="#fff"
              strokeWidth="3"
              strokeLinecap="round"
            />
            <path d="M128 100a4 4 0 0 1 4-4h22l10 10h4a4 4 0 0 1 4 4v10h-44Z" fill={MID} />
            <circle cx="138" cy="120" r="5" fill="#1b2530" />
            <circle cx="162" cy="120" r="5" fill="#1b2530" />
            <circle cx="150" cy="157" r="8" fill="#fff" />
          </g>
          <path d="M222 160 248 114l26 46Z" fill="#fff" stroke={ORANGE} strokeWidth="7" strokeLinejoin="round" />
        </>
      );
    case 'costs':
      // A calculator and a price tag.
      return (
        <>
          <g transform="rotate(-6 112 96)">
            <rect x="66" y="26" width="92" height="136" rx="12" fill={NAVY} />
            <rect x="78" y="40" width="68" height="26" rx="4" fill="#e3f4ea" />
            <rect x="112" y="49" width="26" height="8" rx="3" fill={GREEN} />
            {[0, 1, 2, 3].map((row) =>
              [0, 1, 2].map((column) => (
                <rect
                  key={`${row}-${column}`}
                  x={78 + column * 24}
                  y={76 + row * 20}
                  width="18"
                  height="14"
                  rx="3"
                  fill={row === 3 && column === 2 ? ORANGE : MID}
                />
              )),
            )}
          </g>
          <g transform="rotate(14 222 102)">
            <path d="M190 70h62a6 6 0 0 1 6 6v52a6 6 0 0 1-6 6h-62l-22-32Z" fill="#fff" stroke={NAVY} strokeWidth="3" strokeLinejoin="round" />
            <circle cx="188" cy="102" r="5" fill={NAVY} />
            <text x="226" y="115" textAnchor="middle" fontSize="36" fontWeight="700" fill={ORANGE}>
              €
            </text>
          </g>
        </>
      );
    case 'convictions':
      // A speed-limit sign, close, and a licence showing its points.
      return (
        <>
          <rect x="114" y="140" width="12" height="40" fill="#64748b" />
          <circle cx="120" cy="86" r="62" fill="#fff" stroke={ORANGE} strokeWidth="13" />
          <text x="120" y="104" textAnchor="middle" fontSize="50" fontWeight="700" fill="#1b2530">
            80
          </text>
          <g transform="rotate(8 236 128)">
            <rect x="186" y="96" width="100" height="64" rx="8" fill="#fff" stroke={NAVY} strokeWidth="3" />
            <rect x="186" y="96" width="100" height="16" rx="8" fill={NAVY} />
            <rect x="196" y="120" width="24" height="30" rx="3" fill={PALE} />
            <rect x="228" y="122" width="48" height="6" rx="3" fill={LINE} />
            <circle cx="234" cy="144" r="5" fill={ORANGE} />
            <circle cx="248" cy="144" r="5" fill={ORANGE} />
            <circle cx="262" cy="144" r="5" fill={ORANGE} />
          </g>
        </>
      );
  }
}

export function DefaultCover({ slug, tags, className = 'post-card-cover' }: { slug: string; tags: readonly string[]; className?: string }) {
  const hash = hashOf(slug);
  const { subject } = coverOf(tags, slug);
  const field = fields[subject];
  // Half the covers put the field's disc on the other side, so two of a topic side by side differ.
  const left = hash % 2 === 1;
  return (
    <svg
      className={`${className} cover-default`}
      viewBox="0 0 320 180"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
      data-cover={subject}
    >
      <rect width="320" height="180" fill={field} />
      {/* One soft disc behind the subject, no outlined ring: a stroked circle read as a flaw in the picture. */}
      <circle cx={left ? 70 : 250} cy={left ? 150 : 40} r="96" fill="#fff" opacity="0.45" />
      <Subject subject={subject} field={field} />
    </svg>
  );
}
