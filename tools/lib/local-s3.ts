import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed keys: a request signed with any others is refused, as a real store would. */
export const LOCAL_S3_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export type LocalS3 = {
  endpoint: string;
  bucket: string;
  /** The server's environment to use it (APP_SECRET included: S3 needs one shared key). */
  env: Record<string, string>;
  close(): Promise<void>;
};

/**
 * An S3-compatible server on this machine (s3rver, from npm: no other registry is reachable
 * here), with one empty bucket, its objects in a temporary folder. For tests and local trials of
 * the object store; never for production.
 */
export async function startLocalS3(options: { bucket?: string; port?: number } = {}): Promise<LocalS3> {
  const bucket = options.bucket ?? 'broker-test';
  const directory = mkdtempSync(join(tmpdir(), 'local-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: LOCAL_S3_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: LOCAL_S3_KEYS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      APP_SECRET: 'c3RvcmFnZS10ZXN0LWtleS10aGF0LWlzLTMyLWJ5dGVzLWxvbmcte',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
