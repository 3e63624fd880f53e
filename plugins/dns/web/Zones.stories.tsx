import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { DnsSummaryContent } from './dashboard.tsx';
import { CheckOutput } from './CheckOutput.tsx';
import { sampleZone, withDns } from './storyData.tsx';
import { ZoneHeader } from './ZonePage.tsx';
import { CheckerNotice } from './ZonesPage.tsx';
import { CreateZoneDialog, ZoneSettingsDialog } from './ZoneSettings.tsx';
import { ZoneTable } from './ZoneTable.tsx';

const zones = [
  {
    id: 1,
    origin: 'shop-mueller-schmidt.example',
    serial: 2026112203,
    appliedSerial: 2026112203,
    recordCount: 21,
    updatedAt: '2026-11-22T09:41:00.000Z',
  },
  {
    id: 2,
    origin: 'mueller-schmidt-blog.example',
    serial: 2026112102,
    appliedSerial: 2026112101,
    recordCount: 6,
    updatedAt: '2026-11-21T15:02:00.000Z',
  },
  {
    id: 3,
    origin: 'xn--mller-schmidt-8ob.example',
    serial: 2026112201,
    appliedSerial: null,
    recordCount: 1,
    updatedAt: '2026-11-22T08:12:00.000Z',
  },
];

/** The zones of a server: state against the server (applied, pending, never applied). */
const meta = {
  title: 'Plugins/dns/Zones',
  component: ZoneTable,
  decorators: [withDns],
  args: { zones, linkTo: (z: { id: number }) => `/clusters/1/servers/1/managed/dns/zones/${z.id}/modus/form`, onDelete: () => undefined },
  render: (args) => (
    <Paper variant="outlined">
      <ZoneTable {...args} />
    </Paper>
  ),
} satisfies Meta<typeof ZoneTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ZoneList: Story = {};

export const ZoneHeadAndNotices: Story = {
  render: () => (
    <Stack spacing={2}>
      <ZoneHeader zone={sampleZone} />
      <CheckerNotice checker={{ tool: 'named-checkzone', available: false }} />
      <CheckOutput
        validation={{
          status: 'passed',
          tool: 'named-checkzone',
          output: 'named-checkzone shop-mueller-schmidt.example\nzone shop-mueller-schmidt.example/IN: loaded serial 2026112203\nOK',
        }}
      />
    </Stack>
  ),
};

export const DashboardCard: Story = {
  render: () => (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 360 }}>
      <DnsSummaryContent data={{ data: zones, checker: { tool: 'named-checkzone', available: true } }} />
    </Paper>
  ),
};

export const CreateZone: Story = { render: () => <CreateZoneDialog open onSubmit={async () => undefined} onClose={() => undefined} /> };

export const ZoneSettings: Story = {
  render: () => (
    <ZoneSettingsDialog open origin={sampleZone.origin} settings={sampleZone} onSubmit={async () => undefined} onClose={() => undefined} />
  ),
};
