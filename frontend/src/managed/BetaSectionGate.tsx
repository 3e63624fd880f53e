import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { ManagedServerView } from './api';

/** Whether the server's module list says this section is a beta module the customer is not registered for (§8). */
export const notRegisteredForBeta = (view: Pick<ManagedServerView, 'sections'>, section: string): boolean =>
  view.sections.some((s) => s.id === section && s.status === 'beta_not_registered');

/**
 * A section of the Managed Center: a module in the beta phase the customer is not registered for sends
 * the user to the not-allowed page with 'You are not registered for the beta phase.' (R8.004); any
 * other section is shown.
 */
export function BetaSectionGate({
  view,
  section,
  children,
}: {
  view: Pick<ManagedServerView, 'sections'>;
  section: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (notRegisteredForBeta(view, section))
    return <Navigate to="/not-allowed" replace state={{ message: t('beta_not_registered', { ns: 'errors' }) }} />;
  return children;
}
