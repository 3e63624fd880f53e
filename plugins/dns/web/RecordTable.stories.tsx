import Paper from '@mui/material/Paper';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { RecordTable } from './RecordTable.tsx';
import { sampleRecords, withDns } from './storyData.tsx';

/** The records of a zone in zone-file order: type chips, TTL (or the zone's default), data as in the zone file. */
const meta = {
  title: 'Plugins/dns/Record table',
  component: RecordTable,
  decorators: [
    withDns,
    (Story) => (
      <Paper variant="outlined">
        <Story />
      </Paper>
    ),
  ],
  args: {
    records: sampleRecords,
    origin: 'shop-mueller-schmidt.example',
    defaultTtl: 3600,
    onEdit: () => undefined,
    onDelete: () => undefined,
  },
} satisfies Meta<typeof RecordTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DemoZone: Story = {};
export const FewRecords: Story = { args: { records: sampleRecords.filter((r) => r.name === '@' && r.type === 'NS') } };
