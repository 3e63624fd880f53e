import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ClusterSummary } from '../../api/clusters';
import { ClusterTable } from './ClusterTable';

const clusters: ClusterSummary[] = [
  {
    id: 311,
    number: '10428',
    name: 'shop-production',
    architecture: 'extended_web_cluster',
    sla: 'enterprise',
    contractMode: 'production',
    status: 'active',
    customer: { id: 87, number: 20931, company: 'Bäckerei Weber GmbH' },
    role: 'manager',
    serverCount: 6,
    description: null,
    favourite: false,
    administrator: true,
    forceTwoFactor: false,
  },
  {
    id: 312,
    number: '10429',
    name: 'shop-staging',
    architecture: 'web_cluster',
    sla: 'dev',
    contractMode: 'development',
    status: 'active',
    customer: { id: 87, number: 20931, company: 'Bäckerei Weber GmbH' },
    role: 'manager',
    serverCount: 2,
    description: null,
    favourite: false,
    administrator: true,
    forceTwoFactor: false,
  },
  {
    id: 540,
    number: '11872',
    name: 'agency-cloud',
    architecture: 'cloud_web_cluster',
    sla: 'business',
    contractMode: 'production',
    status: 'active',
    customer: { id: 132, number: 21577, company: 'Webagentur Schmidt & Partner' },
    role: 'administrator',
    serverCount: 4,
    description: null,
    favourite: false,
    administrator: true,
    forceTwoFactor: false,
  },
];

const meta = {
  title: 'Pages/Dashboard/ClusterTable',
  component: ClusterTable,
  args: { clusters },
} satisfies Meta<typeof ClusterTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ThreeClusters: Story = {};
/** Columns hidden through the column menu (§9: kept in the browser). */
export const HiddenColumns: Story = { args: { hidden: ['sla', 'role', 'architecture'] } };
