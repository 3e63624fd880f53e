import type { Meta, StoryObj } from '@storybook/react-vite';
import { MetricsTable } from './MetricsTable.tsx';
import { storySeries, withMonitoring } from './storyData.tsx';

/** The table alternative to the charts: every bucket with data, newest first, 25 per page. */
const meta = {
  title: 'Plugins/monitoring/MetricsTable',
  component: MetricsTable,
  decorators: [withMonitoring],
  args: { range: '24h', series: storySeries('24h') },
} satisfies Meta<typeof MetricsTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Day: Story = {};
export const LastHour: Story = { args: { range: '1h', series: storySeries('1h') } };
export const Empty: Story = { args: { range: '7d', series: storySeries('7d', { empty: true }) } };
