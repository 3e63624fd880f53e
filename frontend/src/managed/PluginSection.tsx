import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { ManagedPluginScope, type WebPlugin } from '@portal/plugin-sdk/web';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { PluginErrorBoundary, SectionFailed } from './PluginErrorBoundary';
import { loadWebPlugin } from './pluginLoader';
import type { WebPluginEntry } from './registry';

/** One plugin's section: its own lazily loaded chunk, its translations, its routes, its own error boundary. */
export function PluginSection({ entry, degraded, resetKey }: { entry: WebPluginEntry; degraded: boolean; resetKey: string }) {
  const { t } = useTranslation('managed');
  const [state, setState] = useState<{ plugin?: WebPlugin; error?: unknown }>({});
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (degraded) return;
    let live = true;
    setState({});
    loadWebPlugin(entry).then(
      (plugin) => live && setState({ plugin }),
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [entry, attempt, degraded]);

  if (degraded)
    return (
      <Alert severity="warning" data-testid="section-degraded">
        {t('section.degraded')}
      </Alert>
    );
  if (state.error)
    return <SectionFailed message={t('section.failed')} retryLabel={t('section.retry')} onRetry={() => setAttempt((a) => a + 1)} />;
  if (!state.plugin)
    return (
      <Box role="status" aria-busy="true">
        <LinearProgress />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('section.loading')}
        </Typography>
      </Box>
    );
  return (
    <PluginErrorBoundary
      resetKey={resetKey}
      fallback={(retry) => <SectionFailed message={t('section.failed')} retryLabel={t('section.retry')} onRetry={retry} />}
    >
      <ManagedPluginScope pluginId={entry.id}>
        <Routes>
          {state.plugin.routes.map(({ path, Component }) =>
            path === '' ? <Route key="index" index element={<Component />} /> : <Route key={path} path={path} element={<Component />} />,
          )}
          <Route path="*" element={<Alert severity="info">{t('section.notFound')}</Alert>} />
        </Routes>
      </ManagedPluginScope>
    </PluginErrorBoundary>
  );
}
