import { useEffect } from 'react';

/** "<page> · Encore", so tabs, history and screen readers name the page. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Encore` : 'Encore';
  }, [title]);
}
