import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * bench:static's yardstick: a bare node:http server that sends, for each path, the very bytes
 * and headers the app sent for it, and does nothing else (no routing, no file lookup, no log).
 * What it reaches against nginx is the most any node:http server can on the machine at hand,
 * so the app's figure is read beside it. Its manifest (argv[2]): `{ "/path": { "headers":
 * [name, value, …], "body": "<file>" } }`; it listens on argv[3] and prints "ready".
 */
type Entry = { headers: string[]; body: string };
const manifest = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, Entry>;
const answers = new Map(Object.entries(manifest).map(([path, entry]) => [path, { headers: entry.headers, body: readFileSync(entry.body) }]));

createServer((request, response) => {
  const answer = answers.get(request.url ?? '');
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, answer.headers);
  response.end(answer.body);
}).listen(Number(process.argv[3]), '127.0.0.1', () => console.log('ready'));
