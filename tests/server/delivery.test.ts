// Issue 9, items 1 and 2: the console's files go out precompressed (brotli or gzip, as the browser accepts) with
// cache rules by kind — hashed /assets/ immutable for a year, index.html and config.json revalidated — and JSON
// answers above 1 kB are compressed; small answers, images and request bodies are left alone. A route the build
// wrote a page for (pages/routes.json) is answered with that page, any other page URL with index.html.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, pageFileFor, readRoutePages, REVALIDATE } from '../../server/http/delivery.ts';
import { precompressDir } from '../../scripts/vite/precompress.ts';
import { login } from './support/client.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

let server: TestServer;
let staticDir: string;
let token: string;
const ASSET = 'assets/screen-AbC123xy.js';
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"row ${i}"}`).join(',')}];\n`;
const page = `<!doctype html><title>Argus</title>${'<!-- console -->'.repeat(100)}<div id="root"></div>`;
const routePage = page.replace('<title>', '<link rel="modulepreload" crossorigin href="/assets/screen-AbC123xy.js"><title>');

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'argus-delivery-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), page);
  writeFileSync(join(staticDir, ASSET), script);
  mkdirSync(join(staticDir, 'pages'));
  writeFileSync(join(staticDir, 'pages', 'historyEvent.html'), routePage);
  // An entry that names no page of the build, and one that would leave the folder, are ignored.
  writeFileSync(
    join(staticDir, 'pages', 'routes.json'),
    JSON.stringify({ '/historyEvent': 'pages/historyEvent.html', '/gone': 'pages/gone.html', '/evil': '../config.json' }),
  );
  writeFileSync(join(staticDir, 'config.json'), JSON.stringify({ baseUrl: '/api', contextMenu: false, padding: 'x'.repeat(2000) }));
  await precompressDir(staticDir);
  server = await startTestServer({ staticDir });
  token = await login(server.app);
});
afterAll(async () => {
  await server?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

describe('build output precompressed', () => {
  it('writes .br and .gz beside each compressible file, but not beside config.json', () => {
    expect(brotliDecompressSync(readFileSync(join(staticDir, `${ASSET}.br`))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(staticDir, `${ASSET}.gz`))).toString()).toBe(script);
    expect(brotliDecompressSync(readFileSync(join(staticDir, 'index.html.br'))).toString()).toBe(page);
    expect(() => readFileSync(join(staticDir, 'config.json.br'))).toThrow();
  });
});

describe('console files', () => {
  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached for a year', async () => {
    const res = await get(`/${ASSET}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('keeps document-only headers off scripts and styles, and nosniff on them', async () => {
    const asset = await get(`/${ASSET}`, { 'accept-encoding': 'br' });
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    // Immutable: no validators to revalidate with.
    expect(asset.headers.etag).toBeUndefined();
    expect(asset.headers['last-modified']).toBeUndefined();
    const page = await get('/', { accept: 'text/html' });
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('sends gzip to a gzip-only client and the plain file to one that accepts no encoding', async () => {
    const gz = await get(`/${ASSET}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get(`/${ASSET}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('revalidates index.html (at / and on a console route) and config.json on each use', async () => {
    for (const url of ['/', '/userConfig']) {
      const res = await get(url, { accept: 'text/html', 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page);
    }
    const config = await get('/config.json');
    expect(config.headers['cache-control']).toBe(REVALIDATE);
    expect(JSON.parse(config.body).baseUrl).toBe('/api');
  });

  it('answers a repeat request for index.html with 304 when its ETag still matches', async () => {
    const first = await get('/', { accept: 'text/html' });
    const etag = String(first.headers.etag);
    expect(etag).toBeTruthy();
    const again = await get('/', { accept: 'text/html', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });
});

describe('route pages', () => {
  it('reads only the listed pages that exist inside pages/', () => {
    expect([...readRoutePages(staticDir)]).toEqual([['/historyEvent', 'pages/historyEvent.html']]);
  });

  it('picks the page by path, whatever the query or a trailing slash', () => {
    const pages = readRoutePages(staticDir);
    expect(pageFileFor(pages, '/historyEvent?alarm=3')).toBe('pages/historyEvent.html');
    expect(pageFileFor(pages, '/historyEvent/')).toBe('pages/historyEvent.html');
    expect(pageFileFor(pages, '/historyEventX')).toBe('index.html');
    expect(pageFileFor(pages, '/evil')).toBe('index.html');
    expect(pageFileFor(new Map(), '/historyEvent')).toBe('index.html');
  });

  it("answers a route's URL with its page, compressed and revalidated, and another URL with index.html", async () => {
    const res = await get('/historyEvent?alarm=3', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(REVALIDATE);
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(routePage);
    const other = await get('/userConfig', { accept: 'text/html' });
    expect(other.body).toBe(page);
    const evil = await get('/evil', { accept: 'text/html' });
    expect(evil.body).toBe(page);
  });
});

describe('API answers', () => {
  it('compresses a JSON answer above 1 kB and keeps it uncached', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/user/nav', headers: { token, 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-store');
    const body = brotliDecompressSync(res.rawPayload);
    expect(body.length).toBeGreaterThan(1024);
    expect(JSON.parse(body.toString()).code).toBe(0);
    const gz = await server.app.inject({ method: 'POST', url: '/api/user/nav', headers: { token, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).code).toBe(0);
  });

  it('leaves an answer under 1 kB as it is', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/user/logout', headers: { token: 'not-a-token', 'accept-encoding': 'br, gzip' } });
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body).code).not.toBe(0);
  });

  it('does not decompress a compressed request body', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: Buffer.from('1f8b0800000000000003abae050043bfa6a302000000', 'hex'),
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(JSON.parse(res.body).code).not.toBe(0);
  });
});

describe('stored files', () => {
  it('sends an image as it is, whatever the client accepts', async () => {
    const dir = join(server.config.dataDir, 'files', 'delivery');
    mkdirSync(dir, { recursive: true });
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(4096)]);
    writeFileSync(join(dir, 'a.png'), png);
    const res = await get('/files/delivery/a.png', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(png)).toBe(true);
  });
});
