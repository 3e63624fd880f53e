import type { Meta, StoryObj } from '@storybook/react-vite';
import type { LogEntry } from './model.ts';
import { LogTable } from './LogTable.tsx';
import { webServerStory } from './storyData.tsx';

const entry = (over: Partial<LogEntry>): LogEntry => ({
  line: 1,
  time: '2026-11-22T13:04:05.000Z',
  client: '203.0.113.7',
  method: 'GET',
  uri: '/',
  status: 200,
  bytes: 18_432,
  referer: null,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  durationMs: 42,
  level: null,
  message: null,
  raw: '{}',
  ...over,
});

/** A domain's access and error log, newest first; entries that arrived live are highlighted. */
const meta = {
  title: 'SDK/Web server/LogTable',
  component: LogTable,
  decorators: webServerStory,
  args: { kind: 'access', entries: [] },
} satisfies Meta<typeof LogTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Access: Story = {
  args: {
    fresh: 1,
    entries: [
      entry({ line: 1, uri: '/checkout', method: 'POST', status: 302, bytes: 0, durationMs: 118 }),
      entry({ line: 2, uri: '/produkte/kaffeemaschine-deluxe', status: 200 }),
      entry({ line: 3, uri: '/impressum.html', status: 301, bytes: 162, durationMs: 0 }),
      entry({
        line: 4,
        uri: '/wp-login.php',
        status: 404,
        client: '198.51.100.23',
        userAgent: 'python-requests/2.32',
        bytes: 146,
        durationMs: 1,
      }),
      entry({ line: 5, uri: '/api/cart', status: 502, bytes: 552, durationMs: 3004 }),
    ],
  },
};

export const Errors: Story = {
  args: {
    kind: 'error',
    entries: [
      entry({
        level: 'error',
        message:
          'user "shopbetrieb": password mismatch, client: 203.0.113.7, server: www.mueller-schmidt-shop.example, request: "GET /admin/ HTTP/1.1"',
        method: null,
        status: null,
      }),
      entry({
        level: 'crit',
        message: 'connect() to unix:/run/php/php8.3-fpm.sock failed (2: No such file or directory) while connecting to upstream',
        method: null,
        status: null,
      }),
      entry({ level: 'warn', message: 'an upstream response is buffered to a temporary file', method: null, status: null }),
    ],
  },
};

export const Empty: Story = { args: { entries: [] } };
