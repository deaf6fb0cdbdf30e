import * as v from 'valibot';

/** One place an account is signed in, as its owner or an administrator sees it: never the session's token or id. */
export const SignedInDeviceViewSchema = v.object({
  /** The browser and system in words ("Chrome on Windows"), or "Unknown browser". */
  device: v.string(),
  /** The address it last signed in from; null when not recorded. */
  ip: v.nullable(v.string()),
  /** ISO 8601. */
  signedInAt: v.string(),
  /** ISO 8601: the last request it made (to within a few minutes). */
  lastSeenAt: v.string(),
  /** True for the session asking. */
  current: v.boolean(),
});
export type SignedInDeviceView = v.InferOutput<typeof SignedInDeviceViewSchema>;

/** The most places listed: an account signed in on more is listed by its latest. */
export const SIGNED_IN_DEVICES_SHOWN = 20;
