import type { ClusterSummary } from '../../../api/clusters';

/** One exported table: translated headers and the rows as shown (§2 export of the visible list). */
export interface ExportTable {
  headers: string[];
  rows: (string | number)[][];
}

/** The role key of a cluster row: a manager who also administrates the cluster has both roles (`role` names the one that wins for access). */
export const clusterRoleKey = (c: Pick<ClusterSummary, 'role' | 'administrator'>) => (c.role === 'manager' && c.administrator ? 'managerAndAdministrator' : c.role);

/** The visible clusters as a table, with the column titles and values of the overview. */
export function clusterExportTable(clusters: ClusterSummary[], t: (key: string) => string): ExportTable {
  return {
    headers: [
      t('dashboard:clusters.number'),
      t('dashboard:clusters.name'),
      t('customers:overview.description'),
      t('dashboard:clusters.customer'),
      t('dashboard:clusters.architecture'),
      t('dashboard:clusters.sla'),
      t('dashboard:clusters.mode'),
      t('dashboard:clusters.servers'),
      t('dashboard:clusters.role'),
    ],
    rows: clusters.map((c) => [
      c.number,
      c.name,
      c.description ?? '',
      `${c.customer.company} (${c.customer.number})`,
      t(`dashboard:architecture.${c.architecture}`),
      t(`dashboard:sla.${c.sla}`),
      t(`dashboard:mode.${c.contractMode}`),
      c.serverCount,
      t(`dashboard:role.${clusterRoleKey(c)}`),
    ]),
  };
}

const csvCell = (v: string | number): string => {
  const s = String(v);
  // Quote what needs it; a leading =, +, - or @ is prefixed so spreadsheets do not run it as a formula.
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",;\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** RFC 4180 CSV with a BOM, so spreadsheet programs read the umlauts as UTF-8. */
export function toCsv(table: ExportTable): string {
  return '\uFEFF' + [table.headers, ...table.rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** An XLSX workbook built with exceljs (loaded on demand: it is large). */
export async function toXlsx(table: ExportTable, sheetName: string): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.addRow(table.headers).font = { bold: true };
  for (const row of table.rows) sheet.addRow(row);
  sheet.columns.forEach((column) => {
    column.width = Math.min(60, Math.max(10, ...table.rows.map((r) => String(r[(column.number ?? 1) - 1] ?? '').length + 2)));
  });
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/** Offers a blob as a file download. */
export function download(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
