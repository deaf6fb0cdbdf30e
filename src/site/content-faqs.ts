import { FAQ_GROUP_SECTIONS } from './content-seed/pages/faqs.ts';
import { contentFor, type PageContent } from './content.ts';
import type { Faq } from './faqs.ts';

/** The groups of /faqs from its content, in order: shown on the page and published as its FAQPage structured data. */
export function faqGroupsOf(content: PageContent = contentFor('/faqs')): { heading: string; items: Faq[] }[] {
  return FAQ_GROUP_SECTIONS.map((name) => {
    const section = content.section(name);
    return { heading: section.text('Heading'), items: section.list('Questions', ['question', 'answer']) };
  });
}
