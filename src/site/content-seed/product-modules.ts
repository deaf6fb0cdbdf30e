import { image, list, section, text, type SeedSection } from './define.ts';

/**
 * The sections a product page adds to its text (src/layouts/ProductLayout.astro draws each as
 * its own module): who the cover is for, as cards beside a picture, and how getting it works, as numbered
 * steps. Declared here once so every product page's editor shows them with the same hints.
 */
type Card = { icon: string; title: string; text: string };
type Step = { title: string; text: string };

export const WHO_FOR_SECTION = 'Who it is for';
export const HOW_IT_WORKS_SECTION = 'How it works';

export const whoItIsFor = (heading: string, cards: Card[]): SeedSection =>
  section(
    WHO_FOR_SECTION,
    text('Heading', heading),
    list('Cards', cards, 'Each card: icon (a Lucide icon name such as truck), a title and a sentence. None: the module is not shown.', [
      'icon',
      'title',
      'text',
    ]),
    image('Picture', "Shown beside the cards. Choose a picture from the media library; until one is chosen the page shows the site's own illustration."),
  );

export const howItWorks = (heading: string, steps: Step[]): SeedSection =>
  section(
    HOW_IT_WORKS_SECTION,
    text('Heading', heading),
    list('Steps', steps, 'Each step: a title and a sentence or two, in the order they happen. None: the module is not shown.', ['title', 'text']),
  );
