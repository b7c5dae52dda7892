import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, NavLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { DASHBOARD_PATH } from '../../lib/constants';
import { useSession } from '../session';
import { BrandLink } from './BrandLink';
import { LanguageSwitcher } from './LanguageSwitcher';

const PublicNavMenu = lazy(async () => ({
  default: (await import('./PublicNavMenu')).PublicNavMenu,
}));

export const PUBLIC_NAV = [
  // Searching needs no account: visitors browse before they sign up.
  { to: '/opportunities', key: 'nav.opportunities' },
  { to: '/about', key: 'nav.about' },
  { to: '/help', key: 'nav.help' },
  { to: '/contact', key: 'nav.contact' },
] as const;

// "Log in" has no room in the bar on phones, so the menu offers it there.
const LOGIN_ITEM = { to: '/login', key: 'nav.login' } as const;

export function PublicHeader() {
  const { t } = useTranslation();
  const { status } = useSession();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [menuLoaded, setMenuLoaded] = useState(false);

  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: { xs: 0.5, sm: 1 } }}>
          <Box sx={{ display: { xs: 'flex', md: 'none' } }}>
            <IconButton
              edge="start"
              aria-label={t('nav.openMenu')}
              aria-haspopup="menu"
              aria-controls={anchor ? menuId : undefined}
              aria-expanded={Boolean(anchor)}
              onClick={(event) => {
                setMenuLoaded(true);
                setAnchor(event.currentTarget);
              }}
            >
              <MenuIcon />
            </IconButton>
            {menuLoaded ? (
              <Suspense fallback={null}>
                <PublicNavMenu
                  id={menuId}
                  anchor={anchor}
                  items={status === 'authenticated' ? PUBLIC_NAV : [...PUBLIC_NAV, LOGIN_ITEM]}
                  onClose={() => setAnchor(null)}
                />
              </Suspense>
            ) : null}
          </Box>
          <BrandLink />
          <Box
            component="nav"
            aria-label={t('nav.main')}
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, marginInlineStart: 4 }}
          >
            {PUBLIC_NAV.map((item) => (
              <Button
                key={item.to}
                component={NavLink}
                to={item.to}
                color="inherit"
                sx={{ '&.active': { color: 'primary.main' } }}
              >
                {t(item.key)}
              </Button>
            ))}
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <LanguageSwitcher />
          {status === 'authenticated' ? (
            <Button variant="contained" component={RouterLink} to={DASHBOARD_PATH}>
              {t('nav.dashboard')}
            </Button>
          ) : (
            <>
              <Button
                component={RouterLink}
                to="/login"
                color="inherit"
                sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
              >
                {t('nav.login')}
              </Button>
              <Button variant="contained" component={RouterLink} to="/register">
                {t('nav.register')}
              </Button>
            </>
          )}
        </Toolbar>
      </Container>
    </AppBar>
  );
}
