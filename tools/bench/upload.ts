import { Upload } from 'tus-js-client';
import sharp from 'sharp';
import { startLocalServer } from '../lib/local-server.ts';
import { UPLOAD_CHUNK_SIZE } from '#src/schemas/upload.ts';

/**
 * `npm run bench:upload`: sends a 100 MB image (an uncompressed TIFF, 5,800 × 5,740 px) to
 * the real server through tus-js-client in 10 MB chunks, as the editor does, on loopback.
 * Reports the transfer rate and the time the server then takes to check and convert the
 * image. Nothing is asserted. Build the site first (`npm run build`).
 */
const server = await startLocalServer({ TWO_FACTOR_ENABLED: 'false' });
try {
  const login = await fetch(`${server.base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@shannon-insurance.ie', password: 'measuring password' }),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0];
  if (!login.ok || !cookie) throw new Error(`sign-in failed: ${login.status}`);

  const [width, height] = [5800, 5740];
  const file = await sharp({ create: { width, height, channels: 3, background: '#3a7ca5' } })
    .composite([
      { input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#f4a259"/></svg>`) },
    ])
    .removeAlpha()
    .tiff({ compression: 'none' })
    .toBuffer();
  const mb = file.byteLength / 1e6;

  const started = performance.now();
  let convertMs = 0;
  const answer = await new Promise<string>((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: `${server.base}/api/v1/uploads`,
      chunkSize: UPLOAD_CHUNK_SIZE,
      headers: { cookie },
      metadata: { filename: 'bench.tif', filetype: 'image/tiff', purpose: 'post-image' },
      onSuccess: ({ lastResponse }) => {
        convertMs = Number(/dur=(\d+)/.exec(lastResponse.getHeader('server-timing') ?? '')?.[1] ?? 0);
        resolve(lastResponse.getBody());
      },
      onError: reject,
    });
    upload.start();
  });
  const done = performance.now();
  // The last chunk's answer waits for the conversion; the server reports that part in Server-Timing.
  const transfer = (done - started - convertMs) / 1000;
  const image = (JSON.parse(answer) as { image: { sources: { srcset: string }[] } }).image;
  console.log(`| file | chunks | transfer | rate | check and convert (7 variants) | total |`);
  console.log(`|---|---:|---:|---:|---:|---:|`);
  console.log(
    `| ${mb.toFixed(1)} MB TIFF, ${width} × ${height} px | ${Math.ceil(file.byteLength / UPLOAD_CHUNK_SIZE)} × 10 MB | ${transfer.toFixed(2)} s | ${(mb / transfer).toFixed(0)} MB/s | ${(convertMs / 1000).toFixed(2)} s | ${((done - started) / 1000).toFixed(2)} s |`,
  );
  console.error(`variants: ${image.sources.map((source) => source.srcset).join(' | ')}`);
} finally {
  await server.stop();
}
