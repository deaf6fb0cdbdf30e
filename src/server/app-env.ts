import type { RequestIdVariables } from 'hono/request-id';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Logger } from './log.ts';
import type { users } from './db/schema.ts';
import type { PreviewService } from './content/preview.ts';
import type { StaticSite } from './static-site.ts';
import type { ObjectStore } from './storage/object-store.ts';

/** A signed-in session: past the password only, or all the way (two-factor passed, when on). */
export type ActiveSession = {
  id: string;
  stage: 'password' | 'full';
  user: typeof users.$inferSelect;
  /** Set when an API token, not a browser session, signed this request in (src/server/api-tokens/bearer.ts). */
  apiTokenId?: string;
};

/** What every handler finds on `c.var`. */
export type AppEnv = {
  Variables: RequestIdVariables & {
    db: Db;
    config: Config;
    log: Logger;
    /** Key for secrets at rest. */
    secretKey: Buffer;
    /** The signed-in session, if any (set by loadSession on /api). */
    session: ActiveSession | null;
    /** Draft previews of the content (null where this server has no site builder). */
    previews: PreviewService | null;
    /** The built site this server answers with (null where it serves only the API). */
    site: StaticSite | null;
    /** Where uploads are kept: the data folder or the bucket (src/server/storage/object-store.ts). */
    objects: ObjectStore;
  };
};
