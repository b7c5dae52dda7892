import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Smoothly scrolls back to the top whenever the path changes. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  return null;
}
