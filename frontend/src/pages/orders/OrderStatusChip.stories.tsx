import Stack from '@mui/material/Stack';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { orderStatuses } from './format';
import { OrderStatusChip } from './OrderStatusChip';

const meta = {
  title: 'Orders/OrderStatusChip',
  component: OrderStatusChip,
  args: { status: 'accepted' },
} satisfies Meta<typeof OrderStatusChip>;

export default meta;
type Story = StoryObj<typeof meta>;

/** `accepted` reads "Active" (§3). */
export const Accepted: Story = {};

/** Every §3 order status. */
export const AllStatuses: Story = {
  render: () => (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {orderStatuses.map((s) => (
        <OrderStatusChip key={s} status={s} />
      ))}
    </Stack>
  ),
};
