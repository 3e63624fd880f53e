import { useManagedHost } from '@portal/plugin-sdk/web';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { dnsApi, errorBody } from './api.ts';

/**
 * The apply job the page follows, kept in the address (`?job=12`) so the progress stays visible when
 * the user moves between the zone list and a zone; and the section's rollback.
 */
export function useSectionJob() {
  const { t } = useTranslation('dns');
  const host = useManagedHost();
  const [params, setParams] = useSearchParams();
  const jobId = Number(params.get('job')) || undefined;
  const [rollBackDns] = dnsApi.useRollBackDnsMutation();

  const follow = (id: number) => setParams({ job: String(id) }, { replace: true });
  const dismiss = () => setParams({}, { replace: true });

  /** Rolls the section back to the version before the current one; resolves with a message for the dialog when refused. */
  const rollBack = async (): Promise<string | undefined> => {
    const r = await rollBackDns({ clusterId: host.cluster.id, serverId: host.server.id });
    if ('data' in r && r.data) {
      follow(r.data.id);
      return undefined;
    }
    const message = errorBody(r.error)?.message;
    if (message === 'errors.managed_no_previous_version') return t('rollback.nothing');
    host.notifyFailure(r.error);
    return undefined;
  };

  return { jobId, follow, dismiss, rollBack, jobParam: jobId ? `?job=${jobId}` : '' };
}
