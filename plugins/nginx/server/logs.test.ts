import { linesAfter, parseAccessLine, parseErrorLine, searchLog } from './logs.ts';

const access = (uri: string, status = 200) =>
  JSON.stringify({ time: '2026-11-22T14:00:00+01:00', client: '203.0.113.7', user: '', host: 'shop.example.com', method: 'GET', uri, protocol: 'HTTP/1.1', status, bytes: 512, referer: '', agent: 'curl/8.5', duration: 0.012 });

describe('nginx logs', () => {
  it('R2.030 reads an access line of the portal_json format', () => {
    expect(parseAccessLine(access('/kontakt?x=1', 404), 3)).toEqual({
      line: 3,
      time: '2026-11-22T13:00:00.000Z',
      client: '203.0.113.7',
      method: 'GET',
      uri: '/kontakt?x=1',
      status: 404,
      bytes: 512,
      referer: null,
      userAgent: 'curl/8.5',
      durationMs: 12,
      level: null,
      message: null,
      raw: access('/kontakt?x=1', 404),
    });
    expect(parseAccessLine('127.0.0.1 - - [22/Nov/2026] "GET /"').raw).toBe('127.0.0.1 - - [22/Nov/2026] "GET /"');
    expect(parseAccessLine('{broken').status).toBeNull();
  });

  it('R2.030 reads an error line (level, message, client, request)', () => {
    const raw = '2026/11/22 14:00:01 [error] 4711#4711: *12 open() "/var/www/shop/favicon.ico" failed (2: No such file or directory), client: 203.0.113.7, server: shop.example.com, request: "GET /favicon.ico HTTP/1.1", host: "shop.example.com"';
    const e = parseErrorLine(raw);
    expect(e).toMatchObject({ level: 'error', client: '203.0.113.7', uri: '/favicon.ico' });
    expect(e.message).toMatch(/^open\(\) "\/var\/www\/shop\/favicon.ico" failed/);
    expect(new Date(e.time!).getTime()).toBe(new Date(2026, 10, 22, 14, 0, 1).getTime());
  });

  it('R2.030 searches on the server: newest first, case-insensitive, paged, with the total', () => {
    const lines = Array.from({ length: 30 }, (_, i) => access(`/page-${i}${i % 3 === 0 ? '/Checkout' : ''}`));
    const all = searchLog('access', lines, undefined, 1, 25);
    expect(all.total).toBe(30);
    expect(all.data[0].uri).toBe('/page-29');
    expect(all.data[0].line).toBe(1);
    const found = searchLog('access', lines, 'checkout', 1, 4);
    expect(found.total).toBe(10);
    expect(found.data.map((e) => e.uri)).toEqual(['/page-27/Checkout', '/page-24/Checkout', '/page-21/Checkout', '/page-18/Checkout']);
    expect(searchLog('access', lines, 'checkout', 3, 4).data.map((e) => e.uri)).toEqual(['/page-3/Checkout', '/page-0/Checkout']);
  });

  it('finds the lines a tail has not sent yet, also when lines repeat or the file was rotated', () => {
    expect(linesAfter([], ['a', 'b'])).toEqual(['a', 'b']);
    expect(linesAfter(['a', 'b'], ['a', 'b', 'c', 'd'])).toEqual(['c', 'd']);
    expect(linesAfter(['x', 'a', 'b'], ['a', 'b', 'c'])).toEqual(['c']);
    expect(linesAfter(['a', 'b'], ['a', 'b'])).toEqual([]);
    expect(linesAfter(['a', 'a'], ['a', 'a', 'a'])).toEqual([]);
    expect(linesAfter(['old1', 'old2'], ['new1'])).toEqual(['new1']);
  });
});
