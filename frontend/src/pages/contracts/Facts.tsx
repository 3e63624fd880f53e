import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled section of label/value pairs (a definition list), two columns from 600 px. */
export function Facts({ title, rows, children }: { title: string; rows: [label: string, value: ReactNode][]; children?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
        {title}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(10rem, 40%) 1fr' }, columnGap: 2, rowGap: { xs: 0.25, sm: 1 }, m: 0 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ color: 'text.secondary', mt: { xs: 1, sm: 0 } }}>
              {label}
            </Box>
            <Box component="dd" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
              {value}
            </Box>
          </Box>
        ))}
      </Box>
      {children}
    </Paper>
  );
}
