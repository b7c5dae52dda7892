import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface NoticeProps {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}

/** Why the page cannot offer what it is for (applications closed, the form switched off…). */
export function Notice({ title, children, actions }: NoticeProps) {
  const titleId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 1.5 }}
    >
      <Typography id={titleId} variant="h6" component="h2">
        {title}
      </Typography>
      {children}
      {actions ? <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>{actions}</Box> : null}
    </Paper>
  );
}
