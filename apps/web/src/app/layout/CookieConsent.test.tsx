import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { MemoryRouter } from 'react-router';
import { CookieConsent } from './CookieConsent';

// Translations are not loaded in unit tests: texts show as their keys.
function renderBanner() {
  return render(
    <MemoryRouter>
      <CookieConsent />
    </MemoryRouter>,
  );
}

describe('CookieConsent', () => {
  afterEach(() => {
    cleanup();
    Cookies.remove('accepted', { path: '/' });
  });

  it('is a labelled region with focusable buttons until answered', () => {
    renderBanner();
    const region = screen.getByRole('region', { name: 'cookies.label' });
    const accept = screen.getByRole('button', { name: 'cookies.accept' });
    accept.focus();
    expect(document.activeElement).toBe(accept);
    expect(region.contains(screen.getByRole('button', { name: 'cookies.decline' }))).toBe(true);
  });

  it('takes its own room in the page flow, kept in view at the bottom, instead of lying over the content', () => {
    renderBanner();
    const style = getComputedStyle(screen.getByRole('region', { name: 'cookies.label' }));
    expect(style.position).toBe('sticky');
    expect(style.bottom).toBe('0px');
  });

  it('sets the cookie to true on accept and disappears', () => {
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'cookies.accept' }));
    expect(Cookies.get('accepted')).toBe('true');
    expect(screen.queryByRole('region', { name: 'cookies.label' })).toBeNull();
  });

  it('sets the cookie to false on decline and disappears', () => {
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'cookies.decline' }));
    expect(Cookies.get('accepted')).toBe('false');
    expect(screen.queryByRole('region', { name: 'cookies.label' })).toBeNull();
  });

  it('is not shown again once the cookie exists', () => {
    Cookies.set('accepted', 'false', { path: '/' });
    renderBanner();
    expect(screen.queryByRole('region', { name: 'cookies.label' })).toBeNull();
  });
});
