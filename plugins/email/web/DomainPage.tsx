import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import {
  ApplyJobBanner,
  ConfirmDialog,
  DataTable,
  PanelSection,
  QueryState,
  RowActions,
  useApply,
  useConfirm,
  useManagedHost,
  WriteButton,
  useEveryPage,
} from '@portal/plugin-sdk/web';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { emailApi, emailClient } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { maxAliasesPerServer, maxMailboxesPerServer } from '../shared/limits.ts';
import { checkRecords, mailDnsApi, missingRecords, type CheckedRecord, type DomainZone, type RecordKey } from './dnsZone.ts';
import { PasswordDialog } from './PasswordDialog.tsx';

type Domain = Schemas['MailDomain'];
type Mailbox = Schemas['Mailbox'];
type Alias = Schemas['MailAlias'];

/** One DNS record to publish, its value read-only for copying, and what the portal's zone has for it. */
function Record({
  label,
  name,
  value,
  testId,
  checked,
  origin,
}: {
  label: string;
  name: string;
  value: string;
  testId: string;
  checked?: CheckedRecord;
  origin?: string;
}) {
  const { t } = useT();
  const color = { matching: 'success', different: 'warning', missing: 'default' } as const;
  return (
    <Stack spacing={1} data-testid={testId} data-state={checked?.state}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2">{label}</Typography>
        {checked && origin && <Chip size="small" color={color[checked.state]} label={t(`domain.state.${checked.state}`, { origin })} />}
      </Stack>
      <TextField
        size="small"
        label={t('domain.recordName')}
        value={name}
        slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
      />
      <TextField
        size="small"
        label={label}
        value={value}
        multiline
        slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace', wordBreak: 'break-all' } } }}
      />
      {checked?.state === 'different' &&
        checked.found.map((v) => (
          <Typography key={v} variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {t('domain.zoneValue', { value: v })}
          </Typography>
        ))}
    </Stack>
  );
}

/**
 * The DKIM record (its 255-byte strings as a zone file holds them) and the suggested SPF and DMARC records, each
 * compared with the TXT records of the portal's zone that holds the domain (`zone`; `null`: no zone of the cluster
 * does, `undefined`: not known). With `onAdd`, the records missing from the zone can be added to it.
 */
export function DnsHints({
  domain,
  zone,
  onAdd,
}: {
  domain: Domain;
  zone?: DomainZone | null;
  onAdd?: (records: Schemas['DnsRecordInput'][]) => Promise<void>;
}) {
  const { t } = useT();
  const [adding, setAdding] = useState(false);
  const strings = domain.dkim.strings.map((s) => `"${s}"`).join(' ');
  const checked = zone ? checkRecords(domain, zone) : undefined;
  const of = (key: RecordKey) => checked?.find((c) => c.key === key);
  const missing = checked ? missingRecords(checked) : [];
  return (
    <PanelSection id="email-dns-title" title={t('domain.dns')}>
      <Stack spacing={3}>
        <Typography variant="body2" color="text.secondary">
          {t('domain.dnsHint')}
        </Typography>
        {zone === null && <Alert severity="info">{t('domain.zoneNone', { domain: domain.name })}</Alert>}
        {zone && (
          <Alert
            severity={missing.length ? 'warning' : 'success'}
            data-testid="email-dns-zone"
            action={
              onAdd && missing.length > 0 ? (
                <WriteButton
                  color="inherit"
                  size="small"
                  disabled={adding}
                  onClick={async () => {
                    setAdding(true);
                    try {
                      await onAdd(missing);
                    } finally {
                      setAdding(false);
                    }
                  }}
                >
                  {t('domain.addToZone', { origin: zone.origin })}
                </WriteButton>
              ) : undefined
            }
          >
            {t('domain.zoneFound', { origin: zone.origin, server: zone.serverName })} {missing.length > 0 && t('domain.addToZoneHint')}
          </Alert>
        )}
        <Record
          label={t('domain.dkim')}
          name={domain.dkim.name}
          value={strings}
          testId="email-dkim"
          checked={of('dkim')}
          origin={zone?.origin}
        />
        <Record
          label={t('domain.spf')}
          name={domain.name}
          value={`"${domain.spfHint}"`}
          testId="email-spf"
          checked={of('spf')}
          origin={zone?.origin}
        />
        <Record
          label={t('domain.dmarc')}
          name={`_dmarc.${domain.name}`}
          value={`"${domain.dmarcHint}"`}
          testId="email-dmarc"
          checked={of('dmarc')}
          origin={zone?.origin}
        />
      </Stack>
    </PanelSection>
  );
}

/** The DNS records with the zone of the cluster's dns module that holds the domain, and the "add to the zone" action. */
function DomainDns({ domain }: { domain: Domain }) {
  const { t } = useT();
  const host = useManagedHost();
  const zone = mailDnsApi.useFindMailDomainZoneQuery({ clusterId: host.cluster.id, domain: domain.name });
  const [add] = mailDnsApi.useAddMailDnsRecordMutation();
  const found = zone.data;
  return (
    <DnsHints
      domain={domain}
      zone={zone.isError ? null : found}
      onAdd={
        found
          ? async (records) => {
              for (const body of records) {
                const r = await add({ clusterId: host.cluster.id, serverId: found.serverId, zoneId: found.zoneId, body });
                if (r.error !== undefined) return host.notifyFailure(r.error);
              }
              host.notify('success', t('domain.addedToZone', { origin: found.origin, server: found.serverName }));
            }
          : undefined
      }
    />
  );
}

/** `domains/:domainId`: the domain's mailboxes (new password, edit, delete), aliases with the catch-all, BCC and DNS records. */
export function DomainPage() {
  const { t, language } = useT();
  const host = useManagedHost();
  const id = Number(useParams().domainId);
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const valid = Number.isInteger(id) && id > 0;
  const domain = emailApi.useGetMailDomainQuery({ ...args, domainId: valid ? id : 0 }, { skip: !valid });
  const mailboxes = useEveryPage(emailApi.useListMailboxesQuery, args, maxMailboxesPerServer);
  const aliases = useEveryPage(emailApi.useListMailAliasesQuery, args, maxAliasesPerServer);
  const [renew] = emailApi.useRenewMailboxPasswordMutation();
  const [deleteMailbox] = emailApi.useDeleteMailboxMutation();
  const [deleteAlias] = emailApi.useDeleteMailAliasMutation();
  const apply = useApply(emailClient);
  const [shown, setShown] = useState<Schemas['MailboxCreated'] | undefined>();
  const del = useConfirm<{ kind: 'mailbox' | 'alias'; id: number; address: string }>();
  const mb = new Intl.NumberFormat(language, { style: 'unit', unit: 'megabyte' });
  const path = (p: string) => host.sectionPath('email', p);
  const bcc = (x: { senderBcc: string; recipientBcc: string }) =>
    [
      x.senderBcc && t('domain.bccSender', { address: x.senderBcc }),
      x.recipientBcc && t('domain.bccRecipient', { address: x.recipientBcc }),
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <Stack spacing={3}>
      <div>
        <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={path('')}>
          {t('domain.back')}
        </Button>
      </div>
      <ApplyJobBanner apply={apply} />
      <QueryState query={domain} errorMessage={t('domain.notFound')}>
        {(d) => (
          <Stack spacing={3}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="h5" component="h2">
                {d.name}
              </Typography>
              <Button variant="outlined" component={RouterLink} to={path(`domains/${d.id}/edit`)}>
                {t('domain.editDomain')}
              </Button>
            </Stack>

            <PanelSection id="email-mailboxes-title" title={t('domain.mailboxes')}>
              <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 2 }}>
                <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={path(`domains/${d.id}/mailboxes/create`)}>
                  {t('domain.newMailbox')}
                </Button>
              </Stack>
              <Paper variant="outlined">
                <DataTable<Mailbox>
                  rows={(mailboxes.data?.data ?? []).filter((m) => m.domainId === d.id)}
                  rowKey={(m) => String(m.id)}
                  caption={t('domain.mailboxes')}
                  testId="email-mailboxes"
                  empty={t('domain.noMailboxes')}
                  columns={[
                    { id: 'address', label: t('domain.columns.address'), render: (m) => <strong>{m.address}</strong> },
                    {
                      id: 'quota',
                      label: t('domain.columns.quota'),
                      align: 'right',
                      render: (m) => (m.quotaMb ? mb.format(m.quotaMb) : t('domain.unlimited')),
                    },
                    { id: 'bcc', label: t('domain.columns.bcc'), render: (m) => bcc(m) || t('list.none') },
                    {
                      id: 'actions',
                      label: t('list.columns.actions'),
                      align: 'right',
                      render: (m) => (
                        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                          <WriteButton
                            size="small"
                            aria-label={t('domain.renew', { address: m.address })}
                            onClick={async () => {
                              const r = await renew({ ...args, mailboxId: m.id });
                              if (r.error !== undefined || !r.data) return host.notifyFailure(r.error);
                              apply.follow(r.data.job);
                              setShown(r.data);
                            }}
                          >
                            {t('domain.renewShort')}
                          </WriteButton>
                          <RowActions
                            size="small"
                            edit={{ label: t('domain.editEntry', { address: m.address }), to: path(`mailboxes/${m.id}`) }}
                            remove={{
                              label: t('domain.deleteEntry', { address: m.address }),
                              onClick: () => del.ask({ kind: 'mailbox', id: m.id, address: m.address }),
                            }}
                          />
                        </Stack>
                      ),
                    },
                  ]}
                />
              </Paper>
            </PanelSection>

            <PanelSection id="email-aliases-title" title={t('domain.aliases')}>
              <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 2 }}>
                <Button variant="outlined" startIcon={<AddIcon />} component={RouterLink} to={path(`domains/${d.id}/aliases/create`)}>
                  {t('domain.newAlias')}
                </Button>
              </Stack>
              <Paper variant="outlined">
                <DataTable<Alias>
                  rows={(aliases.data?.data ?? []).filter((a) => a.domainId === d.id)}
                  rowKey={(a) => String(a.id)}
                  caption={t('domain.aliases')}
                  testId="email-aliases"
                  empty={t('domain.noAliases')}
                  columns={[
                    {
                      id: 'address',
                      label: t('domain.columns.address'),
                      render: (a) => (
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          <strong>{a.address}</strong>
                          {a.catchAll && <Chip size="small" label={t('domain.catchAll')} />}
                        </Stack>
                      ),
                    },
                    { id: 'destinations', label: t('domain.columns.destinations'), render: (a) => a.destinations },
                    {
                      id: 'actions',
                      label: t('list.columns.actions'),
                      align: 'right',
                      render: (a) => (
                        <RowActions
                          size="small"
                          edit={{ label: t('domain.editEntry', { address: a.address }), to: path(`aliases/${a.id}`) }}
                          remove={{
                            label: t('domain.deleteEntry', { address: a.address }),
                            onClick: () => del.ask({ kind: 'alias', id: a.id, address: a.address }),
                          }}
                        />
                      ),
                    },
                  ]}
                />
              </Paper>
            </PanelSection>

            <PanelSection id="email-bcc-title" title={t('domain.bcc')}>
              <Stack spacing={1} data-testid="email-bcc">
                <Typography>{bcc(d) || t('domain.bccNone')}</Typography>
                <Alert severity="info">{t('domain.bccHint')}</Alert>
              </Stack>
            </PanelSection>

            <DomainDns domain={d} />
          </Stack>
        )}
      </QueryState>
      <PasswordDialog created={shown} onClose={() => setShown(undefined)} />
      <ConfirmDialog
        {...del.dialog}
        title={t('domain.deleteTitle', { address: del.item?.address ?? '' })}
        text={del.item ? t('domain.deleteText', { address: del.item.address }) : ''}
        confirm={t('delete.confirm')}
        onConfirm={() =>
          del.run((x) =>
            apply.track(x.kind === 'mailbox' ? deleteMailbox({ ...args, mailboxId: x.id }) : deleteAlias({ ...args, aliasId: x.id })),
          )
        }
      />
    </Stack>
  );
}
