import Button, { type ButtonProps } from '@mui/material/Button';
import { lazy, Suspense } from 'react';
import { useReadOnly } from '../readOnlyContext.tsx';

const ReadOnlyButton = lazy(() => import('./ReadOnlyButton.tsx'));

/**
 * A button that changes something (save, delete, apply). In a read-only host (the public demo, issue 13)
 * it is disabled and explains why in a tooltip (`ReadOnlyButton`, loaded only then).
 * Everywhere else it is a plain MUI `Button`.
 */
export function WriteButton(props: ButtonProps) {
  const readOnly = useReadOnly();
  if (!readOnly) return <Button {...props} />;
  return (
    <Suspense fallback={<Button {...props} disabled />}>
      <ReadOnlyButton {...props} />
    </Suspense>
  );
}
