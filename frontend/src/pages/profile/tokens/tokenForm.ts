import type { NewToken } from '../../../api/tokens';

/** The messages `validateToken` gives (typed, so the caller's `t` is checked against them). */
export type TokenFormMessageKey =
  | 'errors:validationField.required'
  | 'errors:validationField.maxLength'
  | 'errors:validationField.format.date'
  | 'tokens:form.dateInPast'
  | 'tokens:form.clusterRequired';

/** The create-token form (§4 token creation): expiry mode, access mode, clusters and areas. */
export interface TokenFormValues {
  name?: string;
  expiry: 'until' | 'unlimited';
  /** `YYYY-MM-DD` */
  expiresAt?: string;
  access: 'limited_access' | 'full_access';
  allClusters?: boolean;
  /** Chosen cluster ids as strings (checkbox values). */
  clusters?: string[];
  profile?: boolean;
  accounting?: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A local calendar day as `YYYY-MM-DD`. */
export const isoDay = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** §9: the expiry defaults to one month from today (the 31st becomes the last day of a shorter month). */
export function oneMonthAhead(today: Date): string {
  const target = new Date(today.getFullYear(), today.getMonth() + 1, 1);
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  return isoDay(new Date(target.getFullYear(), target.getMonth(), Math.min(today.getDate(), lastDay)));
}

export const initialTokenValues = (today: Date): TokenFormValues => ({
  name: '',
  expiry: 'until',
  expiresAt: oneMonthAhead(today),
  access: 'limited_access',
  allClusters: false,
  clusters: [],
  profile: false,
  accounting: false,
});

/** §5 token creation: name required; a day not before today unless unlimited; limited access needs a cluster. */
export function validateToken(values: TokenFormValues, today: Date, t: (key: TokenFormMessageKey) => string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.name?.trim()) errors.name = t('errors:validationField.required');
  else if (values.name.trim().length > 255) errors.name = t('errors:validationField.maxLength');
  if (values.expiry === 'until') {
    if (!values.expiresAt) errors.expiresAt = t('errors:validationField.required');
    else if (!/^\d{4}-\d{2}-\d{2}$/.test(values.expiresAt)) errors.expiresAt = t('errors:validationField.format.date');
    else if (values.expiresAt < isoDay(today)) errors.expiresAt = t('tokens:form.dateInPast');
  }
  if (values.access === 'limited_access' && !values.allClusters && !values.clusters?.length) errors.clusters = t('tokens:form.clusterRequired');
  return errors;
}

/** The request body of §7 "create personal access token". */
export function toRequest(values: TokenFormValues): NewToken {
  const unlimited = values.expiry === 'unlimited';
  const base = { name: values.name!.trim(), expires: unlimited ? (0 as const) : (1 as const), expires_at: unlimited ? null : values.expiresAt! };
  if (values.access === 'full_access') return { ...base, abilities: { global: true } };
  const areas = [...(values.profile ? ['profile' as const] : []), ...(values.accounting ? ['accounting' as const] : [])];
  return {
    ...base,
    abilities: {
      global: false,
      ...(values.allClusters ? { allClusters: true } : { clusters: (values.clusters ?? []).map(Number) }),
      ...(areas.length ? { areas } : {}),
    },
  };
}

/** Server field names → form field names. */
export const fieldOfServer: Record<string, keyof TokenFormValues> = { name: 'name', expires_at: 'expiresAt', 'abilities.clusters': 'clusters' };
