/**
 * `npm start`'s first step. In development, builds the static site when it is missing or
 * stale (ensure-built.ts), so `npm install && npm start` just works. With
 * NODE_ENV=production it does nothing: `npm run build` is the deploy step, and the server
 * itself refuses to start without a current build.
 */
export {};

if (process.env.NODE_ENV === 'production') {
  console.log('NODE_ENV=production: serving the site built by `npm run build`.');
} else {
  await import('./ensure-built.ts');
}
