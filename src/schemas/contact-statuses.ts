/** The pipeline a callback request moves through in the back-office (the database column, the API and the screens). */
export const contactStatuses = ['new', 'contacted', 'closed'] as const;
export type ContactStatus = (typeof contactStatuses)[number];
