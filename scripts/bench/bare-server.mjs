// The ceiling of any Node server here: the same response (body and headers) as
// one precomputed Buffer from a bare node:http server, doing nothing else.
// Usage: node scripts/bench/bare-server.mjs <body-file> <headers-json-file>; prints its port.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const body = readFileSync(process.argv[2]);
const headers = JSON.parse(readFileSync(process.argv[3], 'utf8'));
const server = http.createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
