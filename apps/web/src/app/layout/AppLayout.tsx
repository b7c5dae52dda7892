import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AssignmentIcon from '@mui/icons-material/Assignment';
import BusinessIcon from '@mui/icons-material/Business';
import ForumIcon from '@mui/icons-material/Forum';
import InsightsIcon from '@mui/icons-material/Insights';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import PersonIcon from '@mui/icons-material/Person';
import RateReviewIcon from '@mui/icons-material/RateReview';
import SearchIcon from '@mui/icons-material/Search';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { MAIN_CONTENT_ID } from '../shell/SkipLink';
import { PageLoading } from '../shell/RouteProgress';
import { useApolloClient } from '@apollo/client/react';
import { COOKIE_NAMES } from '@encore/core';
import { getCookie } from '../../lib/cookies';
import { ReconnectingIndicator } from '../realtime';
import { useSession } from '../session';
import { LOGOUT } from '../session/logout';
import { BrandLink } from './BrandLink';
import { LanguageSwitcher } from './LanguageSwitcher';
import { useSidebar } from './useSidebar';
import { NotificationBell } from '../../features/notifications/components/NotificationBell';

const DRAWER_WIDTH = 260;
const SIDEBAR_ID = 'app-sidebar';

// `end`: the search stays unmarked on the review queue below it.
const SIDEBAR_NAV = [
  { to: '/opportunities', key: 'nav.opportunities', Icon: SearchIcon, end: true },
  { to: '/opportunities/review', key: 'nav.review', Icon: RateReviewIcon, end: false },
  { to: '/applications', key: 'nav.applications', Icon: AssignmentIcon, end: false },
  { to: '/organisations', key: 'nav.organisations', Icon: BusinessIcon, end: false },
  { to: '/spaces', key: 'nav.spaces', Icon: ForumIcon, end: false },
  { to: '/impact', key: 'nav.impact', Icon: InsightsIcon, end: false },
  { to: '/profile/update', key: 'nav.profile', Icon: PersonIcon, end: false },
  { to: '/account/upgrade', key: 'nav.upgrade', Icon: WorkspacePremiumIcon, end: false },
] as const;

/**
 * The signed-in frame: app bar, sidebar and main content. From `md` up the sidebar is always
 * there (a permanent drawer); on smaller screens it slides over the page from the menu button,
 * closed by default and remembered (`sidebarOpen`). MUI puts a drawer on the right in RTL.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const theme = useTheme();
  // noSsr: the first render already knows the width, so a desktop never flashes the phone layout.
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const { open, setOpen, toggle } = useSidebar();
  const { user, signOut } = useSession();
  const navigate = useNavigate();

  const apollo = useApolloClient();
  const logout = async () => {
    const refreshToken = getCookie(COOKIE_NAMES.refreshToken);
    // Leave the protected page first, so the way out is home rather than the login form.
    await navigate('/', { replace: true });
    signOut();
    await apollo.clearStore();
    // End the session on the server too, so the refresh token cannot be used again.
    if (refreshToken) {
      await apollo
        .mutate({
          mutation: LOGOUT,
          variables: { input: { refresh_token: refreshToken } },
          context: { skipAuth: true },
        })
        .catch(() => undefined);
    }
  };

  const sidebar = (
    <>
      <Toolbar />
      <Box component="nav" aria-label={t('nav.sidebar')} sx={{ overflowY: 'auto' }}>
        <List>
          {SIDEBAR_NAV.map(({ to, key, Icon, end }) => (
            <ListItem key={to} disablePadding>
              <ListItemButton
                component={NavLink}
                to={to}
                end={end}
                onClick={() => {
                  if (!isDesktop) setOpen(false);
                }}
                sx={{
                  '&.active': {
                    color: 'primary.main',
                    bgcolor: 'action.selected',
                    '& .MuiListItemIcon-root': { color: 'primary.main' },
                  },
                }}
              >
                <ListItemIcon>
                  <Icon />
                </ListItemIcon>
                <ListItemText primary={t(key)} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
    </>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" sx={{ zIndex: (th) => th.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          {isDesktop ? null : (
            <IconButton
              color="inherit"
              edge="start"
              onClick={toggle}
              aria-label={open ? t('nav.closeSidebar') : t('nav.openSidebar')}
              aria-expanded={open}
              aria-controls={SIDEBAR_ID}
            >
              {open ? (
                <MenuOpenIcon
                  sx={{ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined }}
                />
              ) : (
                <MenuIcon />
              )}
            </IconButton>
          )}
          <BrandLink inverted />
          <Box sx={{ flexGrow: 1 }} />
          <ReconnectingIndicator />
          <LanguageSwitcher />
          <NotificationBell />
          {user ? (
            <Typography
              variant="body2"
              sx={{ display: { xs: 'none', md: 'block' }, marginInlineStart: 1 }}
            >
              {user.name}
            </Typography>
          ) : null}
          <Button
            color="inherit"
            onClick={() => void logout()}
            startIcon={<LogoutIcon />}
            sx={{ '& .MuiButton-startIcon': { marginInlineEnd: { xs: 0, sm: 1 } } }}
            aria-label={t('nav.logout')}
          >
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {t('nav.logout')}
            </Box>
          </Button>
        </Toolbar>
      </AppBar>
      {isDesktop ? (
        <Drawer
          id={SIDEBAR_ID}
          variant="permanent"
          sx={{
            width: DRAWER_WIDTH,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
          }}
        >
          {sidebar}
        </Drawer>
      ) : (
        <Drawer
          id={SIDEBAR_ID}
          variant="temporary"
          open={open}
          onClose={() => setOpen(false)}
          sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, maxWidth: '85vw' } }}
        >
          {sidebar}
        </Drawer>
      )}
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          outline: 'none',
        }}
      >
        <Toolbar />
        <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 1200, mx: 'auto' }}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
