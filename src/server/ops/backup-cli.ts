import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { DatabaseInUseError } from '../db/client.ts';
import { backup, restore, RestoreRefused, type BackupTarget } from './backup.ts';

/**
 * `npm run backup [archive]` and `npm run restore <archive>`, with the server's own settings
 * (DATA_DIR, DATABASE_URL, APP_SECRET from the environment or .env).
 * Exit codes: 0 done, 1 failed, 64 usage, 73 restore refused (the target is not empty or is
 * another engine), 75 the embedded database is open in a running server.
 */
const [command, archiveArgument] = process.argv.slice(2);
const config = loadConfig();
const target: BackupTarget = { dataDir: config.dataDir, databaseUrl: config.databaseUrl, appSecretFromEnvironment: config.appSecret !== undefined };

try {
  if (command === 'backup') {
    const archive = resolve(archiveArgument ?? `backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar`);
    const started = performance.now();
    const manifest = await backup(target, archive);
    console.log(
      `Backed up the ${manifest.engine === 'pglite' ? 'embedded' : 'PostgreSQL'} database, ${config.s3 ? 'the mail folder' : 'the uploads'} and ${manifest.secret === 'included' ? 'the app secret' : 'no app secret (APP_SECRET is set in the environment: keep it with this archive)'} to ${archive} in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
    // The archive cannot hold a bucket; saying so here keeps a backup from being mistaken for a whole one.
    if (config.s3) console.log(`The uploads are in the S3 bucket ${config.s3.bucket}: back it up apart (docs/operations/backup-and-restore.md).`);
  } else if (command === 'restore' && archiveArgument) {
    const started = performance.now();
    const manifest = await restore(target, archiveArgument);
    console.log(
      `Restored the backup of ${manifest.createdAt} into ${resolve(config.dataDir)}${config.databaseUrl ? ' and the database' : ''} in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
    if (manifest.secret === 'from-environment') console.log('The archive holds no app secret: set APP_SECRET to the value it was made with.');
  } else {
    console.error('Usage: npm run backup [archive.tar] | npm run restore <archive.tar>');
    process.exit(64);
  }
} catch (error) {
  if (error instanceof RestoreRefused) {
    console.error(error.message);
    process.exit(73);
  }
  if (error instanceof DatabaseInUseError) {
    console.error(`${error.message} Stop the server before a backup of the embedded database (or use PostgreSQL for backups while it runs).`);
    process.exit(75);
  }
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
