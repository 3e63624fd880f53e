import { useCallback, useEffect, useState } from 'react';
import type { ClusterOrderDraft, OrderPrice } from './ordersApi';

/** The steps of the cluster order wizard (§2), then the check-order summary and the thank-you page. */
export const wizardSteps = ['customer', 'architecture', 'service', 'configuration', 'order', 'check'] as const;
export type WizardStep = (typeof wizardSteps)[number];
export const isWizardStep = (v: string | null): v is WizardStep => !!v && (wizardSteps as readonly string[]).includes(v);

export interface WizardState<D = ClusterOrderDraft> {
  draft: D;
  /** The furthest step whose input the server accepted (-1: none); deep links go at most one further. */
  reached: number;
  /** The price the server computed for the last accepted step. */
  price: OrderPrice | null;
  /** One key per order attempt (Idempotency-Key): a repeated click or a retry after a lost answer cannot order twice. */
  idempotencyKey: string;
}

const clusterStorageKey = 'portal.orders.cluster.wizard';
const fresh = <D>(): WizardState<D> => ({ draft: {} as D, reached: -1, price: null, idempotencyKey: crypto.randomUUID() });

function load<D>(storageKey: string): WizardState<D> {
  try {
    const raw = sessionStorage.getItem(storageKey);
    return raw ? { ...fresh<D>(), ...(JSON.parse(raw) as Partial<WizardState<D>>) } : fresh<D>();
  } catch {
    return fresh<D>();
  }
}

/**
 * The wizard's state, kept in the tab's session storage: going back, reloading or opening a step's
 * link keeps what was entered; a finished order starts over with a new idempotency key.
 */
export function useWizardState<D extends object = ClusterOrderDraft>(storageKey: string = clusterStorageKey) {
  const [state, setState] = useState<WizardState<D>>(() => load<D>(storageKey));
  useEffect(() => {
    sessionStorage.setItem(storageKey, JSON.stringify(state));
  }, [state, storageKey]);
  const update = useCallback((patch: Partial<WizardState<D>>) => setState((s) => ({ ...s, ...patch, draft: { ...s.draft, ...patch.draft } })), []);
  const reset = useCallback(() => {
    sessionStorage.removeItem(storageKey);
    setState(fresh<D>());
  }, [storageKey]);
  return { state, update, reset };
}
