import { clusterExportTable, toCsv } from './exportClusters';

describe('cluster export', () => {
  it('R2.082 writes CSV with quoted cells and no formulas', () => {
    const csv = toCsv({ headers: ['Nummer', 'Name'], rows: [['20011', 'Shop, "Live"'], ['20012', '=SUM(A1)']] });
    expect(csv).toBe('\uFEFFNummer,Name\r\n20011,"Shop, ""Live"""\r\n20012,\'=SUM(A1)\r\n');
  });

  it('R2.082 exports both roles of a manager who also administrates the cluster', () => {
    const base = { id: 1, number: '20011', name: 'Shop', description: null, favourite: false, architecture: 'web_cluster', sla: 'business', contractMode: 'production', status: 'active', customer: { id: 1, number: 10001, company: 'M' }, serverCount: 2 } as const;
    const table = clusterExportTable([{ ...base, role: 'manager', administrator: true }, { ...base, role: 'manager', administrator: false }], (k) => k);
    expect(table.rows.map((r) => r[8])).toEqual(['dashboard:role.managerAndAdministrator', 'dashboard:role.manager']);
  });
});
