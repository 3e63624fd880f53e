import { useCallback, useEffect, useState } from 'react';
import type { ClusterOrderDraft, OrderPrice } from './ordersApi';

/** The steps of the cluster order wizard (§2), then the check-order summary and the thank-you page. */
export const wizardSteps = ['customer', 'architecture', 'service', 'configuration', 'order', 'check'] as const;
export type WizardStep = (typeof wizardSteps)[number];
export const isWizardStep = (v: string | null): v is WizardStep => !!v && (wizardSteps as readonly string[]).includes(v);

export interface WizardState {
  draft: ClusterOrderDraft;
  /** The furthest step whose input the server accepted (-1: none); deep links go at most one further. */
  reached: number;
  /** The price the server computed for the last accepted step. */
  price: OrderPrice | null;
  /** One key per order attempt (Idempotency-Key): a repeated click or a retry after a lost answer cannot order twice. */
  idempotencyKey: string;
}

const storageKey = 'portal.orders.cluster.wizard';
const fresh = (): WizardState => ({ draft: {}, reached: -1, price: null, idempotencyKey: crypto.randomUUID() });

function load(): WizardState {
  try {
    const raw = sessionStorage.getItem(storageKey);
    return raw ? { ...fresh(), ...(JSON.parse(raw) as Partial<WizardState>) } : fresh();
  } catch {
    return fresh();
  }
}

/**
 * The wizard's state, kept in the tab's session storage: going back, reloading or opening a step's
 * link keeps what was entered; a finished order starts over with a new idempotency key.
 */
export function useWizardState() {
  const [state, setState] = useState<WizardState>(load);
  useEffect(() => {
    sessionStorage.setItem(storageKey, JSON.stringify(state));
  }, [state]);
  const update = useCallback((patch: Partial<WizardState>) => setState((s) => ({ ...s, ...patch, draft: { ...s.draft, ...patch.draft } })), []);
  const reset = useCallback(() => {
    sessionStorage.removeItem(storageKey);
    setState(fresh());
  }, []);
  return { state, update, reset };
}
