/** Whether the UI is read-only (the public demo, issue 13): one context for the portal's shell and the Managed Center host. */
import { createContext, useContext, type ReactNode } from 'react';

const ReadOnlyContext = createContext(false);

/**
 * Makes everything inside read-only (or not). The portal's shell sets it in demo mode; the Managed
 * Center's `ManagedHostProvider` sets it from `ManagedHost.readOnly`. A nested provider can only add
 * read-only, never lift an outer one.
 */
export function ReadOnlyProvider({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  const outer = useContext(ReadOnlyContext);
  return <ReadOnlyContext.Provider value={outer || readOnly}>{children}</ReadOnlyContext.Provider>;
}

/** Whether actions that change something must be shown disabled with the read-only hint (`WriteButton`, `WriteIconButton`, `ReadOnlyHint`). */
export const useReadOnly = (): boolean => useContext(ReadOnlyContext);
