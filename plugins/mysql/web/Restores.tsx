import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import { useState, type FormEvent } from 'react';
import {
  ConfirmDialog,
  DataTable,
  formatDateTime,
  PanelSection,
  QueryState,
  useConfirm,
  useManagedHost,
  WriteButton,
} from '@portal/plugin-sdk/web';
import { mysqlApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

type Restore = Schemas['MysqlRestore'];

/** The comparison of a restore: per table the rows and checksum now and in the copy. */
function Comparison({ restore }: { restore: Restore }) {
  const { t } = useT();
  const differing = restore.tables.filter((x) => !x.same).length;
  const count = (n: number | null) => (n === null ? t('restores.missing') : String(n));
  return (
    <Stack spacing={1}>
      <Typography variant="body2">{differing ? t('restores.differs', { count: differing }) : t('restores.identical')}</Typography>
      <DataTable<Restore['tables'][number]>
        rows={restore.tables}
        rowKey={(x) => x.name}
        caption={t('restores.compare', { database: restore.database, copy: restore.copyName })}
        testId={`mysql-restore-${restore.id}-tables`}
        columns={[
          { id: 'name', label: t('restores.table'), render: (x) => x.name, sortValue: (x) => x.name },
          { id: 'current', label: t('restores.currentRows'), align: 'right', render: (x) => count(x.currentRows) },
          { id: 'copy', label: t('restores.copyRows'), align: 'right', render: (x) => count(x.copyRows) },
          { id: 'checksum', label: t('restores.checksum'), render: (x) => (x.same ? t('restores.same') : t('restores.different')) },
        ]}
      />
    </Stack>
  );
}

/**
 * Restore a database as a copy: start (a fresh dump restored next to it), the restores with their step and progress
 * (polled while one runs), the comparison, then promote or discard — each after a confirmation that says what happens.
 */
export function RestoresPanel() {
  const host = useManagedHost();
  const { t, language } = useT();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const [polling, setPolling] = useState(false);
  const query = mysqlApi.useListMysqlRestoresQuery(args, { pollingInterval: polling ? 1000 : 0 });
  const databases = mysqlApi.useListMysqlDatabasesQuery(args);
  const [start] = mysqlApi.useStartMysqlRestoreMutation();
  const [promote] = mysqlApi.usePromoteMysqlRestoreMutation();
  const [discard] = mysqlApi.useDiscardMysqlRestoreMutation();
  const promoteConfirm = useConfirm<Restore>();
  const discardConfirm = useConfirm<Restore>();
  const [database, setDatabase] = useState('');
  const [failure, setFailure] = useState<string>();
  const running = (query.data?.data ?? []).some((r) => r.status === 'running');
  if (running !== polling) setPolling(running);
  const names = (databases.data?.data ?? []).map((d) => d.name);
  const chosen = database || names[0] || '';
  /** Starts a step; a refusal (409, 422) is shown above the list. */
  const send = async (call: Promise<{ error?: unknown }>) => {
    const r = await call;
    const message = (r.error as { data?: { error?: { message?: string; fields?: Record<string, string[]> } } } | undefined)?.data?.error;
    setFailure(message ? (Object.values(message.fields ?? {})[0]?.[0] ?? message.message) : undefined);
    setPolling(true);
  };
  const stateOf = (r: Restore) =>
    r.status === 'running' && r.step ? (
      <Stack spacing={0.5}>
        <span>{t('restores.progress', { step: t(`restores.steps.${r.step}`), progress: r.progress })}</span>
        <LinearProgress variant="determinate" value={r.progress} aria-label={t(`restores.steps.${r.step}`)} />
      </Stack>
    ) : (
      t(`restores.statuses.${r.status}`)
    );
  return (
    <PanelSection id="mysql-restores-title" title={t('restores.title')}>
      <Typography variant="body2" color="text.secondary">
        {t('restores.intro')}
      </Typography>
      <Stack
        component="form"
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        aria-label={t('restores.start')}
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          if (chosen) void send(start({ ...args, body: { database: chosen } }));
        }}
      >
        <TextField
          id="mysql-restore-database"
          select
          size="small"
          label={t('restores.database')}
          value={chosen}
          onChange={(e) => setDatabase(e.target.value)}
          sx={{ minWidth: 200 }}
        >
          {names.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
        <WriteButton type="submit" variant="contained" disabled={!chosen}>
          {t('restores.start')}
        </WriteButton>
      </Stack>
      {failure && <Alert severity="error">{t(failure as 'errors.restore_running')}</Alert>}
      <QueryState query={query}>
        {(answer) => (
          <DataTable<Restore>
            rows={answer.data}
            rowKey={(r) => r.id}
            caption={t('restores.caption')}
            testId="mysql-restores"
            empty={t('restores.empty')}
            details={{
              content: (r) => <Comparison restore={r} />,
              label: (r) => t('restores.compare', { database: r.database, copy: r.copyName }),
            }}
            columns={[
              {
                id: 'database',
                label: t('restores.database'),
                render: (r, d) =>
                  r.tables.length ? (
                    <>
                      {d.toggle} {r.database}
                    </>
                  ) : (
                    r.database
                  ),
              },
              {
                id: 'copy',
                label: t('restores.copy'),
                render: (r) => (r.status === 'promoted' ? t('restores.kept', { before: r.beforeName }) : r.copyName),
              },
              {
                id: 'status',
                label: t('restores.status'),
                render: (r) =>
                  r.error ? (
                    <>
                      {stateOf(r)}: {r.error}
                    </>
                  ) : (
                    stateOf(r)
                  ),
              },
              { id: 'started', label: t('restores.started'), render: (r) => formatDateTime(r.startedAt, language, { compact: true }) },
              {
                id: 'actions',
                label: t('restores.promote'),
                hideLabel: true,
                align: 'right',
                render: (r) => (
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    {r.status === 'ready' && (
                      <WriteButton
                        size="small"
                        variant="outlined"
                        onClick={() => promoteConfirm.ask(r)}
                        aria-label={t('restores.promoteNamed', { database: r.database })}
                      >
                        {t('restores.promote')}
                      </WriteButton>
                    )}
                    {(r.status === 'ready' || r.status === 'promoted') && (
                      <WriteButton
                        size="small"
                        color="error"
                        onClick={() => discardConfirm.ask(r)}
                        aria-label={t('restores.discardNamed', { database: r.database })}
                      >
                        {t('restores.discard')}
                      </WriteButton>
                    )}
                  </Stack>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <ConfirmDialog
        {...promoteConfirm.dialog}
        title={t('restores.promoteTitle')}
        text={
          promoteConfirm.item
            ? t('restores.promoteText', {
                database: promoteConfirm.item.database,
                copy: promoteConfirm.item.copyName,
                before: promoteConfirm.item.beforeName,
              })
            : ''
        }
        confirm={t('restores.promote')}
        color="warning"
        onConfirm={() => promoteConfirm.run(async (r) => void (await send(promote({ ...args, restoreId: r.id }))))}
      />
      <ConfirmDialog
        {...discardConfirm.dialog}
        title={t('restores.discardTitle')}
        text={
          discardConfirm.item
            ? discardConfirm.item.status === 'promoted'
              ? t('restores.discardBeforeText', { before: discardConfirm.item.beforeName })
              : t('restores.discardCopyText', { copy: discardConfirm.item.copyName, database: discardConfirm.item.database })
            : ''
        }
        confirm={t('restores.discard')}
        onConfirm={() => discardConfirm.run(async (r) => void (await send(discard({ ...args, restoreId: r.id }))))}
      />
    </PanelSection>
  );
}
