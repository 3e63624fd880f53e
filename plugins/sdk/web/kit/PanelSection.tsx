import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface PanelSectionProps {
  /** The heading's id (`<plugin>-<panel>-title`): the region is labelled by it. */
  id: string;
  title: string;
  children: ReactNode;
}

/** A panel of a section's page below its form (live figures, what a running instance reports): an outlined region with its level-2 heading. */
export function PanelSection({ id, title, children }: PanelSectionProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby={id}>
      <Stack spacing={2}>
        <Typography id={id} variant="h2" sx={{ fontSize: '1.375rem' }}>
          {title}
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}
