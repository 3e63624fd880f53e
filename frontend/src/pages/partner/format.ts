import { useTranslation } from 'react-i18next';
import { useBillingFormat } from '../contracts/format';

/** The §9 formats the partner screens add to billing's: percent with one decimal, month-year, file size. */
export function usePartnerFormat() {
  const base = useBillingFormat();
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-GB' : 'de-DE';
  const percent1 = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const monthYear = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const monthShort = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
  const kb = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return {
    ...base,
    /** 76.8 → "76,8 %". */
    percent1: (value: number) => percent1.format(value / 100),
    /** `2026-03` → "März 2026". */
    monthYear: (month: string) => monthYear.format(new Date(`${month}-01T00:00:00Z`)),
    /** `2026-03` → "März". */
    monthShort: (month: string) => monthShort.format(new Date(`${month}-01T00:00:00Z`)),
    /** Bytes as KB or MB. */
    size: (bytes: number) => (bytes >= 1024 * 1024 ? `${kb.format(bytes / 1024 / 1024)} MB` : `${kb.format(Math.max(0.1, bytes / 1024))} KB`),
    /** A Money value as a number for charts. */
    amount: (m: { amount: string }) => Number(m.amount),
  };
}
