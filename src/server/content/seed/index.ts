import type { SeedPage } from './define.ts';
import { home } from './pages/home.ts';

/**
 * Every page whose copy is content, with the sections it reads: seeded on a fresh install
 * (src/server/content/seed.ts) and read by the build (src/site/content.ts). The legal pages
 * (privacy, terms, cookies, disclaimer, commission summary, quotation assumptions, fraud
 * prevention) are not here: their regulated wording stays in code, reviewed with it.
 */
export const seedPages: readonly SeedPage[] = [home];
