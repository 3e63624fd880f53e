import Paper from '@mui/material/Paper';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { nextRuns, parseSchedule } from '../shared/schedule.ts';
import type { Cronjob } from './CronjobTable.tsx';
import { CronjobTable } from './CronjobTable.tsx';
import { storyHostFor } from '@portal/plugin-sdk/web/story';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

/** A fixed "now" so the previews and next runs of the stories do not change. */
const storyNow = new Date('2026-11-22T10:00:00Z');

const job = (id: number, schedule: string, command: string, user: string, extra: Partial<Cronjob> = {}): Cronjob => {
  const parsed = parseSchedule(schedule);
  const enabled = extra.enabled ?? true;
  const nextRunsOf = enabled && parsed.ok ? nextRuns(parsed.expanded, storyNow).map((d) => d.toISOString()) : [];
  const created = '2026-11-20T09:00:00.000Z';
  return { id, schedule, command, user, enabled, nextRuns: nextRunsOf, lastRunAt: null, lastExitCode: null, createdAt: created, updatedAt: created, ...extra };
};

const jobs = [
  job(1, '* * * * *', 'cd /var/www/shop/current && php bin/console scheduled-task:run --time-limit=55 --no-interaction', 'www-data'),
  job(2, '*/15 * * * *', 'php /var/www/shop/current/bin/console messenger:consume async --time-limit=840 --quiet', 'www-data'),
  job(3, '30 3 * * mon-fri', 'find /var/www/shop/shared/var/log -name "*.log" -mtime +14 -delete', 'deploy'),
  job(4, '0 6 1 * *', 'php /var/www/shop/current/bin/console sitemap:generate && echo "sitemap $(date +%F)" >> /var/log/shop/sitemap.log', 'www-data', { enabled: false }),
];

/** The jobs of a server: schedule in words, next run (five on demand), state, last run. */
const meta = {
  title: 'Plugins/cronjobs/Job table',
  component: CronjobTable,
  decorators: [
    storyHostFor('cronjobs', { de, en }),
    (Story) => (
      <Paper variant="outlined">
        <Story />
      </Paper>
    ),
  ],
  args: {
    jobs,
    caption: 'Cronjobs von web01.c20011.managed-hosting.example',
    timeZone: 'Europe/Berlin',
    editPath: (j: Cronjob) => `/clusters/1/servers/2/managed/cronjobs/${j.id}`,
    onDelete: () => undefined,
  },
} satisfies Meta<typeof CronjobTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DemoJobs: Story = {};

/** Where a server reports runs (not the `local` gateway): last run and exit code. */
export const WithReportedRuns: Story = {
  args: {
    jobs: [
      job(1, '15 2 * * *', '/usr/local/bin/mysql-backup --all-databases --keep 7', 'deploy', { lastRunAt: '2026-11-22T01:15:00.000Z', lastExitCode: 0 }),
      job(2, '0 4 * * sun', 'mysqlcheck --all-databases --optimize --silent', 'deploy', { lastRunAt: '2026-11-15T03:00:00.000Z', lastExitCode: 2 }),
    ],
  },
};

/** Shown in New York: the times move, the schedule (server time) does not. */
export const OtherTimeZone: Story = { args: { timeZone: 'America/New_York' } };
