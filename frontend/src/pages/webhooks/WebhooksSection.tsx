import { runtimeT } from '@portal/plugin-sdk/web/runtime-t';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiError } from '../../api/baseApi';
import { translateFieldMessage } from '../../forms/submitErrors';
import { useAppDispatch } from '../../store';
import { callFailed, notifySuccess } from '../../ui/notify';
import {
  useCreateWebhookMutation,
  useDeleteWebhookMutation,
  useListWebhookDeliveriesQuery,
  useListWebhooksQuery,
  useRedeliverWebhookMutation,
  useRotateWebhookSecretMutation,
  useSendWebhookTestMutation,
  useUpdateWebhookMutation,
  webhookEventTypes,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookOwnerRef,
} from './webhooksApi';
import { userTimeZone } from '@portal/plugin-sdk/web/format';

const statusColor = { succeeded: 'success', failed: 'error', retrying: 'warning', pending: 'default' } as const;

function DeliveryStatus({ status }: { status: WebhookDelivery['status'] }) {
  const { t } = useTranslation('webhooks');
  return <Chip size="small" color={statusColor[status]} label={t(`status.${status}`)} data-status={status} />;
}

const dateTime = (iso: string, language: string) => new Date(iso).toLocaleString(language === 'en' ? 'en-GB' : 'de-DE', { timeZone: userTimeZone(), dateStyle: 'short', timeStyle: 'medium' });

/** The secret of a new endpoint or a rotation, shown once. */
function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation(['webhooks', 'common']);
  const dispatch = useAppDispatch();
  const copy = async () => {
    if (!secret) return;
    await navigator.clipboard?.writeText(secret).catch(() => undefined);
    dispatch(notifySuccess('webhooks:secret.copied'));
  };
  return (
    <Dialog open={!!secret} onClose={onClose} aria-labelledby="webhook-secret-title" maxWidth="sm" fullWidth>
      <DialogTitle id="webhook-secret-title">{t('secret.title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('secret.once')}
        </Alert>
        <TextField
          label={t('secret.label')}
          value={secret ?? ''}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'webhook-secret', style: { fontFamily: 'monospace' } } }}
          onFocus={(e) => e.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()}>{t('secret.copy')}</Button>
        <Button variant="contained" onClick={onClose}>
          {t('common:close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Create dialog: URL, description, the events (a group of checkboxes: every event reachable by keyboard). */
function CreateDialog({ owner, open, onClose, onCreated }: { owner: WebhookOwnerRef; open: boolean; onClose: () => void; onCreated: (secret: string) => void }) {
  const { t } = useTranslation(['webhooks', 'common']);
  const dispatch = useAppDispatch();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const [create, state] = useCreateWebhookMutation();
  const toggle = (e: WebhookEventType) => setEvents((list) => (list.includes(e) ? list.filter((x) => x !== e) : [...list, e]));

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const local: typeof errors = {};
    if (!/^https?:\/\/\S+$/i.test(url.trim())) local.url = t('form.urlInvalid');
    if (!events.length) local.events = t('form.eventsRequired');
    setErrors(local);
    if (local.url || local.events) return;
    const result = await create({ owner, body: { url: url.trim(), description: description.trim() || undefined, events } });
    if ('error' in result) {
      const fields = apiError(result.error)?.fields as Record<string, string[]> | undefined;
      if (fields?.url?.[0] || fields?.events?.[0]) {
        setErrors({ url: fields.url?.[0] && translateFieldMessage(fields.url[0]), events: fields.events?.[0] && translateFieldMessage(fields.events[0]) });
        return;
      }
      const notice = callFailed(result.error);
      if (notice) dispatch(notice);
      return;
    }
    setUrl('');
    setDescription('');
    setEvents([]);
    onCreated(result.data.secret);
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="webhook-create-title" maxWidth="sm" fullWidth>
      <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="webhook-create-title">{t('create.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>{t('create.intro')}</DialogContentText>
            <TextField
              label={t('form.url')}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              required
              fullWidth
              autoFocus
              placeholder="https://example.com/hooks/portal"
              error={!!errors.url}
              helperText={errors.url ?? t('form.urlHelp')}
              slotProps={{ htmlInput: { maxLength: 2000, inputMode: 'url', 'data-testid': 'webhook-url' } }}
            />
            <TextField label={t('form.description')} value={description} onChange={(e) => setDescription(e.target.value)} fullWidth slotProps={{ htmlInput: { maxLength: 200 } }} />
            <FormControl component="fieldset" error={!!errors.events} required>
              <FormLabel component="legend">{t('form.events')}</FormLabel>
              <FormGroup>
                {webhookEventTypes.map((e) => (
                  <FormControlLabel
                    key={e}
                    control={<Checkbox checked={events.includes(e)} onChange={() => toggle(e)} slotProps={{ input: { 'aria-describedby': `webhook-event-${e.replace(/\W/g, '-')}` } }} />}
                    label={
                      <Box>
                        <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace' }}>
                          {e}
                        </Typography>
                        <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }} id={`webhook-event-${e.replace(/\W/g, '-')}`}>
                          {runtimeT(t, `events.${e.replace(/\./g, '_')}`)}
                        </Typography>
                      </Box>
                    }
                  />
                ))}
              </FormGroup>
              {errors.events && <FormHelperText>{errors.events}</FormHelperText>}
            </FormControl>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="submit" variant="contained" disabled={state.isLoading}>
            {t('create.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The delivery log of one endpoint: status chips, response code and first bytes, redelivery. */
function DeliveryLog({ owner, endpoint, onClose }: { owner: WebhookOwnerRef; endpoint: WebhookEndpoint; onClose: () => void }) {
  const { t, i18n } = useTranslation(['webhooks', 'common']);
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const dispatch = useAppDispatch();
  const log = useListWebhookDeliveriesQuery({ owner, webhookId: endpoint.id }, { pollingInterval: 3000 });
  const [redeliver, redeliverState] = useRedeliverWebhookMutation();
  const again = async (d: WebhookDelivery) => {
    const result = await redeliver({ owner, webhookId: endpoint.id, deliveryId: d.id });
    if ('error' in result) {
      const notice = callFailed(result.error);
      if (notice) dispatch(notice);
      return;
    }
    dispatch(notifySuccess('webhooks:log.redelivered'));
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="webhook-log-title" maxWidth="md" fullWidth fullScreen={narrow}>
      <DialogTitle id="webhook-log-title" sx={{ overflowWrap: 'anywhere' }}>
        {t('log.title', { url: endpoint.url })}
      </DialogTitle>
      <DialogContent>
        {log.isLoading ? (
          <Box role="status" aria-busy="true" aria-label={t('common:loading')}>
            <Skeleton height={40} />
            <Skeleton height={40} />
          </Box>
        ) : log.isError || !log.data ? (
          <Alert severity="error">{t('log.loadError')}</Alert>
        ) : log.data.length === 0 ? (
          <Typography color="text.secondary">{t('log.empty')}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-labelledby="webhook-log-title" data-testid="webhook-deliveries">
              <TableHead>
                <TableRow>
                  <TableCell>{t('log.event')}</TableCell>
                  <TableCell>{t('log.status')}</TableCell>
                  <TableCell>{t('log.lastAttempt')}</TableCell>
                  <TableCell align="right">{t('log.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {log.data.map((d) => {
                  const last = d.attempts[0];
                  return (
                    <TableRow key={d.id} data-testid="webhook-delivery" data-event={d.eventType}>
                      <TableCell>
                        <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                          {d.eventType}
                        </Typography>
                        <Typography variant="caption" color="text.secondary">
                          {dateTime(d.createdAt, i18n.language)}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        <DeliveryStatus status={d.status} />
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                          {t('log.attempts', { count: d.attempts.length })}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ maxWidth: 280 }}>
                        {last ? (
                          <>
                            <Typography variant="body2">
                              {last.responseStatus ?? '–'} · {dateTime(last.at, i18n.language)}
                            </Typography>
                            <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', display: 'block' }}>
                              {last.error ? t(`attemptError.${last.error.replace(/^webhook\.error\./, '')}`, { defaultValue: last.error }) : last.responseBody.slice(0, 120)}
                            </Typography>
                          </>
                        ) : (
                          '–'
                        )}
                      </TableCell>
                      <TableCell align="right">
                        <Button size="small" disabled={redeliverState.isLoading} onClick={() => void again(d)} aria-label={t('log.redeliverLabel', { event: d.eventType })}>
                          {t('log.redeliver')}
                        </Button>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Outgoing webhooks (issue 30) of a customer (customer dashboard) or a cluster (cluster settings): the
 * endpoints, creating one (its secret shown once), the delivery log, test event, secret rotation, delete.
 */
export function WebhooksSection({ owner }: { owner: WebhookOwnerRef }) {
  const { t, i18n } = useTranslation(['webhooks', 'common']);
  const dispatch = useAppDispatch();
  const list = useListWebhooksQuery(owner);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'delete' | 'rotate'; endpoint: WebhookEndpoint } | null>(null);
  const [remove] = useDeleteWebhookMutation();
  const [rotate] = useRotateWebhookSecretMutation();
  const [test, testState] = useSendWebhookTestMutation();
  const [update] = useUpdateWebhookMutation();

  const failed = (error: unknown) => {
    const notice = callFailed(error);
    if (notice) dispatch(notice);
  };
  const confirmed = async () => {
    if (!confirm) return;
    const { kind, endpoint } = confirm;
    setConfirm(null);
    if (kind === 'delete') {
      const r = await remove({ owner, webhookId: endpoint.id });
      if ('error' in r) return failed(r.error);
      dispatch(notifySuccess('webhooks:deleted'));
    } else {
      const r = await rotate({ owner, webhookId: endpoint.id });
      if ('error' in r) return failed(r.error);
      setSecret(r.data.secret);
    }
  };
  const sendTest = async (endpoint: WebhookEndpoint) => {
    const r = await test({ owner, webhookId: endpoint.id });
    if ('error' in r) return failed(r.error);
    dispatch(notifySuccess('webhooks:testSent'));
    setLogOf(endpoint);
  };
  const switchOn = async (endpoint: WebhookEndpoint) => {
    const r = await update({ owner, webhookId: endpoint.id, body: { enabled: true } });
    if ('error' in r) return failed(r.error);
    dispatch(notifySuccess('webhooks:enabledAgain'));
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="webhooks-heading" id="webhooks">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 1 }}>
        <Typography variant="h3" component="h2" id="webhooks-heading" sx={{ flexGrow: 1 }}>
          {t('title')}
        </Typography>
        <Button variant="contained" onClick={() => setCreating(true)} data-testid="webhook-create">
          {t('create.button')}
        </Button>
      </Box>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
        {t(owner.kind === 'clusters' ? 'introCluster' : 'introCustomer')}
      </Typography>
      {list.isLoading ? (
        <Box role="status" aria-busy="true" aria-label={t('common:loading')}>
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Box>
      ) : list.isError || !list.data ? (
        <Alert severity="error">{t('loadError')}</Alert>
      ) : list.data.length === 0 ? (
        <Typography color="text.secondary" data-testid="webhooks-empty">
          {t('empty')}
        </Typography>
      ) : (
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="webhooks-list">
          {list.data.map((e) => (
            <Paper key={e.id} variant="outlined" component="li" sx={{ p: 1.5 }} data-testid="webhook">
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <Typography sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', flex: '1 1 240px', minWidth: 0 }}>{e.url}</Typography>
                {e.enabled ? <Chip size="small" color="success" label={t('state.enabled')} /> : <Chip size="small" color="error" label={t(`state.${e.disabledReason ?? 'manual'}`)} />}
                {e.lastDelivery && <DeliveryStatus status={e.lastDelivery.status} />}
              </Box>
              {e.description && (
                <Typography variant="body2" color="text.secondary">
                  {e.description}
                </Typography>
              )}
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                {t('eventsList', { events: e.events.join(', ') })}
                {e.lastDelivery ? ` · ${t('lastDelivery', { at: dateTime(e.lastDelivery.at, i18n.language) })}` : ''}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
                <Button size="small" onClick={() => setLogOf(e)} aria-label={t('actions.logLabel', { url: e.url })}>
                  {t('actions.log')}
                </Button>
                <Button size="small" onClick={() => void sendTest(e)} disabled={testState.isLoading} aria-label={t('actions.testLabel', { url: e.url })}>
                  {t('actions.test')}
                </Button>
                {!e.enabled && (
                  <Button size="small" onClick={() => void switchOn(e)}>
                    {t('actions.enable')}
                  </Button>
                )}
                <Button size="small" onClick={() => setConfirm({ kind: 'rotate', endpoint: e })} aria-label={t('actions.rotateLabel', { url: e.url })}>
                  {t('actions.rotate')}
                </Button>
                <Button size="small" color="error" onClick={() => setConfirm({ kind: 'delete', endpoint: e })} aria-label={t('actions.deleteLabel', { url: e.url })}>
                  {t('actions.delete')}
                </Button>
              </Box>
            </Paper>
          ))}
        </Stack>
      )}
      <CreateDialog
        owner={owner}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(s) => {
          setCreating(false);
          setSecret(s);
        }}
      />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      {logOf && <DeliveryLog owner={owner} endpoint={logOf} onClose={() => setLogOf(null)} />}
      <Dialog open={!!confirm} onClose={() => setConfirm(null)} aria-labelledby="webhook-confirm-title" maxWidth="sm" fullWidth>
        <DialogTitle id="webhook-confirm-title">{confirm && t(confirm.kind === 'delete' ? 'confirm.deleteTitle' : 'confirm.rotateTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ overflowWrap: 'anywhere' }}>{confirm && t(confirm.kind === 'delete' ? 'confirm.deleteText' : 'confirm.rotateText', { url: confirm.endpoint.url })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>{t('common:cancel')}</Button>
          <Button color={confirm?.kind === 'delete' ? 'error' : 'primary'} variant="contained" onClick={() => void confirmed()}>
            {confirm && t(confirm.kind === 'delete' ? 'actions.delete' : 'actions.rotate')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
