import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../shell/useDocumentTitle';

/** The common frame of the not-found, not-allowed, maintenance and not-yet-available pages. */
export function StatusPage({ code, title, text, action }: { code?: string; title: string; text: ReactNode; action?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, md: 10 }, maxWidth: 640, mx: 'auto' }}>
      {/* The code in the secondary text colour: text.disabled reaches only 2.6:1 (issue 15, axe color-contrast). */}
      {code && (
        <Typography aria-hidden sx={{ fontSize: 72, fontWeight: 700, color: 'text.secondary', lineHeight: 1 }}>
          {code}
        </Typography>
      )}
      <Typography variant="h1" sx={{ my: 2 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {text}
      </Typography>
      {action}
    </Box>
  );
}
