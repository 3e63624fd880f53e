import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ManagedJob } from '@portal/plugin-sdk/web';
import { useState } from 'react';
import { useT } from '../generated/i18n.ts';

/** What the check said about the applied zone files (named-checkzone's output), folded (presentational). */
export function CheckOutput({ validation }: { validation: ManagedJob['validation'] }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  if (validation?.status !== 'passed' || !validation.output) return null;
  return (
    <Box data-testid="dns-check-output">
      <Typography variant="body2" color="text.secondary">
        {t('apply.checked', { tool: validation.tool ?? 'named-checkzone' })}{' '}
        <Link component="button" type="button" onClick={() => setOpen((o) => !o)} aria-expanded={open} sx={{ verticalAlign: 'baseline' }}>
          {open ? t('apply.hideOutput') : t('apply.showOutput')}
        </Link>
      </Typography>
      {open && (
        <Box
          component="pre"
          sx={{
            m: 0,
            mt: 1,
            p: 1,
            fontSize: 12,
            fontFamily: 'monospace',
            whiteSpace: 'pre-wrap',
            bgcolor: 'action.hover',
            borderRadius: 1,
          }}
        >
          {validation.output}
        </Box>
      )}
    </Box>
  );
}
