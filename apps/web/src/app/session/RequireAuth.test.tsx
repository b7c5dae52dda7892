import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { RequireAuth } from './RequireAuth';
import { SnackbarProvider } from '../../lib/snackbar';
import { SessionProvider } from './SessionProvider';
import { makeJwt } from './test-utils';

function CurrentLocation() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{pathname + search}</p>;
}

function renderAt(entry: string) {
  return render(
    <SnackbarProvider>
      <SessionProvider>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route element={<RequireAuth />}>
              <Route path="/organisations" element={<h1>My organisations</h1>} />
            </Route>
            <Route path="/login" element={<CurrentLocation />} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </SnackbarProvider>,
  );
}

describe('RequireAuth', () => {
  afterEach(() => {
    cleanup();
    Cookies.remove('access_token', { path: '/' });
  });

  it('sends a visitor to /login with the path and query in `next`', async () => {
    renderAt('/organisations?tab=x');
    expect((await screen.findByTestId('location')).textContent).toBe(
      '/login?next=%2Forganisations%3Ftab%3Dx',
    );
  });

  it('lets a signed-in user through', async () => {
    Cookies.set('access_token', makeJwt(Date.now() / 1000 + 86_400), { path: '/' });
    renderAt('/organisations?tab=x');
    expect(await screen.findByRole('heading', { name: 'My organisations' })).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
  });
});
