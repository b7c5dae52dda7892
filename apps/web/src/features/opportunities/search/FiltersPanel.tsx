import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import TuneIcon from '@mui/icons-material/Tune';

interface FiltersPanelProps {
  activeCount: number;
  /** The results found, for the button that closes the drawer. */
  total: number | null;
  children: (headingId: string) => ReactNode;
}

/** The filters beside the results on wide screens; behind a button, in a drawer, on small ones. */
export function FiltersPanel({ activeCount, total, children }: FiltersPanelProps) {
  const { t } = useTranslation('pages');
  const theme = useTheme();
  // Without noSsr: a page the server rendered (without knowing the width) hydrates as rendered,
  // then takes the wide layout; a page the browser renders alone knows the width at once.
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const drawerId = useId();

  if (wide) {
    return (
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby={headingId}
        sx={{ p: 2, alignSelf: 'start' }}
      >
        {children(headingId)}
      </Paper>
    );
  }
  return (
    <>
      <Button
        variant="outlined"
        startIcon={
          <Badge badgeContent={activeCount} color="primary">
            <TuneIcon aria-hidden />
          </Badge>
        }
        aria-expanded={open}
        aria-controls={open ? drawerId : undefined}
        onClick={() => setOpen(true)}
        sx={{ justifySelf: 'start' }}
      >
        {activeCount > 0
          ? t('opportunities.search.filters.showActive', { count: activeCount })
          : t('opportunities.search.filters.show')}
      </Button>
      <Drawer
        anchor="left"
        open={open}
        onClose={() => setOpen(false)}
        // Over the app bar (which sits above the navigation drawer), so the heading shows.
        sx={{ zIndex: theme.zIndex.modal }}
        slotProps={{
          paper: {
            id: drawerId,
            role: 'dialog',
            'aria-modal': true,
            'aria-labelledby': headingId,
            sx: { width: 'min(360px, 90vw)', p: 2 },
          },
        }}
      >
        {children(headingId)}
        <Box
          sx={{
            position: 'sticky',
            bottom: 0,
            pt: 2,
            mt: 2,
            bgcolor: 'background.paper',
          }}
        >
          <Button fullWidth variant="contained" onClick={() => setOpen(false)}>
            {total === null
              ? t('opportunities.search.filters.done')
              : t('opportunities.search.filters.showResults', { count: total })}
          </Button>
        </Box>
      </Drawer>
    </>
  );
}
