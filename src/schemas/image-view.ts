import * as v from 'valibot';

/** An uploaded image as the API returns it: its size and its variants. */
export const ImageViewSchema = v.object({
  _id: v.string(),
  width: v.number(),
  height: v.number(),
  /** The JPEG: the `<img>` fallback and the share card. */
  src: v.string(),
  sources: v.array(v.object({ type: v.picklist(['image/avif', 'image/webp']), srcset: v.string() })),
});
export type ImageView = v.InferOutput<typeof ImageViewSchema>;
