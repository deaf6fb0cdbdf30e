/** Where a post stands, written once: the database's column, the API's checks and the editor's choices derive from it. */
export const postStatuses = ['draft', 'published', 'scheduled'] as const;
export type PostStatus = (typeof postStatuses)[number];
