import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../shell/useDocumentTitle';

export interface Crumb {
  label: string;
  /** Omitted for the current page. */
  to?: string;
}

interface PageFrameProps {
  title: string;
  /** Trail above the title, ending with the current page. */
  breadcrumbs: Crumb[];
  actions?: ReactNode;
  children: ReactNode;
}

/** Title, breadcrumb and body of a signed-in page. */
export function PageFrame({ title, breadcrumbs, actions, children }: PageFrameProps) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <Box>
      <Breadcrumbs aria-label={t('nav.breadcrumb')} sx={{ mb: 1 }}>
        {breadcrumbs.map((crumb, index) => {
          const isCurrent = index === breadcrumbs.length - 1;
          return crumb.to && !isCurrent ? (
            <Link
              key={index}
              component={RouterLink}
              to={crumb.to}
              color="inherit"
              underline="hover"
            >
              {crumb.label}
            </Link>
          ) : (
            <Typography
              key={index}
              color={isCurrent ? 'text.primary' : 'text.secondary'}
              aria-current={isCurrent ? 'page' : undefined}
            >
              {crumb.label}
            </Typography>
          );
        })}
      </Breadcrumbs>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mb: 3,
        }}
      >
        {/* Titles are often people's words (an opportunity's, an organisation's name): one
            long word must break rather than widen the page on a phone. */}
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
