import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { ApplyJobBanner, ConfirmDialog, useApply, useManagedHost, type ManagedJob, runtimeT, WriteButton } from '@portal/plugin-sdk/web';
import { useMemo, useState } from 'react';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { dnsApi, dnsClient } from '../generated/client.ts';
import { errorBody, type DnsRecord, type Zone } from './model.ts';
import { duration, rdataText } from './format.ts';
import { CheckOutput } from './CheckOutput.tsx';
import { RecordDialog } from './RecordForm.tsx';
import { RecordTable } from './RecordTable.tsx';
import { ZoneFileEditor } from './ZoneFileEditor.tsx';
import { ZoneSettingsDialog } from './ZoneSettings.tsx';
import { AppliedChip } from './ZoneTable.tsx';
import { useT } from '../generated/i18n.ts';

/** The two ways to edit a zone (`zones/:zoneId/modus/:mode`). */
export const modes = ['form', 'expert'] as const;
export type Mode = (typeof modes)[number];

/** A zone's head: origin, serial and whether it is applied (presentational). */
export function ZoneHeader({
  zone,
}: {
  zone: Pick<Zone, 'origin' | 'serial' | 'appliedSerial' | 'defaultTtl' | 'primaryNs' | 'hostmaster'>;
}) {
  const { t, i18n } = useT();
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {zone.origin}
        </Typography>
        <AppliedChip serial={zone.serial} appliedSerial={zone.appliedSerial} />
      </Stack>
      <Typography variant="body2" data-testid="dns-zone-serial" sx={{ fontWeight: 500 }}>
        {t('zone.serial', { serial: zone.serial })}
        {zone.appliedSerial !== null &&
          zone.appliedSerial !== zone.serial &&
          ` · ${t('zone.appliedSerial', { serial: zone.appliedSerial })}`}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
        {t('zone.summary', { ttl: duration(zone.defaultTtl, i18n.language), nameserver: zone.primaryNs, hostmaster: zone.hostmaster })}
      </Typography>
    </Stack>
  );
}

/** The zone's records in form mode: search, add, change, delete. */
function FormMode({ zone, onJob }: { zone: Zone; onJob: (job: ManagedJob) => void }) {
  const { t } = useT();
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id, zoneId: zone.id };
  const [createRecord] = dnsApi.useCreateDnsRecordMutation();
  const [updateRecord] = dnsApi.useUpdateDnsRecordMutation();
  const [deleteRecord] = dnsApi.useDeleteDnsRecordMutation();
  const [editing, setEditing] = useState<DnsRecord | 'new'>();
  const [toDelete, setToDelete] = useState<DnsRecord>();
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return q ? zone.records.filter((r) => `${r.name} ${r.type} ${rdataText(r)}`.toLowerCase().includes(q)) : zone.records;
  }, [zone.records, search]);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          label={t('records.search')}
          sx={{ maxWidth: { sm: 320 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ flexShrink: 0 }}>
          {t('records.create')}
        </Button>
      </Stack>
      <Paper variant="outlined">
        {shown.length ? (
          <RecordTable records={shown} origin={zone.origin} defaultTtl={zone.defaultTtl} onEdit={setEditing} onDelete={setToDelete} />
        ) : (
          <Box sx={{ p: 3, textAlign: 'center' }}>
            <Typography color="text.secondary">{zone.records.length ? t('records.noMatch') : t('records.empty')}</Typography>
          </Box>
        )}
      </Paper>
      <Typography variant="caption" color="text.secondary">
        {t('records.count', { count: zone.records.length })}
      </Typography>

      {editing && (
        <RecordDialog
          open
          origin={zone.origin}
          defaultTtl={zone.defaultTtl}
          record={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSubmit={async (body) => {
            const r =
              editing === 'new' ? await createRecord({ ...args, body }) : await updateRecord({ ...args, recordId: editing.id, body });
            if ('error' in r) return host.submitErrors(r.error);
            setEditing(undefined);
            onJob(r.data);
            return undefined;
          }}
        />
      )}
      <ConfirmDialog
        open={!!toDelete}
        title={t('records.deleteConfirm.title')}
        text={toDelete ? t('records.deleteConfirm.text', { name: toDelete.name, type: toDelete.type, data: rdataText(toDelete) }) : ''}
        confirm={t('records.deleteConfirm.confirm')}
        onClose={() => setToDelete(undefined)}
        onConfirm={async () => {
          const r = await deleteRecord({ ...args, recordId: toDelete!.id });
          if ('error' in r) {
            const message = errorBody(r.error)?.message;
            if (message?.startsWith('dns:')) return runtimeT(t, message);
            host.notifyFailure(r.error);
            return undefined;
          }
          setToDelete(undefined);
          onJob(r.data);
          return undefined;
        }}
      />
    </Stack>
  );
}

/** A zone (`zones/:zoneId/modus/:mode`): its records as a form (`form`) or as a zone file (`expert`). */
export function ZonePage() {
  const { t } = useT();
  const host = useManagedHost();
  const params = useParams();
  const zoneId = Number(params.zoneId);
  const mode = params.mode as Mode;
  const args = { clusterId: host.cluster.id, serverId: host.server.id, zoneId };
  const zone = dnsApi.useGetDnsZoneQuery(args, { skip: !Number.isInteger(zoneId) || zoneId < 1 });
  const [updateZone] = dnsApi.useUpdateDnsZoneMutation();
  const [checkFile] = dnsApi.useCheckDnsZoneFileMutation();
  const [replaceFile] = dnsApi.useReplaceDnsZoneFileMutation();
  const job = useApply(dnsClient);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [confirmRollback, setConfirmRollback] = useState(false);
  const path = (sub: string) => host.sectionPath('dns', `${sub}${job.jobParam}`);
  const back = (
    <Button component={RouterLink} to={path('')} startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
      {t('zone.back')}
    </Button>
  );

  if (!modes.includes(mode))
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="info">
          {t('zone.unknownMode')} <RouterLink to={path(`zones/${zoneId}/modus/form`)}>{t('zone.openForm')}</RouterLink>
        </Alert>
      </Stack>
    );

  const notFound = (zone.error as { status?: number } | undefined)?.status === 404 || !Number.isInteger(zoneId);
  const data = zone.data;

  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      {back}
      <ApplyJobBanner
        apply={job}
        title={() => t('apply.title')}
        testId="dns-job"
        renderDone={(j) => j.status === 'succeeded' && <CheckOutput validation={j.validation} />}
      />
      {zone.isLoading && <LinearProgress aria-label={t('zone.loading')} />}
      {notFound && <Alert severity="warning">{t('zone.notFound')}</Alert>}
      {zone.isError && !notFound && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void zone.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        >
          {t('zone.loadFailed')}
        </Alert>
      )}
      {data && (
        <>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}
          >
            <ZoneHeader zone={data} />
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexShrink: 0, flexWrap: 'wrap', alignItems: 'flex-start' }}>
              <WriteButton startIcon={<UndoIcon />} onClick={() => setConfirmRollback(true)} sx={{ whiteSpace: 'nowrap' }}>
                {t('rollback.button')}
              </WriteButton>
              <Button variant="outlined" startIcon={<SettingsIcon />} onClick={() => setSettingsOpen(true)} sx={{ whiteSpace: 'nowrap' }}>
                {t('zone.settings')}
              </Button>
            </Stack>
          </Stack>
          <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Tabs value={mode} aria-label={t('zone.modes')}>
              <Tab value="form" label={t('zone.formMode')} component={RouterLink} to={path(`zones/${zoneId}/modus/form`)} />
              <Tab value="expert" label={t('zone.expertMode')} component={RouterLink} to={path(`zones/${zoneId}/modus/expert`)} />
            </Tabs>
          </Box>
          {mode === 'form' && <FormMode zone={data} onJob={job.follow} />}
          {mode === 'expert' && (
            <ZoneFileEditor
              key={data.serial}
              text={data.zoneFile}
              origin={data.origin}
              onFailure={host.notifyFailure}
              onCheck={async (text) => {
                const r = await checkFile({ ...args, body: { text } });
                return 'error' in r ? { error: r.error } : { data: r.data };
              }}
              onSave={async (text) => {
                const r = await replaceFile({ ...args, body: { text } });
                if ('error' in r) return { error: r.error };
                job.follow(r.data);
                return {};
              }}
            />
          )}
          <ZoneSettingsDialog
            key={`${data.serial}-${settingsOpen}`}
            open={settingsOpen}
            origin={data.origin}
            settings={data}
            onClose={() => setSettingsOpen(false)}
            onSubmit={async (body) => {
              const r = await updateZone({ ...args, body });
              if ('error' in r) return host.submitErrors(r.error);
              setSettingsOpen(false);
              job.follow(r.data);
              return undefined;
            }}
          />
        </>
      )}
      <ConfirmDialog
        open={confirmRollback}
        color="warning"
        title={t('rollback.title')}
        text={t('rollback.text')}
        confirm={t('rollback.confirm')}
        onClose={() => setConfirmRollback(false)}
        onConfirm={async () => {
          if ((await job.rollBack()) === 'nothing') return t('rollback.nothing');
          setConfirmRollback(false);
          return undefined;
        }}
      />
    </Stack>
  );
}

/** `zones/:zoneId` without a mode opens the form. */
export function ZoneRedirect() {
  const params = useParams();
  const host = useManagedHost();
  return <Navigate to={host.sectionPath('dns', `zones/${params.zoneId}/modus/form`)} replace />;
}
