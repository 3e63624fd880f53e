import type { Meta, StoryObj } from '@storybook/react-vite';
import { CronFilePanel } from './CronFilePanel.tsx';
import { storyHostFor } from '@portal/plugin-sdk/web/story';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const content = `# Managed by the customer portal (Managed Center → Cron jobs). Changes made here are overwritten.
SHELL=/bin/sh
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

# job 1
* * * * * www-data cd /var/www/shop/current && php bin/console scheduled-task:run --time-limit=55 --no-interaction

# job 3
30 3 * * 1-5 deploy find /var/www/shop/shared/var/log -name "*.log" -mtime +14 -delete

# job 4 (disabled)
#disabled# 0 6 1 * * www-data php /var/www/shop/current/bin/console sitemap:generate && echo "sitemap $(date +\\%F)"
`;

/** The rendered /etc/cron.d/portal, and whether it is the one on the server. */
const meta = {
  title: 'Plugins/cronjobs/Cron file',
  component: CronFilePanel,
  decorators: [storyHostFor('cronjobs', { de, en })],
  args: {
    file: { path: '/etc/cron.d/portal', content, applied: true },
    loading: false,
    onOpen: () => undefined,
    onApply: () => undefined,
    applying: false,
    defaultExpanded: true,
  },
} satisfies Meta<typeof CronFilePanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Applied: Story = {};
export const NotApplied: Story = { args: { file: { path: '/etc/cron.d/portal', content, applied: false } } };
export const Collapsed: Story = { args: { defaultExpanded: false } };
