import * as v from 'valibot';

/** An uploaded video as the API and the pages show it: one file, played by the browser's own <video>. */
export const VideoViewSchema = v.object({
  _id: v.string(),
  src: v.string(),
  type: v.string(),
});
export type VideoView = v.InferOutput<typeof VideoViewSchema>;
