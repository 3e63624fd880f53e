import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import { useState } from 'react';
import {
  ConfirmDialog,
  DataTable,
  PanelSection,
  QueryState,
  useApply,
  useConfirm,
  useManagedHost,
  WriteButton,
} from '@portal/plugin-sdk/web';
import { postfixApi, postfixClient } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { userTimeZone } from '@portal/plugin-sdk/web/format';

type Message = Schemas['PostfixQueueMessage'];
const passwordPattern = /^[!-~]{1,256}$/;

function useArgs() {
  const host = useManagedHost();
  return { clusterId: host.cluster.id, serverId: host.server.id };
}

/** The relay login's password: whether one is stored (never the password), a new one, remove it. */
export function RelayPasswordPanel() {
  const { t, i18n } = useT();
  const args = useArgs();
  const query = postfixApi.useGetPostfixRelayPasswordQuery(args);
  const settings = postfixApi.useGetPostfixSettingsQuery(args);
  const [update] = postfixApi.useUpdatePostfixRelayPasswordMutation();
  const [remove] = postfixApi.useDeletePostfixRelayPasswordMutation();
  const apply = useApply(postfixClient);
  const [password, setPassword] = useState('');
  const ready = !!(settings.data?.settings.relayHost && settings.data.settings.relayUser);
  const invalid = password !== '' && !passwordPattern.test(password);
  return (
    <PanelSection id="postfix-password-title" title={t('password.title')}>
      <QueryState query={query}>
        {(state) => (
          <Typography data-testid="postfix-password-state">
            {state.set && state.updatedAt
              ? t('password.set', { date: new Date(state.updatedAt).toLocaleString(i18n.language, { timeZone: userTimeZone() }) })
              : t('password.unset')}
          </Typography>
        )}
      </QueryState>
      {!ready && <Alert severity="info">{t('password.needsUser')}</Alert>}
      <Stack
        component="form"
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: 'flex-start', mt: 2 }}
        onSubmit={async (e: React.FormEvent) => {
          e.preventDefault();
          if (!password || invalid) return;
          await apply.track(update({ ...args, body: { password } }));
          setPassword('');
          void query.refetch();
        }}
      >
        <TextField
          id="postfix-relay-password"
          type="password"
          autoComplete="new-password"
          label={t('password.label')}
          value={password}
          size="small"
          disabled={!ready}
          error={invalid}
          helperText=" "
          slotProps={{ htmlInput: { maxLength: 256 } }}
          onChange={(e) => setPassword(e.target.value)}
        />
        <WriteButton type="submit" variant="contained" disabled={!ready || !password || invalid}>
          {t('password.save')}
        </WriteButton>
        {query.data?.set && (
          <WriteButton color="error" onClick={async () => (await apply.track(remove(args)), void query.refetch())}>
            {t('password.remove')}
          </WriteButton>
        )}
      </Stack>
    </PanelSection>
  );
}

/** The queue of the running Postfix: its messages, deliver or delete one or all (deleting asks first). */
export function QueuePanel() {
  const { t, i18n } = useT();
  const args = useArgs();
  const query = postfixApi.useListPostfixQueueQuery(args);
  const [flushAll] = postfixApi.useFlushPostfixQueueMutation();
  const [flushOne] = postfixApi.useFlushPostfixQueueMessageMutation();
  const [removeOne] = postfixApi.useDeletePostfixQueueMessageMutation();
  const [removeAll] = postfixApi.useDeletePostfixQueueMutation();
  const confirm = useConfirm<Message | 'all'>();
  const [message, setMessage] = useState('');
  const done = (text: string) => (setMessage(text), void query.refetch());
  return (
    <PanelSection id="postfix-queue-title" title={t('queue.title')}>
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <WriteButton onClick={() => void query.refetch()}>{t('queue.refresh')}</WriteButton>
        <WriteButton
          disabled={!query.data?.total}
          onClick={async () => (await flushAll(args)).error === undefined && done(t('queue.flushed'))}
        >
          {t('queue.flushAll')}
        </WriteButton>
        <WriteButton color="error" disabled={!query.data?.total} onClick={() => confirm.ask('all')}>
          {t('queue.deleteAll')}
        </WriteButton>
      </Stack>
      {message && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {message}
        </Alert>
      )}
      <QueryState query={query}>
        {(queue) =>
          !queue.running ? (
            <Alert severity="info">{t('queue.notRunning')}</Alert>
          ) : (
            <>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t('queue.total', { count: queue.total })}
              </Typography>
              <DataTable<Message>
                rows={queue.data}
                rowKey={(m) => m.id}
                caption={t('queue.caption')}
                testId="postfix-queue"
                empty={t('queue.empty')}
                columns={[
                  { id: 'id', label: t('queue.id'), render: (m) => <code>{m.id}</code> },
                  { id: 'queue', label: t('queue.queue'), render: (m) => t(`queue.queues.${m.queue}`) },
                  {
                    id: 'arrived',
                    label: t('queue.arrived'),
                    render: (m) => new Date(m.arrivedAt).toLocaleString(i18n.language, { timeZone: userTimeZone() }),
                    sortValue: (m) => m.arrivedAt,
                  },
                  { id: 'size', label: t('queue.size'), render: (m) => `${Math.ceil(m.size / 1024)} KiB`, sortValue: (m) => m.size },
                  { id: 'sender', label: t('queue.sender'), render: (m) => m.sender || '<>' },
                  { id: 'recipients', label: t('queue.recipients'), render: (m) => m.recipients.map((r) => r.address).join(', ') },
                  { id: 'reason', label: t('queue.reason'), render: (m) => m.recipients.find((r) => r.reason)?.reason ?? '' },
                  {
                    id: 'actions',
                    label: t('queue.deleteLabel'),
                    hideLabel: true,
                    align: 'right',
                    render: (m) => (
                      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                        <WriteButton
                          size="small"
                          aria-label={t('queue.flush', { id: m.id })}
                          onClick={async () => (await flushOne({ ...args, queueId: m.id })).error === undefined && done(t('queue.flushed'))}
                        >
                          {t('queue.flushLabel')}
                        </WriteButton>
                        <WriteButton size="small" color="error" aria-label={t('queue.delete', { id: m.id })} onClick={() => confirm.ask(m)}>
                          {t('queue.deleteLabel')}
                        </WriteButton>
                      </Stack>
                    ),
                  },
                ]}
              />
            </>
          )
        }
      </QueryState>
      <ConfirmDialog
        {...confirm.dialog}
        title={confirm.item === 'all' ? t('queue.deleteAllTitle') : t('queue.deleteTitle')}
        text={confirm.item === 'all' ? t('queue.deleteAllText') : confirm.item ? t('queue.deleteText', { id: confirm.item.id }) : ''}
        confirm={confirm.item === 'all' ? t('queue.deleteAll') : t('queue.deleteLabel')}
        onConfirm={() =>
          confirm.run(async (item) => {
            const r = item === 'all' ? await removeAll(args) : await removeOne({ ...args, queueId: item.id });
            if (r.data) done(t('queue.deleted', { count: r.data.deleted }));
          })
        }
      />
    </PanelSection>
  );
}
