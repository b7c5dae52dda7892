import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface PageSectionProps {
  title: string;
  /** Beside the heading: a count, a link, an action. */
  aside?: ReactNode;
  children: ReactNode;
}

/** A titled block of an application page: a region named by its h2. */
export function PageSection({ title, aside, children }: PageSectionProps) {
  const titleId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Box
        sx={{
          display: 'flex',
          gap: 2,
          flexWrap: 'wrap',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          mb: 2,
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
