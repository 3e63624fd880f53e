import { backupDaysKeptFree, backupRetentionPrice, priceList } from './pricing.ts';

describe('backup retention price', () => {
  it('R9.021: 10 days of backups are kept free; each further day of a plan costs the price list per month', () => {
    expect(backupDaysKeptFree).toBe(10);
    expect(backupRetentionPrice(7).monthly.netCents).toBe(0);
    expect(backupRetentionPrice(10)).toMatchObject({ freeDays: 10, pricedDays: 0, monthly: { netCents: 0, grossCents: 0 } });
    const month = backupRetentionPrice(30);
    expect(month.pricedDays).toBe(20);
    expect(month.monthly.netCents).toBe(20 * priceList.backupRetentionDay);
    expect(month.monthly.grossCents).toBe(Math.round(20 * priceList.backupRetentionDay * 1.19));
  });
});
