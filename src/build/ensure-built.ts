import { buildSite } from './build-site.ts';

/**
 * `npm start` and `npm run build`: builds the static site into DIST_DIR when it is missing or
 * older than its sources, when a site fact in the environment changed, or when the published
 * posts changed since the last build (their snapshot is read from the database first).
 * `--force` always builds.
 */
console.log('Checking the built site…');
try {
  const result = await buildSite({ changedOnly: !process.argv.includes('--force') });
  if (!result.built) console.log('The built site is up to date.');
  else {
    const { compressed = 0, reused = 0 } = result.precompress ?? {};
    console.log(`Site built in ${result.seconds.toFixed(1)} s (${compressed} files compressed, ${reused} unchanged ones reused).`);
    const { snapshots, astro = 0, precompress = 0, swap = 0 } = result.phases;
    console.log(`Snapshots ${snapshots.toFixed(1)} s, Astro ${astro.toFixed(1)} s, precompression ${precompress.toFixed(1)} s, swap ${swap.toFixed(1)} s.`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
