import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SubmissionErrors } from 'final-form';
import { CronjobForm } from './CronjobForm.tsx';
import { storyHostFor } from '@portal/plugin-sdk/web/story';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

/** A fixed "now" so the previews and next runs of the stories do not change. */
const storyNow = new Date('2026-11-22T10:00:00Z');

/** Create and edit: schedule with presets and live preview (description, next five runs), command, user, active. */
const meta = {
  title: 'Plugins/cronjobs/Job form',
  component: CronjobForm,
  decorators: [storyHostFor('cronjobs', { de, en })],
  args: {
    mode: 'create',
    users: ['www-data', 'deploy'],
    initialValues: { schedule: '', command: '', user: 'www-data', enabled: true },
    now: storyNow,
    onSubmit: async (): Promise<SubmissionErrors | undefined> => undefined,
    onCancel: () => undefined,
  },
} satisfies Meta<typeof CronjobForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Create: Story = {};

export const Edit: Story = {
  args: {
    mode: 'edit',
    initialValues: {
      schedule: '30 3 * * mon-fri',
      command: 'find /var/www/shop/shared/var/log -name "*.log" -mtime +14 -delete',
      user: 'deploy',
      enabled: true,
    },
  },
};

/** 31 February never comes: the preview says so before the server refuses it with 422. */
export const ImpossibleSchedule: Story = {
  args: { initialValues: { schedule: '0 0 31 2 *', command: 'php artisan report:yearly', user: 'deploy', enabled: true } },
};

/** What the server answers for a duplicate (422 on the command field). */
export const ServerError: Story = {
  args: {
    initialValues: { schedule: '*/5 * * * *', command: 'php artisan schedule:run', user: 'www-data', enabled: true },
    onSubmit: async () => ({ command: 'Derselbe Befehl läuft bereits als dieser Benutzer mit diesem Zeitplan.' }),
  },
};
