import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Vhost } from './model.ts';
import { webServerStory } from './storyData.tsx';
import { VhostTable } from './VhostTable.tsx';

const at = '2026-11-20T09:30:00.000Z';
const vhost = (over: Partial<Vhost>): Vhost => ({
  id: 1,
  serverNames: ['www.mueller-schmidt-shop.example', 'mueller-schmidt-shop.example'],
  documentRoot: 'shop/public',
  backend: 'php',
  phpVersion: '8.3',
  upstream: null,
  certificate: 'mueller-schmidt-shop-2026',
  tls: 'installed',
  directives: [],
  redirectCount: 4,
  authenticationCount: 1,
  createdAt: at,
  updatedAt: at,
  ...over,
});

/** The domains of a server: names, backend, document root, HTTPS state, counts and the row actions. */
const meta = {
  title: 'SDK/Web server/VhostTable',
  component: VhostTable,
  decorators: webServerStory,
  args: { pathOf: (sub: string) => `/nginx/${sub}`, onDelete: () => undefined, vhosts: [] },
} satisfies Meta<typeof VhostTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Domains: Story = {
  args: {
    vhosts: [
      vhost({
        id: 3,
        serverNames: ['api.mueller-schmidt-shop.example'],
        backend: 'upstream',
        phpVersion: null,
        upstream: '127.0.0.1:8080',
        tls: 'will_generate',
        redirectCount: 0,
        authenticationCount: 0,
        documentRoot: 'api/public',
      }),
      vhost({
        id: 2,
        serverNames: ['media.mueller-schmidt.example'],
        backend: 'static',
        phpVersion: null,
        certificate: 'nordlicht-medien-2026',
        tls: 'missing',
        redirectCount: 0,
        authenticationCount: 0,
        documentRoot: 'media',
      }),
      vhost({}),
      vhost({
        id: 4,
        serverNames: ['*.preview.mueller-schmidt-shop.example'],
        backend: 'static',
        phpVersion: null,
        certificate: null,
        tls: 'none',
        redirectCount: 0,
        authenticationCount: 0,
        documentRoot: 'previews',
      }),
    ],
  },
};
