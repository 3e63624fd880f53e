/**
 * Issue 14: the built web app is served precompressed (brotli or gzip, as the browser accepts), hashed
 * assets are cached for a year, index.html is revalidated on every use.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Koa from 'koa';
import { immutableCacheControl, serveSpa } from './spa.ts';

const script = 'console.log("portal");\n'.repeat(200);
let dir: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-spa-compression-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Portal</title>');
  fs.writeFileSync(path.join(dir, 'index.html.gz'), zlib.gzipSync('<!doctype html><title>Portal</title>'));
  fs.writeFileSync(path.join(dir, 'login.html'), '<!doctype html><title>Anmelden</title>');
  fs.writeFileSync(path.join(dir, 'assets/app-Ab12Cd34.js'), script);
  fs.writeFileSync(path.join(dir, 'assets/app-Ab12Cd34.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, 'assets/app-Ab12Cd34.js.gz'), zlib.gzipSync(script));
  fs.writeFileSync(path.join(dir, 'assets/logo-Zz99Yy88.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const app = new Koa();
  app.use(serveSpa(dir));
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A raw GET (fetch would decompress on its own and hide the encoding). */
function get(pathname: string, acceptEncoding?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${pathname}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('issue 14: precompressed, cached web app', () => {
  it('serves brotli to a browser that accepts it, gzip to one that accepts only gzip, the original otherwise', async () => {
    const br = await get('/a/assets/app-Ab12Cd34.js', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 10);

    const gz = await get('/a/assets/app-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);

    const plain = await get('/a/assets/app-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString()).toBe(script);
  });

  it('caches hashed assets for a year and revalidates index.html on every use', async () => {
    for (const asset of ['/a/assets/app-Ab12Cd34.js', '/a/assets/logo-Zz99Yy88.png'])
      expect((await get(asset, 'br')).headers['cache-control']).toBe(immutableCacheControl);
    expect(immutableCacheControl).toBe('public, max-age=31536000, immutable');
    for (const page of ['/a/', '/a/orders', '/a/index.html']) {
      const res = await get(page, 'gzip, br');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/html/);
      // Only a gzip twin exists for index.html: a brotli-capable browser gets that.
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(res.body).toString()).toContain('<title>Portal</title>');
    }
  });

  it('never serves the compressed twins under their own names, and a missing chunk is no app page', async () => {
    expect((await get('/a/assets/app-Ab12Cd34.js.br')).status).toBe(404);
    expect((await get('/a/assets/app-Ab12Cd34.js.gz')).status).toBe(404);
    expect((await get('/a/assets/missing-00000000.js', 'br')).status).toBe(404);
  });

  it('answers /a/login with the lean sign-in page (login.html) and every other app path with index.html, both revalidated', async () => {
    for (const pathname of ['/a/login', '/a/login/']) {
      const res = await get(pathname);
      expect(res.status).toBe(200);
      expect(res.body.toString()).toContain('<title>Anmelden</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    for (const pathname of ['/a/', '/a/orders', '/a/login/other', '/a/loginx']) expect((await get(pathname)).body.toString()).toContain('<title>Portal</title>');
  });
});
