import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';

interface EmptyStateProps {
  message: string;
  hint?: string;
  icon?: ReactNode;
  action?: { label: string; to: string };
}

/** What a list or page shows when there is nothing (yet) to show. */
export function EmptyState({ message, hint, icon, action }: EmptyStateProps) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, md: 6 }, textAlign: 'center', bgcolor: 'background.paper' }}
    >
      <Typography component="div" color="text.secondary" sx={{ mb: 1, fontSize: 48 }}>
        {icon ?? <InboxOutlinedIcon fontSize="inherit" aria-hidden />}
      </Typography>
      <Typography variant="h6" component="p">
        {message}
      </Typography>
      {hint ? (
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 560, mx: 'auto' }}>
          {hint}
        </Typography>
      ) : null}
      {action ? (
        <Button variant="contained" component={RouterLink} to={action.to} sx={{ mt: 3 }}>
          {action.label}
        </Button>
      ) : null}
    </Paper>
  );
}
