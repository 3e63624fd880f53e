import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyHostFor } from '@portal/plugin-sdk/web/story';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { InstanceView } from './InstancePanel.tsx';

const meta = {
  title: 'Plugins/Tomcat/InstanceView',
  component: InstanceView,
  decorators: [storyHostFor('tomcat', { de, en })],
} satisfies Meta<typeof InstanceView>;
export default meta;

export const Running: StoryObj<typeof meta> = {
  args: {
    status: {
      instances: [
        {
          id: 1,
          name: 'default',
          running: true,
          port: 8080,
          listenPort: 8080,
          heapMinMb: 128,
          heapMaxMb: 512,
          current: true,
          applications: [
            { name: 'shop', path: '/shop/', status: 200 },
            { name: 'reports', path: '/reports/', status: 404 },
          ],
        },
        { id: 2, name: 'intranet', running: false, port: 8081, heapMinMb: 64, heapMaxMb: 256, current: false, applications: [{ name: 'wiki', path: '/wiki/', status: null }] },
      ],
    },
  },
};

export const Empty: StoryObj<typeof meta> = { args: { status: { instances: [] } } };
