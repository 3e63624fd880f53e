import type { Schemas } from '@portal/openapi';
import { defineWebPlugin, ResourceFormPage, ResourcePage } from '@portal/plugin-sdk/web';
import { supervisorApi, supervisorClient } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { supervisorProgramResource } from '../generated/resources.ts';
import { checkRows, EnvironmentInput, sendRows } from './EnvironmentInput.tsx';
import { StatusPanel } from './StatusPanel.tsx';

type Program = Schemas['SupervisorProgram'];

const mono = { slotProps: { htmlInput: { style: { fontFamily: 'monospace' } } } };

/** The section's start page: the programs (SDK resource page), then the live status, control and logs. */
export function ProgramsPage() {
  const { t } = useT();
  return (
    <ResourcePage<Program, { data: Program[]; total: number }>
      resource={supervisorProgramResource}
      api={supervisorApi}
      client={supervisorClient}
      table={{
        columns: [
          { id: 'name', label: t('list.columns.name'), render: (p) => <strong>{p.name}</strong>, sortValue: (p) => p.name },
          { id: 'command', label: t('list.columns.command'), render: (p) => <code style={{ wordBreak: 'break-all' }}>{p.command}</code> },
          { id: 'user', label: t('list.columns.user'), render: (p) => p.user },
          { id: 'numprocs', label: t('list.columns.numprocs'), render: (p) => p.numprocs, align: 'right' },
          // Names only (a secret's value is never answered).
          {
            id: 'environment',
            label: t('list.columns.environment'),
            render: (p) => <code>{p.environment.map((v) => v.name).join(' ')}</code>,
          },
        ],
        searchText: (p) => `${p.name} ${p.command}`,
      }}
      footer={(answer) => <StatusPanel programs={answer.data} />}
    />
  );
}

/**
 * `create` and `:programId`: the SDK's form from the contract's fields, the environment as rows of its own (a secret
 * left empty keeps its stored value); after saving, back to the list, which follows the job.
 */
const ProgramFormPage = () => (
  <ResourceFormPage
    resource={supervisorProgramResource}
    api={supervisorApi}
    defaults={{ directory: '/tmp', numprocs: 1, startsecs: 1, stopwaitsecs: 10, environment: [] }}
    form={{
      fieldProps: { command: mono },
      inputs: { environment: (p) => <EnvironmentInput {...p} /> },
      send: { environment: sendRows },
      validate: (values) => ({ environment: checkRows(values.environment) }),
    }}
  />
);

export default defineWebPlugin({
  routes: [
    { path: '', Component: ProgramsPage },
    { path: 'create', Component: ProgramFormPage },
    { path: ':programId', Component: ProgramFormPage },
  ],
});
