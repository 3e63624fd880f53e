import type { Meta, StoryObj } from '@storybook/react-vite';
import { PriceSummary } from './PriceSummary';

const eur = (amount: string) => ({ amount, currency: 'EUR' as const });

const meta = {
  title: 'Orders/PriceSummary',
  component: PriceSummary,
  args: {
    trafficTb: 5,
    price: {
      lines: [
        { code: 'cluster.base.web_cluster', quantity: 1, unitPrice: eur('49.00'), net: eur('49.00'), period: 'month' },
        { code: 'cluster.sla.business', quantity: 1, unitPrice: eur('149.00'), net: eur('149.00'), period: 'month' },
        { code: 'cluster.cpu', quantity: 2, unitPrice: eur('12.00'), net: eur('24.00'), period: 'month' },
        { code: 'cluster.setup.web_cluster', quantity: 1, unitPrice: eur('99.00'), net: eur('99.00'), period: 'once' },
      ],
      monthly: { net: eur('222.00'), vat: eur('42.18'), gross: eur('264.18') },
      oneTime: { net: eur('99.00'), vat: eur('18.81'), gross: eur('117.81') },
    },
  },
} satisfies Meta<typeof PriceSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Lines, then monthly and one-time amounts: net, 19 % VAT, gross (§9). */
export const WithLines: Story = {};

/** Only the sums. */
export const SumsOnly: Story = { args: { lines: false } };
