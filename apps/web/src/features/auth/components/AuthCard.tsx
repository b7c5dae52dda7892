import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../../app/shell/useDocumentTitle';
import { Logo } from '../../../app/shell/Logo';

interface AuthCardProps {
  title: string;
  intro?: string;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthCard({ title, intro, children, footer }: AuthCardProps) {
  useDocumentTitle(title);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
          <Logo width={72} height={48} />
        </Box>
        <Typography variant="h4" component="h1" align="center" gutterBottom>
          {title}
        </Typography>
        {intro ? (
          <Typography color="text.secondary" align="center" sx={{ mb: 3 }}>
            {intro}
          </Typography>
        ) : null}
        {children}
      </Paper>
      {footer ? (
        <Typography component="div" align="center" sx={{ mt: 3 }}>
          {footer}
        </Typography>
      ) : null}
    </Container>
  );
}
