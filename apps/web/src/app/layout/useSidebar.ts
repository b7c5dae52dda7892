import { useCallback, useEffect, useState } from 'react';
import { SIDEBAR_STORAGE_KEY } from '../../lib/constants';

function readStored(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Open or closed, closed by default, remembered across visits in localStorage. */
export function useSidebar() {
  const [open, setOpen] = useState(readStored);
  useEffect(() => {
    try {
      localStorage.setItem(SIDEBAR_STORAGE_KEY, String(open));
    } catch {
      // Private mode or storage disabled: the choice lasts for this page only.
    }
  }, [open]);
  const toggle = useCallback(() => setOpen((value) => !value), []);
  return { open, setOpen, toggle };
}
