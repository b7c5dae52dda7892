import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SIDEBAR_STORAGE_KEY } from '../../lib/constants';
import { SessionContext, type Session } from '../session/session';
import { createAppTheme, createEmotionCache, loadRtlSupport, type Direction } from '../theme';
import { AppLayout } from './AppLayout';

// Translations are not loaded in unit tests: texts show as their keys.

const SIGNED_IN: Session = {
  status: 'authenticated',
  user: { id: '1', name: 'Ana Lima', email: 'ana@example.test', role: null },
  signIn: () => {},
  signOut: () => {},
};

const DESTINATIONS = [
  ['nav.opportunities', '/opportunities'],
  ['nav.review', '/opportunities/review'],
  ['nav.applications', '/applications'],
  ['nav.organisations', '/organisations'],
  ['nav.spaces', '/spaces'],
] as const;

/** jsdom has no layout: media queries are answered from a pretend window width. */
function setViewportWidth(width: number) {
  vi.stubGlobal(
    'matchMedia',
    (query: string): MediaQueryList =>
      ({
        matches: [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, kind, px]) =>
          kind === 'min' ? width >= Number(px) : width <= Number(px),
        ),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

function renderShell(direction: Direction = 'ltr') {
  return render(
    <CacheProvider value={createEmotionCache(direction)}>
      <ThemeProvider theme={createAppTheme(direction)}>
        <SessionContext.Provider value={SIGNED_IN}>
          <MockedProvider>
            <MemoryRouter initialEntries={['/applications']}>
              <Routes>
                <Route element={<AppLayout />}>
                  <Route path="*" element={<p>Page</p>} />
                </Route>
              </Routes>
            </MemoryRouter>
          </MockedProvider>
        </SessionContext.Provider>
      </ThemeProvider>
    </CacheProvider>,
  );
}

const sidebar = () => screen.queryByRole('navigation', { name: 'nav.sidebar' });

function expectAllDestinations(nav: HTMLElement) {
  for (const [name, href] of DESTINATIONS) {
    expect(within(nav).getByRole('link', { name }).getAttribute('href')).toBe(href);
  }
}

describe('AppLayout', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    document.dir = '';
  });

  it('shows the main destinations on a desktop without a click', () => {
    setViewportWidth(1280);
    renderShell();
    const nav = sidebar();
    expect(nav).not.toBeNull();
    expectAllDestinations(nav!);
    // Nothing to open: the menu button is for small screens only.
    expect(screen.queryByRole('button', { name: 'nav.openSidebar' })).toBeNull();
    // The current page is marked, and only it (the search is not "active" on the queue).
    expect(within(nav!).getByRole('link', { name: 'nav.applications' }).className).toContain(
      'active',
    );
    expect(within(nav!).getByRole('link', { name: 'nav.opportunities' }).className).not.toContain(
      'active',
    );
  });

  it('keeps them in the sidebar at exactly md (960 px)', () => {
    setViewportWidth(960);
    renderShell();
    expect(sidebar()).not.toBeNull();
  });

  it('puts them behind the menu button on a phone, and remembers the sidebar open', async () => {
    setViewportWidth(390);
    renderShell();
    expect(sidebar()).toBeNull();
    const button = screen.getByRole('button', { name: 'nav.openSidebar' });
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);
    expectAllDestinations(await screen.findByRole('navigation', { name: 'nav.sidebar' }));
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('true');

    // The next visit finds it as it was left.
    cleanup();
    renderShell();
    expect(await screen.findByRole('navigation', { name: 'nav.sidebar' })).toBeTruthy();
    expect(
      screen
        .getByRole('button', { name: 'nav.closeSidebar', hidden: true })
        .getAttribute('aria-expanded'),
    ).toBe('true');
  });

  it('closes the phone sidebar once a destination is chosen, and remembers that too', async () => {
    setViewportWidth(390);
    localStorage.setItem(SIDEBAR_STORAGE_KEY, 'true');
    renderShell();
    const nav = await screen.findByRole('navigation', { name: 'nav.sidebar' });
    fireEvent.click(within(nav).getByRole('link', { name: 'nav.spaces' }));
    await waitFor(() => expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('false'));
    expect(screen.getByText('Page')).toBeTruthy();
  });

  it('docks the sidebar on the right in Arabic', async () => {
    await loadRtlSupport();
    setViewportWidth(1280);
    renderShell('rtl');
    const paper = sidebar()!.closest('.MuiDrawer-paper');
    expect(paper).not.toBeNull();
    // The style cache flips the drawer's `left: 0` for right-to-left.
    const style = getComputedStyle(paper!);
    expect(style.right).toBe('0px');
    expect(style.left).not.toBe('0px');
  });
});
