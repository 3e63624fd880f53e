import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useManagedHost } from '../../web/index.tsx';
import { useNavigate, useParams } from 'react-router';
import { useWebServer, useWebServerApi, useFamilyT } from './context.tsx';
import { nestErrors } from '../../web/index.tsx';
import { SiteFrame } from './SiteFrame.tsx';
import { emptyVhost, valuesOf, VhostForm } from './VhostForm.tsx';

/** Adds a domain (`domains/new`) or changes one (`domains/:vhostId`). */
export function VhostFormPage() {
  const { pluginId } = useWebServer();
  const { t } = useFamilyT(pluginId);
  const host = useManagedHost();
  const navigate = useNavigate();
  const vhostId = Number(useParams().vhostId) || undefined;
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const api = useWebServerApi();
  const vhost = api.useVhost({ ...args, vhostId: vhostId ?? 0 }, { skip: !vhostId });
  const certificates = api.useCertificates(args);
  const [create] = api.useCreateVhost();
  const [update] = api.useUpdateVhost();
  const back = () => navigate(host.sectionPath(pluginId));
  const loading = (vhostId && vhost.isLoading) || certificates.isLoading;

  return (
    <SiteFrame tab="domains">
      <Typography variant="h6" component="h2">
        {vhostId ? t('vhostForm.editTitle', { name: vhost.data?.serverNames[0] ?? '' }) : t('vhostForm.createTitle')}
      </Typography>
      {loading && <LinearProgress aria-label={t('list.loading')} />}
      {vhostId && vhost.isError && <Alert severity="error">{t('vhostForm.notFound')}</Alert>}
      {!loading && (!vhostId || vhost.data) && (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <VhostForm
            initialValues={vhost.data ? valuesOf(vhost.data) : emptyVhost}
            certificates={certificates.data?.data ?? []}
            submitLabel={vhostId ? t('actions.save') : t('vhosts.add')}
            onCancel={back}
            onSubmit={async (body) => {
              const r = vhostId ? await update({ ...args, vhostId, body }) : await create({ ...args, body });
              if ('error' in r) return nestErrors(host.submitErrors(r.error));
              host.notify('success', t('vhostForm.saved', { name: r.data.serverNames[0] }));
              back();
              return undefined;
            }}
          />
        </Paper>
      )}
    </SiteFrame>
  );
}
