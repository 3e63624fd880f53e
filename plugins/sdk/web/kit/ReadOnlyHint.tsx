import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import { lazy, Suspense, type ReactElement } from 'react';
import { useReadOnly } from '../readOnlyContext.tsx';

const ReadOnlyWrapper = lazy(() => import('./ReadOnlyWrapper.tsx'));

/**
 * In a read-only UI (the public demo, issue 13) puts the hint "not available in the demo" around its
 * child, which disables itself with `useReadOnly()` — for controls that write at once and are not a
 * button: switches, checkboxes, menu items. Outside read-only it renders the child as it is.
 *
 *     const readOnly = useReadOnly();
 *     <ReadOnlyHint><Switch disabled={readOnly || busy} … /></ReadOnlyHint>
 */
export function ReadOnlyHint({ children }: { children: ReactElement }) {
  const readOnly = useReadOnly();
  if (!readOnly) return children;
  return (
    <Suspense fallback={children}>
      <ReadOnlyWrapper>{children}</ReadOnlyWrapper>
    </Suspense>
  );
}

/**
 * An icon button that changes something at once or only leads to that (delete, roll back, apply, star):
 * in a read-only UI disabled with the hint, otherwise a plain MUI `IconButton`. Icon buttons that open
 * a form (edit) stay `IconButton`s, so visitors can look at the form.
 */
export function WriteIconButton(props: IconButtonProps) {
  const readOnly = useReadOnly();
  if (!readOnly) return <IconButton {...props} />;
  return (
    <ReadOnlyHint>
      <IconButton {...props} disabled />
    </ReadOnlyHint>
  );
}
