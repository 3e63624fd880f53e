import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiError } from '../api/baseApi';
import { translateServerMessage } from '../ui/notify';
import {
  useConfirmManagedConnectionHostKeyMutation,
  useGenerateManagedConnectionKeyMutation,
  useGetManagedConnectionQuery,
  useTestManagedConnectionMutation,
  useUpdateManagedConnectionMutation,
  type ManagedConnection,
  type ManagedConnectionTest,
} from './connectionApi';
import { userTimeZone } from '@portal/plugin-sdk/web/format';

const stateColor = { ready: 'success', local: 'default', not_configured: 'warning', unconfirmed: 'warning', failing: 'error' } as const;

const mono = { fontFamily: 'monospace', fontSize: 13, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 } as const;

function Block({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5, minWidth: 0 }} data-testid={testId}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function SettingsForm({ clusterId, serverId, connection }: { clusterId: number; serverId: number; connection: ManagedConnection }) {
  const { t } = useTranslation('connection');
  const [update, { isLoading, error }] = useUpdateManagedConnectionMutation();
  const [override, setOverride] = useState<string>(connection.override ?? '');
  const [host, setHost] = useState(connection.host ?? '');
  const [port, setPort] = useState(String(connection.port));
  const [username, setUsername] = useState(connection.username);
  useEffect(() => {
    setOverride(connection.override ?? '');
    setHost(connection.host ?? '');
    setPort(String(connection.port));
    setUsername(connection.username);
  }, [connection]);
  const fields = (apiError(error)?.fields ?? {}) as Record<string, string[] | undefined>;
  const fieldError = (name: string) => (fields[name]?.[0] ? translateServerMessage(fields[name]![0]) : undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void update({ clusterId, serverId, body: { override: override === 'ssh' || override === 'local' ? override : null, host: host.trim() || null, port: Number(port) || 22, username: username.trim() } });
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }} data-testid="connection-settings">
      <TextField select label={t('settings.gateway')} value={override} onChange={(e) => setOverride(e.target.value)} size="small" slotProps={{ htmlInput: { 'data-testid': 'connection-gateway' } }}>
        <MenuItem value="">{t('settings.gatewayDefault')}</MenuItem>
        <MenuItem value="ssh">{t('gateway.ssh')}</MenuItem>
        <MenuItem value="local">{t('gateway.local')}</MenuItem>
      </TextField>
      <TextField label={t('settings.host')} value={host} onChange={(e) => setHost(e.target.value)} size="small" slotProps={{ htmlInput: { maxLength: 253, 'data-testid': 'connection-host' } }} error={!!fieldError('host')} helperText={fieldError('host')} />
      <TextField label={t('settings.port')} value={port} onChange={(e) => setPort(e.target.value)} size="small" type="number" slotProps={{ htmlInput: { min: 1, max: 65535 } }} error={!!fieldError('port')} helperText={fieldError('port')} />
      <TextField label={t('settings.username')} value={username} onChange={(e) => setUsername(e.target.value)} size="small" slotProps={{ htmlInput: { maxLength: 32 } }} error={!!fieldError('username')} helperText={fieldError('username') ?? t('settings.usernameHint')} />
      <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
        <Button type="submit" variant="contained" disabled={isLoading} data-testid="connection-save">
          {t('settings.save')}
        </Button>
      </Box>
    </Box>
  );
}

function TestResult({ result }: { result: ManagedConnectionTest }) {
  const { t } = useTranslation(['connection', 'managed']);
  if (result.ok) return <Alert severity="success" data-testid="connection-test-result">{t('test.ok', { ms: result.durationMs ?? 0 })}</Alert>;
  return (
    <Alert severity={result.reason === 'host_key_unknown' ? 'info' : 'error'} data-testid="connection-test-result">
      {t(`managed:job.unreachableReason.${result.reason ?? 'connection_failed'}`)}
    </Alert>
  );
}

/**
 * The server's connection (issue 28), for cluster administrators: how the portal reaches it, its state and
 * last contact, the host key's fingerprint (confirmed after the first contact), a connection test, the
 * portal's public key for `authorized_keys` and the sudoers drop-in the server needs.
 */
export function ConnectionSection({ clusterId, serverId }: { clusterId: number; serverId: number }) {
  const { t, i18n } = useTranslation('connection');
  const { data: connection, error } = useGetManagedConnectionQuery({ clusterId, serverId });
  const [test, testState] = useTestManagedConnectionMutation();
  const [generate, generateState] = useGenerateManagedConnectionKeyMutation();
  const [confirm, confirmState] = useConfirmManagedConnectionHostKeyMutation();
  const [result, setResult] = useState<ManagedConnectionTest | null>(null);

  if (error) return <Alert severity="error">{translateServerMessage(apiError(error)?.message)}</Alert>;
  if (!connection) return <Skeleton variant="rounded" height={240} role="status" aria-busy="true" />;
  const failure = apiError(confirmState.error)?.message ?? apiError(generateState.error)?.message ?? apiError(testState.error)?.message;
  const when = connection.lastContactAt ? new Intl.DateTimeFormat(i18n.language, { timeZone: userTimeZone(), dateStyle: 'medium', timeStyle: 'short' }).format(new Date(connection.lastContactAt)) : t('never');

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }} data-testid="connection-section">
      <Block title={t('title')} testId="connection-state">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Chip label={t(`state.${connection.state}`)} color={stateColor[connection.state]} data-testid="connection-state-chip" />
          <Chip variant="outlined" label={t(`gateway.${connection.gateway}`)} />
        </Box>
        <Typography variant="body2">
          {t('lastContact')}: <span data-testid="connection-last-contact">{when}</span>
        </Typography>
        {connection.lastError && <Alert severity="warning">{t(`job.unreachableReason.${connection.lastError}`, { defaultValue: connection.lastError })}</Alert>}
        {connection.gateway === 'ssh' && (
          <Box>
            <Button
              variant="outlined"
              disabled={testState.isLoading}
              onClick={() => void test({ clusterId, serverId }).unwrap().then(setResult, () => setResult(null))}
              data-testid="connection-test"
            >
              {t('test.button')}
            </Button>
          </Box>
        )}
        <Box aria-live="polite">{result && <TestResult result={result} />}</Box>
        {failure && <Alert severity="error">{translateServerMessage(failure)}</Alert>}
      </Block>

      {connection.hostKey && (
        <Block title={t('hostKey.title')} testId="connection-host-key">
          <Box component="code" sx={mono} data-testid="connection-fingerprint">
            {connection.hostKey.fingerprint}
          </Box>
          {connection.hostKey.confirmed ? (
            <Alert severity="success">{t('hostKey.confirmed')}</Alert>
          ) : (
            <>
              <Alert severity="warning">{t('hostKey.compare')}</Alert>
              <Box>
                <Button variant="contained" disabled={confirmState.isLoading} onClick={() => void confirm({ clusterId, serverId, body: { fingerprint: connection.hostKey!.fingerprint } })} data-testid="connection-confirm">
                  {t('hostKey.confirm')}
                </Button>
              </Box>
            </>
          )}
        </Block>
      )}

      <Block title={t('settings.title')} testId="connection-settings-block">
        <SettingsForm clusterId={clusterId} serverId={serverId} connection={connection} />
      </Block>

      <Block title={t('key.title')} testId="connection-key">
        {connection.publicKey ? (
          <>
            <Typography variant="body2">{t('key.hint', { user: connection.username })}</Typography>
            <Box component="pre" sx={mono} data-testid="connection-public-key" tabIndex={0} aria-label={t('key.title')}>
              {connection.publicKey}
            </Box>
          </>
        ) : (
          <Typography variant="body2">{t('key.none')}</Typography>
        )}
        <Box>
          <Button variant="outlined" disabled={generateState.isLoading} onClick={() => void generate({ clusterId, serverId })} data-testid="connection-generate-key">
            {connection.publicKey ? t('key.regenerate') : t('key.generate')}
          </Button>
        </Box>
      </Block>

      <Block title={t('sudoers.title')} testId="connection-sudoers">
        <Typography variant="body2">{t('sudoers.hint')}</Typography>
        <Box component="pre" sx={mono} data-testid="connection-sudoers-text" tabIndex={0} aria-label={t('sudoers.title')}>
          {connection.sudoers}
        </Box>
      </Block>
    </Box>
  );
}
