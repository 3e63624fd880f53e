import Chip from '@mui/material/Chip';
import type { Schemas } from '@portal/openapi';
import { DataTable, EmptyState, type Column } from '@portal/plugin-sdk/web';
import { useT } from '../generated/i18n.ts';

type Pending = Schemas['PackageUpdatesPending'];

/** The pending updates: package, installed and new version, origin, security flag, configuration files it ships. */
export function PendingTable({ updates }: { updates: readonly Pending[] }) {
  const { t } = useT();
  if (updates.length === 0) return <EmptyState title={t('pending.none')} />;
  const columns: Column<Pending>[] = [
    { id: 'package', label: t('pending.package'), render: (u) => u.package, sortValue: (u) => u.package },
    { id: 'installed', label: t('pending.installed'), render: (u) => u.installed, nowrap: true },
    { id: 'candidate', label: t('pending.candidate'), render: (u) => u.candidate, nowrap: true },
    { id: 'origin', label: t('pending.origin'), render: (u) => u.origins.map((o) => `${o.label} ${o.suite}`).join(', ') },
    {
      id: 'security',
      label: t('pending.security'),
      render: (u) => (u.security ? <Chip size="small" color="warning" label={t('pending.securityYes')} /> : '–'),
      sortValue: (u) => (u.security ? 0 : 1),
    },
    {
      id: 'configuration',
      label: t('pending.configuration'),
      render: (u) =>
        u.conffiles.length ? (
          <span title={u.conffiles.join('\n')}>{[...u.services, t('pending.conffiles', { count: u.conffiles.length })].join(' · ')}</span>
        ) : (
          '–'
        ),
    },
  ];
  return (
    <DataTable
      rows={updates}
      columns={columns}
      rowKey={(u) => u.package}
      caption={t('pending.caption')}
      initialSort={{ id: 'security', direction: 'asc' }}
      rowProps={(u) => ({ 'data-testid': 'package-updates-pending-row', 'data-package': u.package })}
    />
  );
}
