import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ConfirmDialog, DataTable, PanelSection, QueryState, RowActions, errorMessageOf, formatDateTime, useApply, useConfirm, useManagedHost, type Column } from '@portal/plugin-sdk/web';
import { useState } from 'react';
import { firewallApi, firewallClient } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

type Block = { id: number; address: string; comment: string; createdAt: string };

/**
 * The cluster's block list: addresses every server of the cluster drops before any rule. Adding or removing one
 * applies the rule set of every firewall server of the cluster; this server's job is followed here.
 */
export function Blocklist() {
  const { t, i18n } = useT();
  const host = useManagedHost();
  const ids = { clusterId: host.cluster.id, serverId: host.server.id };
  const list = firewallApi.useListFirewallBlocksQuery(ids);
  const apply = useApply(firewallClient);
  const [add, adding] = firewallApi.useAddFirewallBlocksMutation();
  const [remove] = firewallApi.useDeleteFirewallBlockMutation();
  const unblock = useConfirm<Block>();
  const [addresses, setAddresses] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ addresses?: string; comment?: string; form?: string }>({});
  const servers = list.data?.servers.map((s) => s.name).join(', ') ?? '';

  const submit = async () => {
    setErrors({});
    const r = await apply.track(add({ ...ids, body: comment ? { addresses, comment } : { addresses } }));
    if (r && 'error' in r && r.error) {
      const fields = host.submitErrors(r.error);
      setErrors({ addresses: fields?.addresses, comment: fields?.comment, form: fields?.['_'] ?? (fields ? undefined : errorMessageOf(r.error)) });
      return;
    }
    setAddresses('');
    setComment('');
  };

  const columns: Column<Block>[] = [
    { id: 'address', label: t('blocklist.columns.address'), render: (b) => <code>{b.address}</code>, sortValue: (b) => b.address, nowrap: true },
    { id: 'comment', label: t('blocklist.columns.comment'), render: (b) => b.comment },
    { id: 'createdAt', label: t('blocklist.columns.createdAt'), render: (b) => formatDateTime(b.createdAt, i18n.language), sortValue: (b) => b.createdAt, nowrap: true },
    {
      id: 'actions',
      label: t('blocklist.columns.actions'),
      hideLabel: true,
      align: 'right',
      render: (b) => <RowActions remove={{ label: t('blocklist.unblock', { address: b.address }), onClick: () => unblock.ask(b) }} />,
    },
  ];

  return (
    <PanelSection id="firewall-blocklist-title" title={t('blocklist.title')}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('blocklist.intro', { servers })}
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'flex-start' } }}>
          <TextField
            id="firewall-block-addresses"
            label={t('blocklist.addresses')}
            helperText={errors.addresses ?? t('blocklist.addressesHelp')}
            error={!!errors.addresses}
            value={addresses}
            onChange={(e) => setAddresses(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
            size="small"
            sx={{ minWidth: { md: 320 } }}
          />
          <TextField
            id="firewall-block-comment"
            label={t('blocklist.comment')}
            helperText={errors.comment}
            error={!!errors.comment}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 64 } }}
            size="small"
          />
          <Button variant="outlined" color="warning" disabled={adding.isLoading || !addresses.trim()} onClick={() => void submit()}>
            {t('blocklist.add')}
          </Button>
        </Stack>
        {errors.form && (
          <Typography role="alert" color="error" variant="body2">
            {errors.form}
          </Typography>
        )}
        <QueryState query={list} isEmpty={(data) => !data.data.length} empty={<Typography variant="body2" color="text.secondary">{t('blocklist.empty')}</Typography>}>
          {(data) => (
            <>
              <DataTable rows={data.data} columns={columns} rowKey={(b) => b.id} caption={t('blocklist.caption')} initialSort={{ id: 'createdAt', direction: 'desc' }} />
              <Typography variant="body2" color="text.secondary">
                {t('blocklist.count', { count: data.data.length, max: data.max })}
              </Typography>
            </>
          )}
        </QueryState>
      </Stack>
      <ConfirmDialog
        {...unblock.dialog}
        title={t('blocklist.unblockTitle', { address: unblock.item?.address ?? '' })}
        text={t('blocklist.unblockText', { servers })}
        confirm={t('blocklist.unblockConfirm')}
        onConfirm={() => unblock.run((b) => apply.track(remove({ ...ids, blockId: b.id })))}
      />
    </PanelSection>
  );
}
