import type { Meta, StoryObj } from '@storybook/react-vite';
import { LiveFigures } from './LiveFigures.tsx';
import { storySample, withMonitoring } from './storyData.tsx';

/** The server's figures now: CPU, load, memory, disk, network; updated by every live sample. */
const meta = {
  title: 'Plugins/monitoring/LiveFigures',
  component: LiveFigures,
  decorators: [withMonitoring],
  args: { sample: storySample, live: true },
} satisfies Meta<typeof LiveFigures>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Live: Story = {};
/** The real-time channel is down: the page renews its watch every interval and shows each answer. */
export const Polling: Story = { args: { live: false } };
/** A nearly full disk and memory turn their gauges orange and red. */
export const Busy: Story = {
  args: {
    sample: {
      ...storySample,
      cpuPercent: 96.2,
      memory: { usedBytes: 15.3 * 1024 ** 3, totalBytes: 16 * 1024 ** 3 },
      disk: { usedBytes: 81e9, totalBytes: 100e9 },
    },
  },
};
/** A server whose gateway gives no CPU or network counters (not Linux, or `cat` refused). */
export const WithoutCounters: Story = { args: { sample: { ...storySample, cpuPercent: null, network: null } } };
/** Before the first measurement arrives. */
export const Waiting: Story = { args: { sample: undefined } };
export const Failed: Story = { args: { sample: undefined, failed: true } };
