import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApplyProgress, jobsApi, type ManagedJob } from './ApplyProgress.tsx';
import { ManagedStoryHost } from './storyHost.tsx';

const at = '2026-11-22T10:00:00.000Z';
const job = (over: Partial<ManagedJob>): ManagedJob => ({
  id: 7,
  pluginId: 'nginx',
  serverId: 2,
  kind: 'apply',
  status: 'running',
  step: 'validating',
  progress: 35,
  validation: null,
  log: [{ at, step: 'queued', message: 'job.step.queued' }],
  changeId: 11,
  createdAt: at,
  finishedAt: null,
  ...over,
});

/** Progress of an apply job, as every plugin shows it after a change (SDK: `ApplyProgress`). */
const meta = {
  title: 'Managed Center/ApplyProgress',
  component: ApplyProgress,
  args: { jobId: 7 },
} satisfies Meta<typeof ApplyProgress>;
export default meta;
type Story = StoryObj<typeof meta>;

const withJob = (value: ManagedJob): Story['decorators'] => [
  (Story) => (
    <ManagedStoryHost prepare={(store) => void store.dispatch(jobsApi.util.upsertQueryData('getManagedJob', { clusterId: 1, serverId: 2, jobId: 7 }, value))}>
      <Story />
    </ManagedStoryHost>
  ),
];

export const Validating: Story = { decorators: withJob(job({})) };
export const Applied: Story = {
  decorators: withJob(job({ status: 'succeeded', step: 'done', progress: 100, validation: { status: 'passed', tool: 'nginx', output: '' }, finishedAt: at })),
};
export const ValidationSkipped: Story = {
  decorators: withJob(job({ status: 'succeeded', step: 'done', progress: 100, validation: { status: 'skipped', reason: 'tool_missing', tool: 'named-checkzone' }, finishedAt: at })),
};
export const FailedAndKeptThePreviousVersion: Story = {
  decorators: withJob(
    job({
      status: 'failed',
      step: 'done',
      progress: 100,
      validation: { status: 'failed', tool: 'nginx', output: 'nginx: [emerg] unknown directive "bogus_directive" in /etc/nginx/conf.d/portal.conf:4' },
      finishedAt: at,
    }),
  ),
};
