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
    instance: {
      running: true,
      port: 8080,
      applications: [
        { name: 'shop', path: '/shop/', status: 200 },
        { name: 'reports', path: '/reports/', status: 404 },
      ],
    },
  },
};

export const Stopped: StoryObj<typeof meta> = { args: { instance: { running: false, applications: [] } } };
