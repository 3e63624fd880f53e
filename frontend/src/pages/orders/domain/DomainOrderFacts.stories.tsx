import type { Meta, StoryObj } from '@storybook/react-vite';
import { DomainOrderFacts } from './DomainOrderFacts';

const meta = {
  title: 'Orders/DomainOrderFacts',
  component: DomainOrderFacts,
  args: {
    customerLabel: 'Müller & Schmidt Online GmbH (10001)',
    details: {
      domain: 'xn--mller-shop-9db.de',
      domainUnicode: 'müller-shop.de',
      mode: 'register',
      keepNameservers: false,
      clusterNumber: '20011',
      owner: { handle: 'H10001-1', name: 'Müller & Schmidt Online GmbH' },
      admin: { handle: 'H10001-2', name: 'Tobias Schmidt' },
      annualFee: { amount: '12.00', currency: 'EUR' },
      referenceSign: null,
    },
  },
} satisfies Meta<typeof DomainOrderFacts>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An IDN registration: both forms of the domain, owner and ADMIN-C, the regular annual fee. */
export const Registration: Story = {};

/** A transfer that keeps the current nameservers, with a reference. */
export const Transfer: Story = {
  args: { details: { ...meta.args.details, domain: 'example.de', domainUnicode: 'example.de', mode: 'transfer', keepNameservers: true, referenceSign: 'PO-4711' } },
};
