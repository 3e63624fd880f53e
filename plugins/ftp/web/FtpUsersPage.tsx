import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { Schemas } from '@portal/openapi';
import { ResourcePage, ResourceTable, useApply, useManagedHost, WriteButton, type Column } from '@portal/plugin-sdk/web';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ftpApi, ftpClient } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { ftpUserResource } from '../generated/resources.ts';
import { PasswordDialog } from './PasswordDialog.tsx';
import { StatusPanel } from './StatusPanel.tsx';

type User = Schemas['FtpUser'];
type Created = Schemas['FtpUserCreated'];

/** The table's columns: login, document root, quota, expiry (with "expired"). */
export function useUserColumns(): Column<User>[] {
  const { t, language } = useT();
  const mb = new Intl.NumberFormat(language, { style: 'unit', unit: 'megabyte' });
  return [
    { id: 'login', label: t('list.columns.login'), render: (u) => <strong>{u.login}</strong>, sortValue: (u) => u.login },
    { id: 'documentRoot', label: t('list.columns.documentRoot'), render: (u) => <code style={{ wordBreak: 'break-all' }}>{u.home}</code>, sortValue: (u) => u.documentRoot },
    { id: 'quotaMb', label: t('list.columns.quotaMb'), render: (u) => (u.quotaMb ? mb.format(u.quotaMb) : t('list.unlimited')), align: 'right', sortValue: (u) => u.quotaMb },
    {
      id: 'expiresOn',
      label: t('list.columns.expiresOn'),
      nowrap: true,
      render: (u) =>
        u.expiresOn ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <span>{new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${u.expiresOn}T00:00:00Z`))}</span>
            {u.expired && <Chip size="small" color="warning" label={t('list.expired')} />}
          </Stack>
        ) : (
          t('list.never')
        ),
      sortValue: (u) => u.expiresOn || '9999',
    },
  ];
}

/** The section's start page: the accounts (edit, new password shown once, delete), the files, the daemon's status and recent logins. */
export function FtpUsersPage() {
  const { t } = useT();
  const host = useManagedHost();
  const columns = useUserColumns();
  const [renew] = ftpApi.useRenewFtpUserPasswordMutation();
  const apply = useApply(ftpClient);
  const [shown, setShown] = useState<Created | undefined>();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  return (
    <>
      <ResourcePage<User, { data: User[]; total: number }>
        resource={ftpUserResource}
        api={ftpApi}
        client={ftpClient}
        describe={(u) => ({ documentRoot: u.home })}
        list={({ rows, remove, editPath, empty }) => (
          <Stack spacing={2}>
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={host.sectionPath('ftp', 'create')}>
                {t('list.create')}
              </Button>
            </Stack>
            <Paper variant="outlined">
              <ResourceTable<User>
                resource={ftpUserResource}
                rows={rows}
                columns={columns}
                caption={t('list.caption')}
                searchText={(u) => `${u.login} ${u.documentRoot}`}
                editPath={editPath}
                onDelete={remove}
                empty={empty}
                actions={(u) => (
                  <WriteButton
                    size="small"
                    aria-label={t('list.renew', { login: u.login })}
                    onClick={async () => {
                      const r = await renew({ ...args, userId: u.id });
                      if (r.error !== undefined || !r.data) return host.notifyFailure(r.error);
                      apply.follow(r.data.job);
                      setShown(r.data);
                    }}
                  >
                    {t('list.renewShort')}
                  </WriteButton>
                )}
              />
            </Paper>
          </Stack>
        )}
      >
        <StatusPanel />
      </ResourcePage>
      <PasswordDialog created={shown} onClose={() => setShown(undefined)} />
    </>
  );
}
