import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SubmissionErrors } from 'final-form';
import { RenameDialog } from './RenameDialog.tsx';
import { withSsh } from './storyHost.tsx';

/** Renaming a key changes its comment in authorized_keys. */
const meta = {
  title: 'Plugins/ssh/Rename dialog',
  component: RenameDialog,
  decorators: [withSsh],
  args: { open: true, label: 'GitLab CI deploy', onSubmit: async (): Promise<SubmissionErrors | undefined> => undefined, onClose: () => undefined },
} satisfies Meta<typeof RenameDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
