import type { Schemas } from '@portal/openapi';
import { demoHost, ManagedStoryHost, storyRequests } from '@portal/plugin-sdk/web/story';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { supervisorApi } from '../generated/client.ts';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { ProgramsPage } from './index.tsx';

const args = { clusterId: demoHost.cluster.id, serverId: demoHost.server.id };
const at = '2026-11-20T09:30:00.000Z';
const program = (over: Partial<Schemas['SupervisorProgram']>): Schemas['SupervisorProgram'] => ({
  id: 1,
  name: 'queue-worker',
  command: 'php /var/www/shop/bin/console messenger:consume async --time-limit=3600',
  directory: '/var/www/shop',
  user: 'www-data',
  numprocs: 2,
  autostart: true,
  autorestart: 'always',
  startsecs: 1,
  stopwaitsecs: 10,
  stopsignal: 'TERM',
  environment: [
    { name: 'APP_ENV', secret: false, set: true, value: 'prod' },
    { name: 'DATABASE_URL', secret: true, set: true },
  ],
  createdAt: at,
  updatedAt: at,
  ...over,
});
const programs = [
  program({}),
  program({ id: 2, name: 'image-resizer', command: 'node /var/www/shop/workers/resize.js', directory: '', numprocs: 1, environment: [] }),
];
const proc = (over: Partial<Schemas['SupervisorProcess']>): Schemas['SupervisorProcess'] => ({
  program: 'queue-worker',
  process: 'queue-worker:queue-worker_00',
  state: 'RUNNING',
  detail: 'pid 48211, uptime 3 days, 4:12:09',
  restarts: 0,
  crashLoop: false,
  ...over,
});
const running: Schemas['SupervisorStatus'] = {
  running: true,
  processes: [
    proc({}),
    proc({ process: 'queue-worker:queue-worker_01', detail: 'pid 48212, uptime 3 days, 4:12:09' }),
    proc({
      program: 'image-resizer',
      process: 'image-resizer',
      state: 'BACKOFF',
      detail: 'Exited too quickly (process log may have details)',
      restarts: 6,
      crashLoop: true,
    }),
  ],
};

/** The section's start page: the programs, the live status of their processes (a crash loop flagged), control and logs. */
const meta: Meta<typeof ProgramsPage> = {
  title: 'Plugins/supervisor/Programs',
  component: ProgramsPage,
};
export default meta;
type Story = StoryObj<typeof ProgramsPage>;

const withData = (list: Schemas['SupervisorProgram'][], status: Schemas['SupervisorStatus']): Story => ({
  render: () => (
    <ManagedStoryHost
      pluginId="supervisor"
      translations={{ de, en }}
      prepare={(store) => {
        void store.dispatch(supervisorApi.util.upsertQueryData('listSupervisorPrograms', args, { data: list, total: list.length }));
        void store.dispatch(supervisorApi.util.upsertQueryData('getSupervisorStatus', args, status));
      }}
    >
      <ProgramsPage />
    </ManagedStoryHost>
  ),
});
const answering = (mode: 'loading' | 'failing'): Story => ({
  beforeEach: storyRequests(mode),
  render: () => (
    <ManagedStoryHost pluginId="supervisor" translations={{ de, en }}>
      <ProgramsPage />
    </ManagedStoryHost>
  ),
});

export const Programs = withData(programs, running);
export const SupervisordNotRunning = withData(programs, { running: false, processes: [] });
export const Empty = withData([], { running: true, processes: [] });
export const Loading = answering('loading');
export const LoadFailed = answering('failing');
