import { dateFormats, numberFormats } from '@portal/plugin-sdk/web/format';
import { useTranslation } from 'react-i18next';
import { useBillingFormat } from '../contracts/format';

/** The §9 formats the partner screens add to billing's: percent with one decimal, month-year, file size. */
export function usePartnerFormat() {
  const base = useBillingFormat();
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-GB' : 'de-DE';
  const numbers = numberFormats(i18n.language);
  const dates = dateFormats(i18n.language);
  const monthShort = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
  const kb = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return {
    ...base,
    /** 76.8 → "76,8 %". */
    percent1: numbers.percent1,
    /** `2026-03` → "März 2026". */
    monthYear: (month: string) => dates.monthYear(month),
    /** `2026-03` → "März". */
    monthShort: (month: string) => monthShort.format(new Date(`${month}-01T00:00:00Z`)),
    /** Bytes as KB or MB. */
    size: (bytes: number) => (bytes >= 1024 * 1024 ? `${kb.format(bytes / 1024 / 1024)} MB` : `${kb.format(Math.max(0.1, bytes / 1024))} KB`),
    /** A Money value as a number for charts. */
    amount: (m: { amount: string }) => Number(m.amount),
  };
}
