// The ceiling of any Node server here: a bare node:http server that answers each
// path with its exact status, bytes and headers, precomputed, doing nothing else.
// Usage: node scripts/bench/bare-server.mjs <answers.json>; prints its port.
// answers.json: [{ path, status?, headers, body (base64) }].
import { readFileSync } from 'node:fs';
import http from 'node:http';

const answers = new Map(
  JSON.parse(readFileSync(process.argv[2], 'utf8')).map(({ path, status, headers, body }) => [
    path,
    { status: status ?? 200, headers, body: Buffer.from(body, 'base64') },
  ]),
);

const server = http.createServer((request, response) => {
  const answer = answers.get(request.url);
  if (answer === undefined) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(answer.status, answer.headers);
  response.end(answer.body);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
