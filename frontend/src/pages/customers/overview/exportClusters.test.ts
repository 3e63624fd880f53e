import { toCsv } from './exportClusters';

describe('cluster export', () => {
  it('R2.082 writes CSV with quoted cells and no formulas', () => {
    const csv = toCsv({ headers: ['Nummer', 'Name'], rows: [['20011', 'Shop, "Live"'], ['20012', '=SUM(A1)']] });
    expect(csv).toBe('\uFEFFNummer,Name\r\n20011,"Shop, ""Live"""\r\n20012,\'=SUM(A1)\r\n');
  });
});
