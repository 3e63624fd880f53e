import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SubmissionErrors } from 'final-form';
import { RenameDialog } from './RenameDialog.tsx';
import { storyHostFor } from '@portal/plugin-sdk/web/story';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

/** Renaming a key changes its comment in authorized_keys. */
const meta = {
  title: 'Plugins/ssh/Rename dialog',
  component: RenameDialog,
  decorators: [storyHostFor('ssh', { de, en })],
  args: {
    open: true,
    label: 'GitLab CI deploy',
    onSubmit: async (): Promise<SubmissionErrors | undefined> => undefined,
    onClose: () => undefined,
  },
} satisfies Meta<typeof RenameDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
