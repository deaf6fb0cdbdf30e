import type { Context } from 'hono';
import type { Upload } from '@tus/server';
import type { AppEnv } from '../app-env.ts';

/** What the upload service asks of each purpose (post images, visitor documents). */
export type UploadPurposeHandler = {
  /** Runs before tus sees any request about an upload of this purpose: access and rate limits (throws to refuse). */
  admit(c: Context<AppEnv>): Promise<void>;
  /** Turns the complete raw file into what it is for, answering the last request; the raw file is deleted afterwards. */
  finish(c: Context<AppEnv>, upload: Upload, rawPath: string): Promise<Response>;
};
