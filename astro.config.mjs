// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { clientDirectives } from './src/build/client-directives.ts';
import { siteFacts } from './src/site/facts.ts';
import { apiOrigin } from './src/lib/api-base.ts';

const gtm = siteFacts().analyticsGtmId;
/** Third-party hosts a build needs: Tag Manager (after consent) and the chosen human check. */
const provider = siteFacts().humanCheck.provider;
const thirdPartyScripts = [
  ...(gtm ? ['https://www.googletagmanager.com'] : []),
  ...(provider === 'recaptcha' ? ['https://www.google.com', 'https://www.gstatic.com'] : []),
  ...(provider === 'turnstile' ? ['https://challenges.cloudflare.com'] : []),
];
/** An API on another origin (PUBLIC_API_BASE) must be allowed to answer the browser's calls. */
const api = apiOrigin(siteFacts().apiBase);
const frames = provider === 'recaptcha' ? ' https://www.google.com' : provider === 'turnstile' ? ' https://challenges.cloudflare.com' : '';

export default defineConfig({
  site: siteFacts().origin,
  output: 'static',
  // One URL per page and no trailing slash: /about-us is built as about-us.html.
  trailingSlash: 'never',
  // Astro 7's default ('jsx') drops whitespace that holds a line break, so a word and a link
  // on the next source line ran together ("in our<a>terms</a>"); true collapses it to one
  // space as HTML does (tests/e2e/word-spacing.spec.ts reads every built page for it).
  compressHTML: true,
  // Eight pages rendered at a time instead of one: a page's file write no longer waits for the
  // next page's render (1,000 posts: 10.3 s of Astro a build at 1, 8.7 s at 4, 7.3 s at 8, no
  // gain at 16; the same memory). Every page reads the snapshots and nothing shared by pages.
  build: { format: 'file', inlineStylesheets: 'auto', concurrency: 8 },
  // Precompression is a step of src/build/build-site.ts, after Astro, with its cache.
  integrations: [react(), clientDirectives()],
  // Shiki's inline styles break the CSP; code blocks are not part of this site.
  markdown: { syntaxHighlight: false },
  // Every page gets a CSP meta element pinning its scripts and styles by hash; the server's
  // header adds frame-ancestors and the rest a meta element cannot carry.
  security: {
    csp: {
      // Google Tag Manager's hosts are allowed only when a container is configured; it is
      // still loaded only after the visitor accepts analytics cookies.
      ...(thirdPartyScripts.length ? { scriptDirective: { resources: ["'self'", ...thirdPartyScripts] } } : {}),
      directives: [
        "default-src 'self'",
        `img-src 'self' data: blob:${gtm ? ' https://www.googletagmanager.com https://*.google-analytics.com' : ''}`,
        `connect-src 'self'${api ? ` ${api}` : ''}${gtm ? ' https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com' : ''}${provider === 'recaptcha' ? ' https://www.google.com' : ''}`,
        "font-src 'self'",
        "object-src 'none'",
        `frame-src 'self'${frames}`,
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
  server: { port: 3000, host: '127.0.0.1' },
  vite: {
    server: {
      // `npm run dev`: the API runs beside Astro's dev server and is reached through it,
      // so the browser sees one origin exactly as in production.
      // The feed and the sitemap are the API server's too: they follow the database.
      proxy: Object.fromEntries(['/api', '/rss.xml', '/sitemap.xml'].map((path) => [path, `http://127.0.0.1:${process.env.DEV_API_PORT ?? 3001}`])),
    },
  },
});
