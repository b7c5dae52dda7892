import type { ReactNode } from 'react';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../../app/shell/useDocumentTitle';

interface PublicPageProps {
  title: string;
  /** Short lead paragraph under the title. */
  lead?: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg';
  children: ReactNode;
}

/** The frame of a content page: one h1, a lead, then sections (h2). */
export function PublicPage({ title, lead, maxWidth = 'md', children }: PublicPageProps) {
  useDocumentTitle(title);
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 4, md: 6 } }}>
      <Typography
        variant="h3"
        component="h1"
        sx={{ fontSize: { xs: '2rem', md: '2.5rem' }, mb: 2 }}
      >
        {title}
      </Typography>
      {lead ? (
        <Typography
          component="div"
          variant="h6"
          color="text.secondary"
          sx={{ fontWeight: 400, mb: 4 }}
        >
          {lead}
        </Typography>
      ) : null}
      {children}
    </Container>
  );
}
