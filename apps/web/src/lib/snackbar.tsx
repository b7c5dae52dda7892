import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { SnackbarDriver } from './snackbar-host';

/** The three notice types of SEED-SPEC point 4 ("Operation status"). */
export type SnackbarType = 'loading' | 'success' | 'error';
export type SnackbarKey = string;

export interface SnackbarRequest {
  key: SnackbarKey;
  type: SnackbarType;
  message: string;
}

export interface SnackbarApi {
  show: (type: SnackbarType, message: string) => SnackbarKey;
  /** No close button: it goes away by itself (after 3 s) or when `close(key)` is called. */
  loading: (message: string) => SnackbarKey;
  success: (message: string) => SnackbarKey;
  error: (message: string) => SnackbarKey;
  /** Closes one notice, or all of them without a key. */
  close: (key?: SnackbarKey) => void;
}

const SnackbarHost = lazy(async () => ({
  default: (await import('./snackbar-host')).SnackbarHost,
}));

const SnackbarContext = createContext<SnackbarApi | null>(null);

let nextKey = 0;

/**
 * Notices over notistack (auto-hidden after 3000 ms). notistack itself is loaded on the first
 * notice, which keeps it out of the JavaScript every page needs first.
 */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [hostWanted, setHostWanted] = useState(false);
  const driver = useRef<SnackbarDriver | null>(null);
  const pending = useRef<SnackbarRequest[]>([]);

  const onReady = useCallback((ready: SnackbarDriver) => {
    driver.current = ready;
    for (const request of pending.current.splice(0)) ready.show(request);
  }, []);

  const api = useMemo<SnackbarApi>(() => {
    const show = (type: SnackbarType, message: string) => {
      nextKey += 1;
      const request = { key: `snackbar-${nextKey}`, type, message };
      if (driver.current) driver.current.show(request);
      else {
        pending.current.push(request);
        setHostWanted(true);
      }
      return request.key;
    };
    return {
      show,
      loading: (message) => show('loading', message),
      success: (message) => show('success', message),
      error: (message) => show('error', message),
      close: (key) => {
        if (driver.current) driver.current.close(key);
        else pending.current = key ? pending.current.filter((r) => r.key !== key) : [];
      },
    };
  }, []);

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      {hostWanted ? (
        <Suspense fallback={null}>
          <SnackbarHost onReady={onReady} />
        </Suspense>
      ) : null}
    </SnackbarContext.Provider>
  );
}

export function useSnackbar(): SnackbarApi {
  const api = useContext(SnackbarContext);
  if (!api) throw new Error('useSnackbar must be used inside <SnackbarProvider>');
  return api;
}
