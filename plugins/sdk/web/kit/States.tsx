import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A loading bar announced to screen readers. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation('sdk');
  return (
    <Box role="status" aria-busy="true" aria-live="polite">
      <LinearProgress aria-label={label ?? t('state.loading')} />
    </Box>
  );
}

/** A failed load, with a retry button. */
export function ErrorState({ message, onRetry, retryLabel }: { message?: string; onRetry?: () => void; retryLabel?: string }) {
  const { t } = useTranslation('sdk');
  return (
    <Alert
      severity="error"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {retryLabel ?? t('state.retry')}
          </Button>
        )
      }
    >
      {message ?? t('state.loadFailed')}
    </Alert>
  );
}

/** Nothing there yet: what this place is for and how to start (an action, e.g. "Create"). */
export function EmptyState({ title, hint, action, testId }: { title?: string; hint?: ReactNode; action?: ReactNode; testId?: string }) {
  const { t } = useTranslation('sdk');
  return (
    <Box sx={{ p: { xs: 2, sm: 4 }, textAlign: 'center' }} data-testid={testId}>
      <Typography variant="h6" component="p">
        {title ?? t('state.empty')}
      </Typography>
      {hint && (
        <Typography color="text.secondary" sx={{ mb: action ? 2 : 0 }}>
          {hint}
        </Typography>
      )}
      {action}
    </Box>
  );
}

/** An RTK Query result, as far as `QueryState` needs it. */
export interface QueryLike<T> {
  data?: T;
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * Loading, error (with retry) and empty states around a query's data: renders `children(data)` once
 * there is data, `empty` when `isEmpty(data)`.
 */
export function QueryState<T>({
  query,
  children,
  isEmpty,
  empty,
  loadingLabel,
  errorMessage,
}: {
  query: QueryLike<T>;
  children: (data: T) => ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  loadingLabel?: string;
  errorMessage?: string;
}) {
  if (query.data !== undefined) return <>{isEmpty?.(query.data) ? (empty ?? <EmptyState />) : children(query.data)}</>;
  if (query.isError) return <ErrorState message={errorMessage} onRetry={() => void query.refetch()} />;
  return <LoadingState label={loadingLabel} />;
}
