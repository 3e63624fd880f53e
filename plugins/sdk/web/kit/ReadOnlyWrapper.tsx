import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { registerSdkTranslations, sdkNamespace } from '../i18n/index.ts';

/**
 * The read-only hint around a disabled control: a tooltip on a focusable wrapper (a disabled control
 * neither gets hover nor focus, so keyboard users reach the hint on the wrapper). Own chunk: only the
 * demo loads it.
 */
export default function ReadOnlyWrapper({ children }: { children: ReactElement }) {
  // Outside the Managed Center (the portal's own pages) nobody has registered the SDK's strings yet.
  const { i18n } = useTranslation();
  registerSdkTranslations(i18n);
  const t = i18n.getFixedT(null, sdkNamespace);
  return (
    <Tooltip title={t('readOnly.hint')} describeChild>
      <Box
        component="span"
        tabIndex={0}
        data-testid="read-only-action"
        sx={{ display: 'inline-flex', borderRadius: 1, '&:focus-visible': { outline: '2px solid', outlineOffset: 2 } }}
      >
        {children}
      </Box>
    </Tooltip>
  );
}
