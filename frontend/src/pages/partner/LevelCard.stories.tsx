import type { Meta, StoryObj } from '@storybook/react-vite';
import { LevelCard } from './LevelCard';

const meta: Meta<typeof LevelCard> = {
  title: 'Partner/LevelCard',
  component: LevelCard,
  args: { level: 'gold', nextLevel: 'platinum', progressPercent: 17.5, ratePercent: '10.00' },
};
export default meta;
type Story = StoryObj<typeof LevelCard>;

/** Gold, on the way to platinum. */
export const Gold: Story = {};

/** Bronze at the start of a year. */
export const Bronze: Story = { args: { level: 'bronze', nextLevel: 'silver', progressPercent: 0, ratePercent: '5.00' } };

/** The top level: no next threshold. */
export const Platinum: Story = { args: { level: 'platinum', nextLevel: null, progressPercent: 100, ratePercent: '12.00' } };
