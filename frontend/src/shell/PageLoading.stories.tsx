import type { Meta, StoryObj } from '@storybook/react-vite';
import { PageLoading } from './PageLoading';

const meta = {
  title: 'Shell/PageLoading',
  component: PageLoading,
} satisfies Meta<typeof PageLoading>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The translated "Loading …". */
export const Default: Story = {};

export const WithLabel: Story = {
  args: { label: 'Loading your clusters …' },
};
