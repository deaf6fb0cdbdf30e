/** A question and its answer: plain text (no HTML, no links), so the same data is shown on a page and published as FAQPage structured data. */
export type Faq = { question: string; answer: string };
