// The ceiling of any Node server here: a bare node:http server that answers each
// path with that page's exact bytes and headers, precomputed, doing nothing else.
// Usage: node scripts/bench/bare-server.mjs <answers.json> each|one; prints its port.
//   each: every path gets its own page (what the product serves);
//   one:  every path gets the first page (one Buffer, always in the CPU cache).
import { readFileSync } from 'node:fs';
import http from 'node:http';

const answers = new Map(
  JSON.parse(readFileSync(process.argv[2], 'utf8')).map(({ path, headers, body }) => [
    path,
    { headers, body: Buffer.from(body, 'base64') },
  ]),
);
const first = answers.values().next().value;
const one = process.argv[3] === 'one';

const server = http.createServer((request, response) => {
  const answer = one ? first : (answers.get(request.url) ?? first);
  response.writeHead(200, answer.headers);
  response.end(answer.body);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
