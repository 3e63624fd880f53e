import type { Meta, StoryObj } from '@storybook/react-vite';
import { DpaHistory, TomsDownloads } from './DpaSection';

const meta = {
  title: 'Pages/Customers/DpaHistory',
  component: DpaHistory,
  args: {
    customerId: 1,
    dpa: {
      state: 'concluded',
      currentVersion: { version: '2026-10', publishedOn: '2026-10-01' },
      conclusions: [
        { id: 2, version: '2026-10', concludedBy: 'Max Müller', concludedAt: '2026-10-12T09:00:00.000Z', documentId: 31 },
        { id: 1, version: '2024-05', concludedBy: 'Max Müller', concludedAt: '2024-06-03T09:00:00.000Z', documentId: 12 },
      ],
    },
  },
} satisfies Meta<typeof DpaHistory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Who concluded which version when (R4.023). */
export const Concluded: Story = {};
/** Only an older version: renewal is needed. */
export const Outdated: Story = {
  args: {
    dpa: {
      state: 'outdated',
      currentVersion: { version: '2026-10', publishedOn: '2026-10-01' },
      conclusions: [{ id: 1, version: '2024-05', concludedBy: 'Jonas Hoffmann', concludedAt: '2024-07-18T09:00:00.000Z', documentId: 12 }],
    },
  },
};
export const Toms: StoryObj = { render: () => <TomsDownloads /> };
