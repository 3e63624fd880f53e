import type { Meta, StoryObj } from '@storybook/react-vite';
import { Alerts } from './Alerts';

/**
 * The page's notices (§9), fixed at the top right. Passed as a prop here, so success and info stay on
 * screen (their auto-close only removes alerts from the store) and the close buttons do nothing.
 */
const meta = {
  title: 'UI/Alerts',
  component: Alerts,
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div style={{ minHeight: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Alerts>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AllTypes: Story = {
  args: {
    alerts: [
      { id: 'info', type: 'info', message: 'Your invoice for March is ready to download.', dismissible: true, show: true },
      { id: 'success', type: 'success', message: 'Your settings have been saved.', dismissible: true, show: true },
      {
        id: 'warning',
        type: 'warning',
        message: 'Cluster 10428 is in termination and will be switched off on 30 June.',
        dismissible: true,
        show: true,
      },
      {
        id: 'danger',
        type: 'danger',
        message: 'The clusters could not be loaded. Please contact support: +49 30 1234567-0, support@example.com',
        dismissible: false,
        show: true,
      },
    ],
  },
};
