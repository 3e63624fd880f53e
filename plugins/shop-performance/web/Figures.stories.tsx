import Paper from '@mui/material/Paper';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyHostFor } from '@portal/plugin-sdk/web/story';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { Figures } from './Figures.tsx';

/** A report after a configuration change: faster than the one before, Varnish in front, one saturated PHP-FPM pool, a slow uncompressed page and an oversized image, fewer slow statements on the cluster's database server, a profile of the slowest URL. */
const meta = {
  title: 'Plugins/shop-performance/Report figures',
  component: Figures,
  decorators: [
    // A web server with the profiler (the slowest URLs link to its profiles) whose database runs on the cluster's db01.
    storyHostFor('shop-performance', { de, en }, { host: { server: { id: 2, name: 'web01.c20011.managed-hosting.example', role: 'web', ipv4: '10.11.0.21', services: ['nginx', 'php-fpm', 'profiler', 'shop-performance'] } } }),
    (Story) => (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Story />
      </Paper>
    ),
  ],
  args: {
    result: {
      logs: ['/var/log/nginx/shop.example.access.log'],
      from: '2026-11-22T08:00:00.000Z',
      to: '2026-11-22T09:00:00.000Z',
      overall: { count: 1240, avgMs: 182, p50Ms: 64, p95Ms: 710, maxMs: 4210 },
      urls: [
        { host: 'shop.example', path: '/checkout', count: 80, avgMs: 1210, p50Ms: 980, p95Ms: 2400, maxMs: 4210, errorRate: 0.0125, profiles: [{ id: '20261122-084109-3fa2b1c0', startedAt: '2026-11-22T08:41:09.000Z', durationMs: 4180 }] },
        { host: 'shop.example', path: '/', count: 900, avgMs: 48, p50Ms: 31, p95Ms: 120, maxMs: 890, errorRate: 0, profiles: [] },
      ],
      slowest: [{ time: '2026-11-22T08:41:12.000Z', host: 'shop.example', method: 'POST', uri: '/checkout/confirm', status: 200, durationMs: 4210, profiles: [{ id: '20261122-084109-3fa2b1c0', startedAt: '2026-11-22T08:41:09.000Z', durationMs: 4180 }] }],
      cache: { hits: 1010, misses: 230, ratio: 0.8145 },
      fpm: [{ pool: 'www', maxChildrenReached: 3, busyWarnings: 7, maxChildren: 12 }],
      pages: [
        { url: 'https://shop.example/', site: 'shop.example', server: 'nginx', status: 200, runs: 3, ttfbMs: 38, totalMs: 41, wireBytes: 14_210, bytes: 61_880, contentType: 'text/html; charset=UTF-8', encoding: 'gzip', cacheControl: 'max-age=300, public', expires: null, age: '12', xCache: 'HIT' },
        { url: 'https://shop.example/checkout', site: 'shop.example', server: 'nginx', status: 200, runs: 3, ttfbMs: 910, totalMs: 934, wireBytes: 48_300, bytes: 48_300, contentType: 'text/html; charset=UTF-8', encoding: null, cacheControl: null, expires: null, age: null, xCache: null },
      ],
      images: [{ url: 'https://shop.example/media/hero.jpg', page: 'https://shop.example/', status: 200, bytes: 1_840_000, contentType: 'image/jpeg' }],
      findings: [
        { kind: 'large_image', severity: 'high', url: 'https://shop.example/media/hero.jpg', site: 'shop.example', server: 'nginx', evidence: 'image/jpeg, 1797 KB', directive: null },
        { kind: 'not_compressed', severity: 'medium', url: 'https://shop.example/checkout', site: 'shop.example', server: 'nginx', evidence: 'text/html; charset=UTF-8, 48300 B, no Content-Encoding for Accept-Encoding: gzip, br', directive: 'gzip on;\ngzip_types text/plain text/css application/javascript application/json application/xml image/svg+xml;' },
        { kind: 'slow_ttfb', severity: 'medium', url: 'https://shop.example/checkout', site: 'shop.example', server: 'nginx', evidence: 'TTFB 910 ms (median of 3)', directive: null },
        { kind: 'no_cache_headers', severity: 'low', url: 'https://shop.example/checkout', site: 'shop.example', server: 'nginx', evidence: 'text/html; charset=UTF-8: no Cache-Control, no Expires', directive: 'add_header Cache-Control "no-cache";' },
      ],
      queries: {
        status: 'on',
        thresholdSeconds: 1,
        server: { id: 4, name: 'db01.c20011.managed-hosting.example' },
        from: '2026-11-21T09:00:12Z',
        until: '2026-11-22T08:59:40Z',
        untilCount: 1,
        count: 42,
        totalSeconds: 96.4,
        statements: [
          { statement: 'SELECT * FROM sales_order WHERE customer_id = ? AND status IN (?)', count: 30, totalSeconds: 71.2, avgSeconds: 2.373, maxSeconds: 4.02, rowsExamined: 182_000, lastAt: '2026-11-22T08:41:10Z' },
          { statement: 'SELECT COUNT(*) FROM catalog_product_entity WHERE sku LIKE ?', count: 12, totalSeconds: 25.2, avgSeconds: 2.1, maxSeconds: 2.9, rowsExamined: 96_500, lastAt: '2026-11-22T08:59:40Z' },
        ],
      },
      comparison: {
        previousReportId: 3,
        previousAt: '2026-11-21T09:00:00.000Z',
        p50DeltaMs: -120,
        p95DeltaMs: -890,
        avgDeltaMs: -240,
        cacheRatioDelta: 61.4,
        urls: [{ host: 'shop.example', path: '/', p95BeforeMs: 1100, p95AfterMs: 120 }],
        pages: [
          { url: 'https://shop.example/', ttfbBeforeMs: 412, ttfbAfterMs: 38 },
          { url: 'https://shop.example/checkout', ttfbBeforeMs: 980, ttfbAfterMs: 910 },
        ],
        queries: { countBefore: 118, countAfter: 42, secondsBefore: 301.7, secondsAfter: 96.4 },
      },
    },
  },
} satisfies Meta<typeof Figures>;

export default meta;
export const AfterAChange: StoryObj<typeof meta> = {};
