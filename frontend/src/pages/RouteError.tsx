import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { reportError } from '../monitoring/errorReporting';
import { ChunkLoadFailure } from '../shell/ChunkLoadWarning';
import { HydrationMarker } from '../ssr/HydrationMarker';
import { StatusPage } from './StatusPage';

const isChunkError = (e: unknown) =>
  e instanceof Error &&
  /dynamically imported module|Importing a module script failed|chunk load timed out|error loading dynamically/i.test(e.message);

/** The error boundary of the routes: a chunk that failed to load asks for a reload (§8). */
export default function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunk = isChunkError(error);
  // Issue 31: a page that failed to render is reported (a chunk missing after a deployment is not a defect).
  useEffect(() => {
    if (!chunk) reportError(error, { tags: { mechanism: 'route' } });
  }, [error, chunk]);
  if (chunk)
    return (
      <>
        <ChunkLoadFailure />
        <HydrationMarker />
      </>
    );
  return (
    <>
      <HydrationMarker />
      <StatusPage
        title={t('internal', { ns: 'errors' })}
        text={t('withSupport', { ns: 'errors', message: '', phone: '+49 30 1234567-0', email: 'support@example.com' })}
        action={
          <Button variant="contained" onClick={() => window.location.reload()}>
            {t('reload')}
          </Button>
        }
      />
    </>
  );
}
