import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import type { Schemas } from '@portal/openapi';
import { ResourcePage, ResourceTable, useManagedHost, type Column, useEveryPage } from '@portal/plugin-sdk/web';
import { Link as RouterLink } from 'react-router';
import { emailApi, emailClient } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { maxAliasesPerServer, maxMailboxesPerServer } from '../shared/limits.ts';
import { mailDomainResource } from '../generated/resources.ts';

type Domain = Schemas['MailDomain'];

/** The section's start page: the mail domains (open the detail page, edit, delete), the rendered files, undo. */
export function DomainsPage() {
  const { t } = useT();
  const host = useManagedHost();
  const server = { clusterId: host.cluster.id, serverId: host.server.id };
  const mailboxes = useEveryPage(emailApi.useListMailboxesQuery, server, maxMailboxesPerServer);
  const aliases = useEveryPage(emailApi.useListMailAliasesQuery, server, maxAliasesPerServer);
  const count = (rows: readonly { domainId: number }[] | undefined, id: number) => rows?.filter((r) => r.domainId === id).length ?? 0;
  const columns: Column<Domain>[] = [
    {
      id: 'name',
      label: t('list.columns.name'),
      render: (d) => (
        <Link component={RouterLink} to={host.sectionPath('email', `domains/${d.id}`)} aria-label={t('list.open', { name: d.name })}>
          <strong>{d.name}</strong>
        </Link>
      ),
      sortValue: (d) => d.name,
    },
    { id: 'mailboxes', label: t('list.columns.mailboxes'), align: 'right', render: (d) => count(mailboxes.data?.data, d.id) },
    { id: 'aliases', label: t('list.columns.aliases'), align: 'right', render: (d) => count(aliases.data?.data, d.id) },
    { id: 'bcc', label: t('list.columns.bcc'), render: (d) => [d.senderBcc, d.recipientBcc].filter(Boolean).join(', ') || t('list.none') },
  ];
  return (
    <ResourcePage<Domain, { data: Domain[]; total: number }>
      resource={mailDomainResource}
      api={emailApi}
      client={emailClient}
      list={({ rows, remove, empty }) => (
        <Paper variant="outlined">
          <ResourceTable<Domain>
            resource={mailDomainResource}
            rows={rows}
            columns={columns}
            caption={t('list.caption')}
            searchText={(d) => d.name}
            editPath={(d) => host.sectionPath('email', `domains/${d.id}/edit`)}
            onDelete={remove}
            empty={empty}
          />
        </Paper>
      )}
    />
  );
}
