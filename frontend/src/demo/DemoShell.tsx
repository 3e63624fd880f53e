import { ReadOnlyProvider } from '@portal/plugin-sdk/web/read-only';
import { lazy, Suspense, type ReactNode } from 'react';
import { useGetDemoQuery } from './api';

// The demo's shell parts are chunks of their own: a normal portal only asks `GET /api/v1/demo` (issue 13, bundle budget).
const DemoModeParts = lazy(() => import('./DemoMode').then((m) => ({ default: m.DemoMode })));
const DemoTopBarParts = lazy(() => import('./DemoMode').then((m) => ({ default: m.DemoTopBarActions })));

/** In the shell: the demo session, route restriction, tour and contact dialog — only in demo mode. */
export function DemoModeHook() {
  const enabled = useGetDemoQuery().data?.enabled === true;
  return enabled ? (
    <Suspense fallback={null}>
      <DemoModeParts />
    </Suspense>
  ) : null;
}

/** In the top bar: "Introduction" and "Contact" — only in demo mode. */
export function DemoTopBarHook() {
  const enabled = useGetDemoQuery().data?.enabled === true;
  return enabled ? (
    <Suspense fallback={null}>
      <DemoTopBarParts />
    </Suspense>
  ) : null;
}

/**
 * Demo mode makes the whole web app read-only (issue 13): the SDK's `WriteButton`, `WriteIconButton` and
 * `ReadOnlyHint` — on the portal's pages as in the Managed Center's plugins — show disabled with the hint.
 */
export function DemoReadOnly({ children }: { children: ReactNode }) {
  const enabled = useGetDemoQuery().data?.enabled === true;
  return <ReadOnlyProvider readOnly={enabled}>{children}</ReadOnlyProvider>;
}
