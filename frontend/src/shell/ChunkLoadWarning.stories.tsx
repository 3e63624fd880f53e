import type { Meta, StoryObj } from '@storybook/react-vite';
import { ChunkLoadWarning } from './ChunkLoadWarning';

/** The reload dialog after a lazily loaded part failed to load (§8). "Reload" reloads the story's frame. */
const meta = {
  title: 'Shell/ChunkLoadWarning',
  component: ChunkLoadWarning,
  args: { open: true },
} satisfies Meta<typeof ChunkLoadWarning>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
