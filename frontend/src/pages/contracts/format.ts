import { numberFormats } from '@portal/plugin-sdk/web/format';
import { useTranslation } from 'react-i18next';

type MoneyValue = { amount: string; currency: 'EUR' };

/** Number and date formats of §9 in the user's language (de-DE, en-GB): currency EUR, short and long dates. */
export function useBillingFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-GB' : 'de-DE';
  const numbers = numberFormats(i18n.language);
  const short = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' });
  return {
    locale,
    /** A contract Money value; the decimal string is formatted without passing through a float sum. */
    money: (m: MoneyValue) => numbers.currency(m.amount),
    /** A calendar day `YYYY-MM-DD`. */
    day: (d: string) => short.format(new Date(`${d}T00:00:00Z`)),
    dateTime: (d: string) => dateTime.format(new Date(d)),
  };
}

export const statusColor = (status: string): 'success' | 'warning' | 'error' | 'default' | 'info' =>
  status === 'active' ? 'success' : status === 'in_termination' || status === 'pending' ? 'warning' : status === 'failed' ? 'error' : status === 'terminated' ? 'info' : 'default';
