import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

// Linktree cannot be reached from here: this local HTTP server stands in for
// linktr.ee (LINKTREE_ORIGIN), serving saved copies of a profile page's
// structure with an invented profile (tests/fixtures/imports).
//   /mira.okafor      the page, its picture at /pictures/mira.jpg
//   /changed.layout   a page whose structure changed (no embedded data)
//   /moved            a redirect to the same page on another host (localhost)
//   anything else     404, as Linktree answers an unknown name

export interface LinktreeStandIn {
  origin: string;
  /** The paths it was asked for. */
  asked: string[];
  close(): Promise<void>;
}

const fixture = (name: string) => readFileSync(new URL(`../fixtures/imports/${name}`, import.meta.url), 'utf8');

export async function startLinktreeStandIn(): Promise<LinktreeStandIn> {
  const picture = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#aa5533' } })
    .jpeg()
    .toBuffer();
  const asked: string[] = [];
  let origin = '';
  const server = http.createServer((request, response) => {
    const path = new URL(request.url!, 'http://stand-in').pathname;
    asked.push(path);
    const html = (body: string) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(body);
    };
    if (path === '/mira.okafor') return html(fixture('linktree-page.html').replaceAll('{{ORIGIN}}', origin));
    if (path === '/changed.layout') return html(fixture('linktree-changed.html'));
    if (path === '/moved') {
      response.writeHead(301, { location: origin.replace('127.0.0.1', 'localhost') + '/mira.okafor' });
      return response.end();
    }
    if (path === '/pictures/mira.jpg') {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      return response.end(picture);
    }
    response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
