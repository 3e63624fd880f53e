import Chip from '@mui/material/Chip';
import type { Schemas } from '@portal/openapi';
import { DataTable, type Column } from '@portal/plugin-sdk/web';
import { useT } from '../generated/i18n.ts';
import { severityColor } from './severity.ts';

type Finding = Schemas['ShopSecurityFinding'];

/** The fix of a finding, in the user's language. */
function useFix() {
  const { t } = useT();
  return (f: Finding) => {
    const server = f.server === 'apache' ? 'Apache' : 'nginx';
    if ((f.kind === 'exposed_file' || f.kind === 'missing_header' || f.kind === 'admin_exposed') && f.directive) return t(`fix.${f.kind}`, { server, directive: f.directive });
    if (f.kind === 'tls') {
      const rule = (['tls_old_protocol', 'tls_cert_expired', 'tls_cert_expiring', 'tls_hostname_mismatch', 'tls_self_signed'] as const).find((r) => r === f.rule) ?? 'tls_cert_expiring';
      return t(`fix.${rule}`, { server, directive: f.directive ?? '', site: f.site ?? '' });
    }
    if (f.kind === 'shop_version')
      return f.extension ? t('fix.vulnerable_extension', { name: f.extension.name, fixedIn: f.extension.fixedIn }) : t(`fix.${f.rule === 'version_file' ? 'version_file' : 'version_generator'}`, { evidence: f.evidence, server, directive: f.directive ?? '' });
    if (f.kind === 'malicious_cron') return t('fix.malicious_cron');
    if (f.kind === 'vulnerable_extension' && f.extension) return t('fix.vulnerable_extension', { name: f.extension.name, fixedIn: f.extension.fixedIn });
    if (f.kind === 'world_writable') return t('fix.world_writable', { file: f.file });
    return t(f.kind === 'malware' ? 'fix.malware' : 'fix.php_in_uploads');
  };
}

/** A scan's findings, most severe first: severity, what, file and line, the evidence, and how to fix it. */
export function FindingsTable({ findings }: { findings: readonly Finding[] }) {
  const { t } = useT();
  const fix = useFix();
  const columns: Column<Finding>[] = [
    { id: 'severity', label: t('finding.severity'), render: (f) => <Chip size="small" color={severityColor[f.severity]} label={t(`severity.${f.severity}`)} /> },
    { id: 'kind', label: t('finding.kind'), render: (f) => `${t(`kind.${f.kind}`)} (${f.rule})`, sortValue: (f) => f.kind },
    { id: 'file', label: t('finding.file'), render: (f) => <code style={{ wordBreak: 'break-all' }}>{f.line ? `${f.file}:${f.line}` : f.file}</code>, sortValue: (f) => f.file },
    { id: 'evidence', label: t('finding.evidence'), render: (f) => <code style={{ wordBreak: 'break-all' }}>{f.evidence}</code> },
    { id: 'fix', label: t('finding.fix'), render: (f) => fix(f) },
  ];
  return (
    <DataTable
      rows={findings}
      columns={columns}
      rowKey={(f) => `${f.rule}:${f.file}:${f.line ?? 0}`}
      caption={t('detail.caption')}
      searchText={(f) => `${f.file} ${f.rule} ${f.evidence}`}
      rowProps={(f) => ({ 'data-testid': 'shop-security-finding', 'data-rule': f.rule })}
    />
  );
}
