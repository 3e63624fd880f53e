import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { customersApi, type CustomerDpa } from '../../api/customers';
import { createStore } from '../../store';
import { DpaSection } from './DpaSection';

/** The section reads the DPA through RTK Query: a store with the answer preloaded. */
function WithDpa({ dpa, children }: { dpa: CustomerDpa; children: ReactNode }) {
  const [store] = useState(() => {
    const s = createStore();
    s.dispatch(customersApi.util.upsertQueryData('getCustomerDpa', 1, dpa));
    return s;
  });
  return <Provider store={store}>{children}</Provider>;
}
const withDpa =
  (dpa: CustomerDpa): Decorator =>
  (Story) => (
    <WithDpa dpa={dpa}>
      <Story />
    </WithDpa>
  );

const currentVersion = { version: '2026-10', publishedOn: '2026-10-01' };

const meta = {
  title: 'Pages/Customers/DpaSection',
  component: DpaSection,
  args: { customerId: 1 },
} satisfies Meta<typeof DpaSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Not concluded: the checkbox and the button (R4.021, R5.040). */
export const NotConcluded: Story = { decorators: [withDpa({ state: 'not_concluded', currentVersion, conclusions: [] })] };
/** A new version needs renewed conclusion (R4.023). */
export const Outdated: Story = {
  decorators: [withDpa({ state: 'outdated', currentVersion, conclusions: [{ id: 1, version: '2024-05', concludedBy: 'Jonas Hoffmann', concludedAt: '2024-07-18T09:00:00.000Z', documentId: 12 }] })],
};
export const Concluded: Story = {
  decorators: [withDpa({ state: 'concluded', currentVersion, conclusions: [{ id: 2, version: '2026-10', concludedBy: 'Max Müller', concludedAt: '2026-10-12T09:00:00.000Z', documentId: 31 }] })],
};
