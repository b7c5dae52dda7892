import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface SectionProps {
  title: string;
  /** Beside the heading, e.g. a count or a link. */
  aside?: ReactNode;
  children: ReactNode;
}

/** A titled block of an opportunity page: a region named by its h2. */
export function Section({ title, aside, children }: SectionProps) {
  const titleId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 3 }}>
      <Box
        sx={{
          display: 'flex',
          gap: 2,
          flexWrap: 'wrap',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          mb: 1.5,
        }}
      >
        <Typography id={titleId} variant="h6" component="h2">
          {title}
        </Typography>
        {aside}
      </Box>
      {children}
    </Paper>
  );
}
