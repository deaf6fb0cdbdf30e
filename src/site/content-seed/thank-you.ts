import { list, markdown, section, text } from './define.ts';

/**
 * The sections every thank-you page reads (src/components/ThankYouPage.astro): the three
 * steps of what happens next, the links to read while waiting, and the page's remaining copy.
 */
type Step = { title: string; text: string };
type WaitLink = { link: string; title: string; text: string };

export const nextSteps = (steps: readonly [Step, Step, Step]) =>
  section(
    'Next steps',
    text('Heading', 'What happens next'),
    list('Steps', [...steps], 'Three steps, in the order they happen: a title and a sentence. The first is the request received.', ['title', 'text']),
  );

export const whileYouWait = (links: readonly WaitLink[]) =>
  section(
    'While you wait',
    text('Heading', 'While you wait'),
    list('Links', [...links], 'Pages worth reading while the visitor waits: the address, a title and a sentence.', ['link', 'title', 'text']),
  );

export const moreText = (value: string) => section('More', markdown('Text', value));

/** The step every page shares: a broker comes back within the time the site promises. */
export const brokerContacts = (why: string): Step => ({
  title: 'A broker contacts you',
  text: `Within one working day, during our opening hours ({openingHours}), ${why}`,
});

export const FAQ_LINK: WaitLink = {
  link: '/faqs',
  title: 'Frequently asked questions',
  text: 'No-claims discount, penalty points, business use and more.',
};
export const ASSUMPTIONS_LINK: WaitLink = {
  link: '/online-quotation-assumptions',
  title: 'Quotation assumptions',
  text: 'What a quote takes for granted unless you tell us otherwise.',
};
