import Alert from '@mui/material/Alert';
import { ResourceFormPage, useManagedHost } from '@portal/plugin-sdk/web';
import { useEffect, useState } from 'react';
import { backupsApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { backupPlanResource } from '../generated/resources.ts';
import { RetentionCost } from './RetentionCost.tsx';

/** Reports the form's kind to the page (the fields a kind does not use are hidden, their values ignored by the server). */
function KindWatcher({ kind, onKind }: { kind: string; onKind: (kind: string) => void }) {
  useEffect(() => onKind(kind), [kind, onKind]);
  return null;
}

const hidden = { sx: { display: 'none' } };

/**
 * `create` and `:planId`: the SDK's form from the contract's fields — a files plan shows the document root, a
 * database plan a choice of the server's databases (`listBackupDatabases`, read from its MariaDB) — with the
 * retention's price after the last keep rule.
 */
export function PlanFormPage() {
  const { t } = useT();
  const host = useManagedHost();
  const [kind, setKind] = useState('files');
  const databases = backupsApi.useListBackupDatabasesQuery({ clusterId: host.cluster.id, serverId: host.server.id });
  const names = databases.data?.data ?? [];
  return (
    <ResourceFormPage<Record<string, unknown>>
      resource={backupPlanResource}
      api={backupsApi}
      defaults={{ schedule: 'daily', hour: 3, keepDays: 10, keepWeeks: 0, keepMonths: 0, database: names[0] ?? '' }}
      form={{
        options: { database: names.length ? names : [''] },
        fieldProps: kind === 'database' ? { path: hidden } : { database: hidden },
        after: {
          kind: (values) => (
            <>
              <KindWatcher kind={String(values.kind ?? 'files')} onKind={setKind} />
              {values.kind === 'database' && databases.isSuccess && !names.length && (
                <Alert severity="info" sx={{ mt: 1 }}>
                  {t('form.noDatabases')}
                </Alert>
              )}
            </>
          ),
          keepMonths: (values) => <RetentionCost values={values as never} />,
        },
      }}
    />
  );
}
