import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MonitoringSummary } from './dashboard.tsx';
import { storySeries, withMonitoring } from './storyData.tsx';

/** The monitoring card on the server's dashboard: CPU and memory of the last hour. */
const meta = {
  title: 'Plugins/monitoring/DashboardPanel',
  component: MonitoringSummary,
  decorators: [
    withMonitoring,
    (Story) => (
      <Card variant="outlined" sx={{ maxWidth: 360 }}>
        <CardContent>
          <Story />
        </CardContent>
      </Card>
    ),
  ],
  args: { series: storySeries('1h', { gapFrom: 0, gapTo: 60 }) },
} satisfies Meta<typeof MonitoringSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LastHour: Story = {};
export const NoDataYet: Story = { args: { series: storySeries('1h', { empty: true }) } };
