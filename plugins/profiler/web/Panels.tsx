import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import {
  ConfirmDialog,
  DataTable,
  formatDateTime,
  PanelSection,
  QueryState,
  runtimeT,
  useApply,
  useConfirm,
  useManagedHost,
  useServerEvent,
  WriteButton,
} from '@portal/plugin-sdk/web';
import { profilerApi, profilerClient } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { profilerSiteResource } from '../generated/resources.ts';
import type { FunctionDelta, Profile, Run, Site, Transaction } from './model.ts';

// The flame graph comes with the first profile shown (its own chunk).
const FlameGraph = lazy(() => import('./FlameGraph.tsx'));

const fields = profilerSiteResource.fields;
const hostPattern = new RegExp(fields.host.pattern);
const rootPattern = new RegExp(fields.documentRoot.pattern);
const prefixPattern = new RegExp(fields.urlPrefix.pattern);

function useArgs() {
  const host = useManagedHost();
  return { clusterId: host.cluster.id, serverId: host.server.id };
}

const ms = (n: number, lang: string) => n.toLocaleString(lang, { maximumFractionDigits: 1 });

/** The profiled sites: on/off per site, period, prefix, rate; a new one; removal after a confirmation. */
export function SitesPanel() {
  const { t } = useT();
  const args = useArgs();
  const query = profilerApi.useListProfilerSitesQuery(args);
  const [create] = profilerApi.useCreateProfilerSiteMutation();
  const [update] = profilerApi.useUpdateProfilerSiteMutation();
  const [remove] = profilerApi.useDeleteProfilerSiteMutation();
  const apply = useApply(profilerClient);
  const confirm = useConfirm<Site>();
  const [form, setForm] = useState({ host: '', documentRoot: '/var/www/html', periodMs: '10', urlPrefix: '', sampleRatePercent: '100' });
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value });
  const bad = {
    host: form.host !== '' && !hostPattern.test(form.host),
    documentRoot: !rootPattern.test(form.documentRoot),
    periodMs: !(Number(form.periodMs) >= 1 && Number(form.periodMs) <= 1000),
    urlPrefix: !prefixPattern.test(form.urlPrefix),
    sampleRatePercent: !(Number(form.sampleRatePercent) >= 1 && Number(form.sampleRatePercent) <= 100),
  };
  const invalid = form.host === '' || Object.values(bad).some(Boolean);
  const body = (s: Site, enabled: boolean) => ({
    host: s.host,
    documentRoot: s.documentRoot,
    enabled,
    periodMs: s.periodMs,
    urlPrefix: s.urlPrefix,
    sampleRatePercent: s.sampleRatePercent,
  });
  return (
    <PanelSection id="profiler-sites-title" title={t('sites.title')}>
      <QueryState query={query}>
        {(answer) => (
          <DataTable<Site>
            rows={answer.data}
            rowKey={(s) => s.id}
            caption={t('sites.caption')}
            testId="profiler-sites"
            empty={t('sites.empty')}
            columns={[
              { id: 'host', label: t('sites.host'), render: (s) => s.host, sortValue: (s) => s.host },
              { id: 'root', label: t('sites.documentRoot'), render: (s) => s.documentRoot },
              {
                id: 'enabled',
                label: t('sites.enabled'),
                render: (s) => (
                  <Switch
                    checked={s.enabled}
                    slotProps={{ input: { 'aria-label': `${t('sites.enabled')} ${s.host}` } }}
                    onChange={(_, on) => void apply.track(update({ ...args, siteId: s.id, body: body(s, on) }))}
                  />
                ),
              },
              { id: 'period', label: t('sites.period'), render: (s) => s.periodMs, align: 'right' },
              { id: 'prefix', label: t('sites.prefix'), render: (s) => s.urlPrefix || t('sites.all') },
              { id: 'rate', label: t('sites.rate'), render: (s) => s.sampleRatePercent, align: 'right' },
              {
                id: 'actions',
                label: t('sites.deleteConfirm'),
                hideLabel: true,
                align: 'right',
                render: (s) => (
                  <WriteButton size="small" color="error" onClick={() => confirm.ask(s)} aria-label={t('sites.delete', { host: s.host })}>
                    {t('sites.deleteConfirm')}
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
        sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}
        onSubmit={async (e: React.FormEvent) => {
          e.preventDefault();
          if (invalid) return;
          await apply.track(
            create({
              ...args,
              body: {
                host: form.host,
                documentRoot: form.documentRoot,
                enabled: true,
                periodMs: Number(form.periodMs),
                urlPrefix: form.urlPrefix,
                sampleRatePercent: Number(form.sampleRatePercent),
              },
            }),
          );
        }}
      >
        <TextField
          id="profiler-host"
          label={t('sites.host')}
          value={form.host}
          size="small"
          onChange={set('host')}
          error={bad.host}
          helperText=" "
        />
        <TextField
          id="profiler-root"
          label={t('sites.documentRoot')}
          value={form.documentRoot}
          size="small"
          onChange={set('documentRoot')}
          error={bad.documentRoot}
          helperText=" "
        />
        <TextField
          id="profiler-period"
          type="number"
          label={t('sites.period')}
          value={form.periodMs}
          size="small"
          onChange={set('periodMs')}
          error={bad.periodMs}
          helperText={bad.periodMs ? '1 – 1000' : ' '}
          sx={{ width: 130 }}
        />
        <TextField
          id="profiler-prefix"
          label={t('sites.prefix')}
          value={form.urlPrefix}
          size="small"
          onChange={set('urlPrefix')}
          error={bad.urlPrefix}
          helperText={t('sites.prefixHelp')}
        />
        <TextField
          id="profiler-rate"
          type="number"
          label={t('sites.rate')}
          value={form.sampleRatePercent}
          size="small"
          onChange={set('sampleRatePercent')}
          error={bad.sampleRatePercent}
          helperText={bad.sampleRatePercent ? '1 – 100' : ' '}
          sx={{ width: 130 }}
        />
        <WriteButton type="submit" variant="contained" disabled={invalid}>
          {t('sites.add')}
        </WriteButton>
      </Stack>
      <ConfirmDialog
        {...confirm.dialog}
        title={t('sites.deleteTitle')}
        text={confirm.item ? t('sites.deleteText', { host: confirm.item.host }) : ''}
        confirm={t('sites.deleteConfirm')}
        onConfirm={() => confirm.run(async (s) => void (await apply.track(remove({ ...args, siteId: s.id }))))}
      />
    </PanelSection>
  );
}

/** "Profile now": a site's script run under the live snippet, the latest runs with their progress. */
export function RunPanel({ onShow }: { onShow: (profileId: string) => void }) {
  const { t, i18n } = useT();
  const args = useArgs();
  const sites = profilerApi.useListProfilerSitesQuery(args);
  const [polling, setPolling] = useState(0);
  const runs = profilerApi.useListProfilerRunsQuery(args, { pollingInterval: polling });
  const profiles = profilerApi.useListProfilerProfilesQuery(args);
  const [start, started] = profilerApi.useCreateProfilerRunMutation();
  const [siteId, setSiteId] = useState<number | ''>('');
  const [script, setScript] = useState('index.php');
  const [uri, setUri] = useState('/');
  const running = runs.data?.data.some((r) => r.status === 'running') ?? false;
  if ((running ? 1000 : 0) !== polling) setPolling(running ? 1000 : 0);
  useServerEvent('profiler.run', () => {
    void runs.refetch();
    void profiles.refetch();
  });
  const chosen = siteId === '' ? sites.data?.data[0]?.id : siteId;
  const error = started.error as { data?: { error?: { message?: string; fields?: Record<string, string[]> } } } | undefined;
  const message = error?.data?.error?.message ?? Object.values(error?.data?.error?.fields ?? {})[0]?.[0];
  return (
    <PanelSection id="profiler-run-title" title={t('run.title')}>
      <Stack
        component="form"
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: 'flex-start' }}
        onSubmit={async (e: React.FormEvent) => {
          e.preventDefault();
          if (chosen) await start({ ...args, body: { siteId: chosen, script, uri } });
        }}
      >
        <TextField
          select
          id="profiler-run-site"
          label={t('run.site')}
          value={chosen ?? ''}
          size="small"
          onChange={(e) => setSiteId(Number(e.target.value))}
          helperText=" "
          sx={{ minWidth: 220 }}
        >
          {(sites.data?.data ?? []).map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.host}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="profiler-run-script"
          label={t('run.script')}
          value={script}
          size="small"
          onChange={(e) => setScript(e.target.value)}
          helperText={t('run.scriptHelp')}
        />
        <TextField
          id="profiler-run-uri"
          label={t('run.uri')}
          value={uri}
          size="small"
          onChange={(e) => setUri(e.target.value)}
          helperText=" "
        />
        <WriteButton type="submit" variant="contained" disabled={!chosen || started.isLoading || running}>
          {t('run.start')}
        </WriteButton>
      </Stack>
      {message && <Alert severity="error">{runtimeT(i18n.t, message)}</Alert>}
      <QueryState query={runs}>
        {(answer) => (
          <DataTable<Run>
            rows={answer.data}
            rowKey={(r) => r.id}
            caption={t('run.caption')}
            testId="profiler-runs"
            empty={t('run.empty')}
            rowProps={(r) => ({ 'data-status': r.status, 'data-testid': `profiler-run-${r.id}` })}
            columns={[
              { id: 'when', label: t('run.when'), render: (r) => formatDateTime(r.createdAt, i18n.language) },
              { id: 'target', label: t('profiles.transaction'), render: (r) => `${r.host} ${r.uri} (${r.script})` },
              {
                id: 'status',
                label: t('run.status'),
                render: (r) => (
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    {r.status === 'running' && <CircularProgress size={14} aria-hidden />}
                    <span>{r.status === 'running' ? t(`run.steps.${r.step}`) : t(`run.statuses.${r.status}`)}</span>
                  </Stack>
                ),
              },
              {
                id: 'profile',
                label: t('profiles.show'),
                hideLabel: true,
                align: 'right',
                render: (r) =>
                  r.profileId ? (
                    <Button size="small" onClick={() => onShow(r.profileId!)} aria-label={t('run.open', { id: r.profileId })}>
                      {t('profiles.show')}
                    </Button>
                  ) : r.status === 'failed' ? (
                    <Typography variant="body2" component="span" title={t('run.output')} sx={{ whiteSpace: 'pre-wrap' }}>
                      {r.output.trim().split('\n').slice(-1)[0]}
                    </Typography>
                  ) : null,
              },
            ]}
          />
        )}
      </QueryState>
    </PanelSection>
  );
}

/** The profiles (newest first) and the slowest transactions; a chosen profile as a flame graph, a second one compared with it. */
export function ProfilesPanel({ shown, onShow }: { shown: string | null; onShow: (id: string | null) => void }) {
  const { t, i18n } = useT();
  const args = useArgs();
  const query = profilerApi.useListProfilerProfilesQuery(args);
  const [other, setOther] = useState<string | null>(null);
  return (
    <PanelSection id="profiler-profiles-title" title={t('profiles.title')}>
      <QueryState query={query}>
        {(answer) => (
          <>
            <DataTable<Profile>
              rows={answer.data}
              rowKey={(p) => p.id}
              caption={t('profiles.caption')}
              testId="profiler-profiles"
              empty={t('profiles.empty')}
              columns={[
                { id: 'started', label: t('profiles.started'), render: (p) => formatDateTime(p.startedAt, i18n.language) },
                { id: 'transaction', label: t('profiles.transaction'), render: (p) => `${p.host} ${p.uri}` },
                {
                  id: 'duration',
                  label: t('profiles.duration'),
                  align: 'right',
                  render: (p) => ms(p.durationMs, i18n.language),
                  sortValue: (p) => p.durationMs,
                },
                { id: 'samples', label: t('profiles.samples'), align: 'right', render: (p) => p.samples },
                {
                  id: 'version',
                  label: t('profiles.version'),
                  render: (p) =>
                    p.configVersion === null ? t('profiles.versionUnknown') : t('profiles.versionValue', { version: p.configVersion }),
                },
                {
                  id: 'actions',
                  label: t('profiles.show'),
                  hideLabel: true,
                  align: 'right',
                  render: (p) => (
                    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                      <Button
                        size="small"
                        onClick={() => (onShow(p.id), setOther(null))}
                        aria-label={t('profiles.showLabel', { id: p.id })}
                      >
                        {t('profiles.show')}
                      </Button>
                      {shown && shown !== p.id && (
                        <Button size="small" onClick={() => setOther(p.id)} aria-label={t('profiles.compareLabel', { id: p.id })}>
                          {t('profiles.compare')}
                        </Button>
                      )}
                    </Stack>
                  ),
                },
              ]}
            />
            {answer.transactions.length > 0 && (
              <>
                <Typography variant="h3" sx={{ fontSize: '1.125rem' }}>
                  {t('profiles.slowest')}
                </Typography>
                <DataTable<Transaction>
                  rows={answer.transactions}
                  rowKey={(x) => `${x.host} ${x.path}`}
                  caption={t('profiles.slowestCaption')}
                  testId="profiler-transactions"
                  columns={[
                    { id: 'transaction', label: t('profiles.transaction'), render: (x) => `${x.host} ${x.path}` },
                    { id: 'count', label: t('profiles.count'), align: 'right', render: (x) => x.count },
                    { id: 'max', label: t('profiles.max'), align: 'right', render: (x) => ms(x.maxMs, i18n.language) },
                    { id: 'avg', label: t('profiles.avg'), align: 'right', render: (x) => ms(x.avgMs, i18n.language) },
                  ]}
                />
              </>
            )}
          </>
        )}
      </QueryState>
      {shown && <ProfileView id={shown} onClose={() => onShow(null)} />}
      {shown && other && <DiffView base={shown} other={other} />}
    </PanelSection>
  );
}

/** One profile: its facts, the version that was live, the flame graph and the export for speedscope. */
function ProfileView({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, i18n } = useT();
  const args = useArgs();
  const query = profilerApi.useGetProfilerProfileQuery({ ...args, profileId: id });
  const [exportProfile] = profilerApi.useLazyExportProfilerProfileQuery();
  const download = async () => {
    const r = await exportProfile({ ...args, profileId: id });
    if (!r.data) return;
    const url = URL.createObjectURL(new Blob([r.data.content], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = r.data.fileName;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <QueryState query={query}>
      {({ profile: p, stacks }) => (
        <Stack spacing={1} component="section" aria-labelledby="profiler-flame-title" data-testid="profiler-profile">
          <Typography id="profiler-flame-title" variant="h3" sx={{ fontSize: '1.125rem' }}>
            {t('flame.title', { id: p.id })}
          </Typography>
          <Typography variant="body2">
            {t('flame.summary', {
              uri: p.uri,
              host: p.host,
              duration: ms(p.durationMs, i18n.language),
              samples: p.samples,
              period: ms(p.periodMs, i18n.language),
            })}
          </Typography>
          {p.configVersion !== null && <Typography variant="body2">{t('flame.liveVersion', { version: p.configVersion })}</Typography>}
          <Suspense fallback={<CircularProgress size={20} aria-label={t('flame.label')} />}>
            <FlameGraph stacks={stacks} testId="profiler-flame" />
          </Suspense>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button variant="outlined" onClick={() => void download()}>
              {t('flame.export')}
            </Button>
            <Typography variant="body2">{t('flame.exportHelp')}</Typography>
            <Button onClick={onClose}>{t('flame.close')}</Button>
          </Stack>
        </Stack>
      )}
    </QueryState>
  );
}

/** Two runs compared: self time per function before and after, the largest change first. */
function DiffView({ base, other }: { base: string; other: string }) {
  const { t, i18n } = useT();
  const args = useArgs();
  const query = profilerApi.useCompareProfilerProfilesQuery({ ...args, profileId: base, query: { other } });
  return (
    <QueryState query={query}>
      {(answer) => (
        <Stack spacing={1} component="section" aria-labelledby="profiler-diff-title">
          <Typography id="profiler-diff-title" variant="h3" sx={{ fontSize: '1.125rem' }}>
            {t('diff.title', { base, other })}
          </Typography>
          <DataTable<FunctionDelta>
            rows={answer.functions}
            rowKey={(f) => f.name}
            caption={t('diff.caption')}
            testId="profiler-diff"
            empty={t('diff.empty')}
            columns={[
              { id: 'function', label: t('diff.function'), render: (f) => <code>{f.name}</code> },
              { id: 'base', label: t('diff.base'), align: 'right', render: (f) => ms(f.baseMs, i18n.language) },
              { id: 'other', label: t('diff.other'), align: 'right', render: (f) => ms(f.otherMs, i18n.language) },
              {
                id: 'delta',
                label: t('diff.delta'),
                align: 'right',
                render: (f) => (
                  <Typography
                    component="span"
                    variant="body2"
                    sx={{ fontWeight: 600, color: f.deltaMs > 0 ? 'error.main' : f.deltaMs < 0 ? 'success.main' : 'text.primary' }}
                  >
                    {f.deltaMs > 0 ? '+' : ''}
                    {ms(f.deltaMs, i18n.language)}
                  </Typography>
                ),
              },
            ]}
          />
        </Stack>
      )}
    </QueryState>
  );
}
