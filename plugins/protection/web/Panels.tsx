import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Schemas } from '@portal/openapi';
import { useState } from 'react';
import { ConfirmDialog, DataTable, PanelSection, QueryState, useApply, useConfirm, useManagedHost, WriteButton } from '@portal/plugin-sdk/web';
import { protectionApi, protectionClient } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { protectionJailResource, protectionWafSiteResource } from '../generated/resources.ts';

type Jail = Schemas['ProtectionJail'];
type Site = Schemas['ProtectionWafSite'];
type JailName = Jail['jail'];
type Mode = Site['mode'];

const jailNames = protectionJailResource.fields.jail.enum as readonly JailName[];
const modes = protectionWafSiteResource.fields.mode.enum as readonly Mode[];
const hostPattern = new RegExp(protectionWafSiteResource.fields.host.pattern);

function useArgs() {
  const host = useManagedHost();
  return { clusterId: host.cluster.id, serverId: host.server.id };
}

/** The jails: service, active, ban time, failures, find time; a new one; delete after a confirmation. */
export function JailsPanel() {
  const { t } = useT();
  const args = useArgs();
  const query = protectionApi.useListProtectionJailsQuery(args);
  const [create] = protectionApi.useCreateProtectionJailMutation();
  const [remove] = protectionApi.useDeleteProtectionJailMutation();
  const apply = useApply(protectionClient);
  const confirm = useConfirm<Jail>();
  const [jail, setJail] = useState<JailName>('sshd');
  const [bantime, setBantime] = useState('3600');
  const [maxretry, setMaxretry] = useState('5');
  const [findtime, setFindtime] = useState('600');
  const bantimeError = !(Number(bantime) >= 60 && Number(bantime) <= 31536000);
  return (
    <PanelSection id="protection-jails-title" title={t('jails.title')}>
      <QueryState query={query}>
        {(answer) => (
          <DataTable<Jail>
            rows={answer.data}
            rowKey={(j) => j.id}
            caption={t('jails.caption')}
            testId="protection-jails"
            empty={t('jails.empty')}
            columns={[
              { id: 'jail', label: t('jails.jail'), render: (j) => j.jail, sortValue: (j) => j.jail },
              { id: 'enabled', label: t('jails.enabled'), render: (j) => (j.enabled ? t('jails.on') : t('jails.off')) },
              { id: 'bantime', label: t('jails.bantime'), render: (j) => j.bantimeSeconds },
              { id: 'maxretry', label: t('jails.maxretry'), render: (j) => j.maxretry },
              { id: 'findtime', label: t('jails.findtime'), render: (j) => j.findtimeSeconds },
              {
                id: 'actions',
                label: t('jails.deleteConfirm'),
                hideLabel: true,
                align: 'right',
                render: (j) => (
                  <WriteButton size="small" color="error" onClick={() => confirm.ask(j)} aria-label={t('jails.delete', { jail: j.jail })}>
                    {t('jails.deleteConfirm')}
                  </WriteButton>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <Stack
        component="form"
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: 'flex-start' }}
        onSubmit={async (e: React.FormEvent) => {
          e.preventDefault();
          if (bantimeError) return;
          await apply.track(create({ ...args, body: { jail, enabled: true, bantimeSeconds: Number(bantime), maxretry: Number(maxretry), findtimeSeconds: Number(findtime) } }));
        }}
      >
        <TextField select id="protection-jail" label={t('jails.jail')} value={jail} size="small" onChange={(e) => setJail(e.target.value as JailName)} helperText=" " sx={{ minWidth: 200 }}>
          {jailNames.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
        <TextField id="protection-bantime" type="number" label={t('jails.bantime')} value={bantime} size="small" onChange={(e) => setBantime(e.target.value)} error={bantimeError} helperText={bantimeError ? '60 – 31536000' : ' '} />
        <TextField id="protection-maxretry" type="number" label={t('jails.maxretry')} value={maxretry} size="small" onChange={(e) => setMaxretry(e.target.value)} helperText=" " />
        <TextField id="protection-findtime" type="number" label={t('jails.findtime')} value={findtime} size="small" onChange={(e) => setFindtime(e.target.value)} helperText=" " />
        <WriteButton type="submit" variant="contained" disabled={bantimeError}>
          {t('jails.add')}
        </WriteButton>
      </Stack>
      <ConfirmDialog
        {...confirm.dialog}
        title={t('jails.deleteTitle')}
        text={confirm.item ? t('jails.deleteText', { jail: confirm.item.jail }) : ''}
        confirm={t('jails.deleteConfirm')}
        onConfirm={() => confirm.run(async (j) => void (await apply.track(remove({ ...args, jailId: j.id }))))}
      />
    </PanelSection>
  );
}

/** The running fail2ban's bans with unban, and a manual ban. */
export function BansPanel() {
  const { t } = useT();
  const args = useArgs();
  const query = protectionApi.useListProtectionBansQuery(args);
  const [ban, banState] = protectionApi.useBanProtectionAddressMutation();
  const [unban] = protectionApi.useUnbanProtectionAddressMutation();
  const [address, setAddress] = useState('');
  const [jail, setJail] = useState('');
  const [message, setMessage] = useState('');
  const rows = (query.data?.jails ?? []).flatMap((j) => j.banned.map((a) => ({ jail: j.jail, address: a })));
  const error = banState.error as { data?: { fields?: Record<string, string[]> } } | undefined;
  return (
    <PanelSection id="protection-bans-title" title={t('bans.title')}>
      <QueryState query={query}>
        {(answer) =>
          !answer.running ? (
            <Alert severity="info">{t('bans.notRunning')}</Alert>
          ) : (
            <DataTable<{ jail: string; address: string }>
              rows={rows}
              rowKey={(r) => `${r.jail} ${r.address}`}
              caption={t('bans.caption')}
              testId="protection-bans"
              empty={t('bans.empty')}
              columns={[
                { id: 'jail', label: t('bans.jail'), render: (r) => r.jail },
                { id: 'address', label: t('bans.address'), render: (r) => r.address },
                {
                  id: 'actions',
                  label: t('bans.unbanLabel'),
                  hideLabel: true,
                  align: 'right',
                  render: (r) => (
                    <WriteButton
                      size="small"
                      aria-label={t('bans.unban', { address: r.address })}
                      onClick={async () => {
                        const result = await unban({ ...args, body: r });
                        if (result.error === undefined) {
                          setMessage(t('bans.unbanned', { address: r.address }));
                          void query.refetch();
                        }
                      }}
                    >
                      {t('bans.unbanLabel')}
                    </WriteButton>
                  ),
                },
              ]}
            />
          )
        }
      </QueryState>
      {message && <Alert severity="success">{message}</Alert>}
      {query.data?.running && (
        <Stack
          component="form"
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ alignItems: 'flex-start' }}
          onSubmit={async (e: React.FormEvent) => {
            e.preventDefault();
            const target = jail || query.data?.jails[0]?.jail;
            if (!address || !target) return;
            const result = await ban({ ...args, body: { jail: target, address } });
            if (result.error === undefined) {
              setMessage(t('bans.banned', { address }));
              setAddress('');
              void query.refetch();
            }
          }}
        >
          <TextField select id="protection-ban-jail" label={t('bans.banJail')} value={jail || query.data.jails[0]?.jail || ''} size="small" onChange={(e) => setJail(e.target.value)} helperText=" " sx={{ minWidth: 200 }}>
            {query.data.jails.map((j) => (
              <MenuItem key={j.jail} value={j.jail}>
                {j.jail}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            id="protection-ban-address"
            label={t('bans.banAddress')}
            value={address}
            size="small"
            onChange={(e) => setAddress(e.target.value)}
            error={!!error?.data?.fields?.address}
            helperText={error?.data?.fields?.address ? t(error.data.fields.address[0]!.replace('protection:', '') as 'errors.address_format') : ' '}
            slotProps={{ htmlInput: { maxLength: 45 } }}
          />
          <WriteButton type="submit" variant="contained" disabled={!address}>
            {t('bans.ban')}
          </WriteButton>
        </Stack>
      )}
    </PanelSection>
  );
}

/** The WAF per site: mode and exceptions; a new site; remove. */
export function WafPanel() {
  const { t } = useT();
  const args = useArgs();
  const query = protectionApi.useListProtectionWafSitesQuery(args);
  const [create] = protectionApi.useCreateProtectionWafSiteMutation();
  const [remove] = protectionApi.useDeleteProtectionWafSiteMutation();
  const apply = useApply(protectionClient);
  const [host, setHost] = useState('');
  const [mode, setMode] = useState<Mode>('detect');
  const [exceptions, setExceptions] = useState('');
  const hostError = host !== '' && !hostPattern.test(host);
  return (
    <PanelSection id="protection-waf-title" title={t('waf.title')}>
      <QueryState query={query}>
        {(answer) => (
          <DataTable<Site>
            rows={answer.data}
            rowKey={(s) => s.id}
            caption={t('waf.caption')}
            testId="protection-waf"
            empty={t('waf.empty')}
            columns={[
              { id: 'host', label: t('waf.host'), render: (s) => s.host, sortValue: (s) => s.host },
              { id: 'mode', label: t('waf.mode'), render: (s) => t(`waf.modes.${s.mode}`) },
              { id: 'exceptions', label: t('waf.exceptions'), render: (s) => s.exceptions || '–' },
              {
                id: 'actions',
                label: t('waf.deleteConfirm'),
                hideLabel: true,
                align: 'right',
                render: (s) => (
                  <WriteButton size="small" color="error" aria-label={t('waf.delete', { host: s.host })} onClick={() => void apply.track(remove({ ...args, siteId: s.id }))}>
                    {t('waf.deleteConfirm')}
                  </WriteButton>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <Stack
        component="form"
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: 'flex-start' }}
        onSubmit={async (e: React.FormEvent) => {
          e.preventDefault();
          if (!host || hostError) return;
          const r = await apply.track(create({ ...args, body: { host, mode, exceptions } }));
          if (r.error === undefined) setHost('');
        }}
      >
        <TextField id="protection-waf-host" label={t('waf.host')} value={host} size="small" onChange={(e) => setHost(e.target.value)} error={hostError} helperText=" " slotProps={{ htmlInput: { maxLength: 253 } }} />
        <TextField select id="protection-waf-mode" label={t('waf.mode')} value={mode} size="small" onChange={(e) => setMode(e.target.value as Mode)} helperText=" " sx={{ minWidth: 200 }}>
          {modes.map((m) => (
            <MenuItem key={m} value={m}>
              {t(`waf.modes.${m}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField id="protection-waf-exceptions" label={t('waf.exceptions')} value={exceptions} size="small" onChange={(e) => setExceptions(e.target.value)} helperText={t('waf.exceptionsHelp')} slotProps={{ htmlInput: { maxLength: 700 } }} />
        <WriteButton type="submit" variant="contained" disabled={!host || hostError}>
          {t('waf.add')}
        </WriteButton>
      </Stack>
    </PanelSection>
  );
}

/** The WAF events of the audit log; a rule of an event becomes an exception of its site. */
export function EventsPanel() {
  const { t } = useT();
  const args = useArgs();
  const query = protectionApi.useListProtectionWafEventsQuery(args);
  const sites = protectionApi.useListProtectionWafSitesQuery(args);
  const [update] = protectionApi.useUpdateProtectionWafSiteMutation();
  const apply = useApply(protectionClient);
  type Event = Schemas['ProtectionWafEvents']['data'][number];
  const except = (event: Event, id: number) => {
    const site = sites.data?.data.find((s) => s.host === event.host);
    if (!site) return;
    const exceptions = [site.exceptions, String(id)].filter(Boolean).join(', ');
    void apply.track(update({ ...args, siteId: site.id, body: { host: site.host, mode: site.mode, exceptions } }));
  };
  return (
    <PanelSection id="protection-events-title" title={t('events.title')}>
      <QueryState query={query}>
        {(answer) => (
          <DataTable<Event>
            rows={answer.data}
            rowKey={(e) => e.id}
            caption={t('events.caption')}
            testId="protection-events"
            empty={t('events.empty')}
            columns={[
              { id: 'time', label: t('events.time'), render: (e) => e.time },
              { id: 'request', label: t('events.request'), render: (e) => `${e.status ?? ''} ${e.method} ${e.host}${e.uri}` },
              {
                id: 'rules',
                label: t('events.rules'),
                render: (e) => (
                  <Stack spacing={0.5}>
                    {e.rules.map((r) => (
                      <span key={r.id}>
                        {r.id} {r.message}{' '}
                        <WriteButton size="small" aria-label={t('waf.except', { id: r.id, host: e.host })} onClick={() => except(e, r.id)}>
                          {t('waf.exceptLabel')}
                        </WriteButton>
                      </span>
                    ))}
                  </Stack>
                ),
              },
            ]}
          />
        )}
      </QueryState>
    </PanelSection>
  );
}
