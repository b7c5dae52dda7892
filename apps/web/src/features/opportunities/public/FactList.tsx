import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * Label and value pairs (a description list): side by side, or stacked on narrow screens and in
 * narrow columns.
 */
export function FactList({
  stacked = false,
  children,
}: {
  stacked?: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 1.5,
        ...(stacked ? { '& > div': { gridTemplateColumns: '1fr', gap: 0.25 } } : {}),
      }}
    >
      {children}
    </Box>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, 180px) 1fr' },
        gap: { xs: 0.25, sm: 2 },
      }}
    >
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}
