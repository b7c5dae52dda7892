import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

/**
 * An old slug still finds its opportunity (the server keeps redirects); the address bar then
 * shows the current one, keeping the rest of the path (`/dashboard`), the query and the hash.
 */
export function useCurrentSlug(current: string | undefined): void {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (!current || current === slug) return;
    const prefix = `/opportunity/${slug}`;
    const rest = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : '';
    void navigate(`/opportunity/${current}${rest}${search}${hash}`, { replace: true });
  }, [current, slug, pathname, search, hash, navigate]);
}
