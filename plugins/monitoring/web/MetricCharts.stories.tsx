import type { Meta, StoryObj } from '@storybook/react-vite';
import { MetricCharts } from './MonitoringPage.tsx';
import { storySeries, withMonitoring } from './storyData.tsx';

/** The history of a range as charts: averages with maxima (24 h, 7 d), raw samples (1 h); gaps where nobody watched. */
const meta = {
  title: 'Plugins/monitoring/MetricCharts',
  component: MetricCharts,
  decorators: [withMonitoring],
  args: { range: '24h', series: storySeries('24h') },
} satisfies Meta<typeof MetricCharts>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LastHourWithGap: Story = { args: { range: '1h', series: storySeries('1h', { gapFrom: 120, gapTo: 200 }) } };
export const Day: Story = {};
export const Week: Story = { args: { range: '7d', series: storySeries('7d') } };
/** No CPU or network counters: those two charts say so instead of drawing nothing. */
export const WithoutCounters: Story = {
  args: {
    range: '24h',
    series: { ...storySeries('24h', { noNetwork: true }), cpu: { avg: Array(1440).fill(null), max: Array(1440).fill(null) } },
  },
};
/** A server nobody has watched yet. */
export const NoDataYet: Story = { args: { range: '24h', series: storySeries('24h', { empty: true }) } };
export const Loading: Story = { args: { range: '7d', series: undefined, loading: true } };
