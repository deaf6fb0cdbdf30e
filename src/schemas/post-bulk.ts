import * as v from 'valibot';
import { BulkIdsSchema } from './pipeline.ts';

/** What a bulk status change may make of posts: live now, or back to a draft. Scheduling needs a time for each post, so it stays the editor's. */
export const postBulkStatuses = ['published', 'draft'] as const;

/** `POST /posts/bulk`: publish, unpublish or delete each of the chosen posts, all or none; the list's bulk bar sends the same shape. */
export const PostBulkSchema = v.variant(
  'action',
  [
    v.object({ action: v.literal('status'), ids: BulkIdsSchema, status: v.picklist(postBulkStatuses, 'Choose Published or Draft') }),
    v.object({ action: v.literal('delete'), ids: BulkIdsSchema }),
  ],
  'Choose what to do with the posts',
);
export type PostBulk = v.InferOutput<typeof PostBulkSchema>;
