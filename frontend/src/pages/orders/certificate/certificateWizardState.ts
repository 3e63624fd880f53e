import { useCallback, useEffect, useState } from 'react';
import type { OrderPrice } from '../ordersApi';
import type { CertificateOrderDraft } from './certificateApi';

/** The steps of the certificate order wizard (§2), then the check-order summary. */
export const certificateWizardSteps = ['customer', 'domains', 'certificate', 'organization', 'order', 'check'] as const;
export type CertificateWizardStep = (typeof certificateWizardSteps)[number];
export const isCertificateWizardStep = (v: string | null): v is CertificateWizardStep => !!v && (certificateWizardSteps as readonly string[]).includes(v);

export interface CertificateWizardState {
  draft: CertificateOrderDraft;
  /** The furthest step the server accepted (-1: none); deep links go at most one further. */
  reached: number;
  price: OrderPrice | null;
  /** One key per order attempt (Idempotency-Key). */
  idempotencyKey: string;
}

const storageKey = 'portal.orders.certificate.wizard';
const fresh = (): CertificateWizardState => ({ draft: { domains: [''], termMonths: 12 }, reached: -1, price: null, idempotencyKey: crypto.randomUUID() });

function load(): CertificateWizardState {
  try {
    const raw = sessionStorage.getItem(storageKey);
    return raw ? { ...fresh(), ...(JSON.parse(raw) as Partial<CertificateWizardState>) } : fresh();
  } catch {
    return fresh();
  }
}

/** The wizard's state in the tab's session storage (going back, reloading, deep links keep it), like the cluster wizard's. */
export function useCertificateWizardState() {
  const [state, setState] = useState<CertificateWizardState>(load);
  useEffect(() => {
    sessionStorage.setItem(storageKey, JSON.stringify(state));
  }, [state]);
  const update = useCallback((patch: Partial<CertificateWizardState>) => setState((s) => ({ ...s, ...patch, draft: { ...s.draft, ...patch.draft } })), []);
  const reset = useCallback(() => {
    sessionStorage.removeItem(storageKey);
    setState(fresh());
  }, []);
  return { state, update, reset };
}
