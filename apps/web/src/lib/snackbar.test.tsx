import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { SnackbarProvider, useSnackbar, type SnackbarApi } from './snackbar';

/** Hands the snackbar API to the test once mounted, so notices can be raised from outside. */
function Capture({ onApi }: { onApi: (api: SnackbarApi) => void }) {
  const api = useSnackbar();
  useEffect(() => onApi(api), [api, onApi]);
  return null;
}

let api: SnackbarApi | undefined;
const keepApi = (captured: SnackbarApi) => {
  api = captured;
};

describe('snackbars', () => {
  afterEach(() => {
    cleanup();
    api = undefined;
  });

  it('shows notices requested before notistack loaded, with a close button except for loading', async () => {
    render(
      <SnackbarProvider>
        <Capture onApi={keepApi} />
      </SnackbarProvider>,
    );
    act(() => {
      api?.loading('Saving your profile…');
      api?.success('Profile saved.');
    });

    const loading = await screen.findByText('Saving your profile…', undefined, { timeout: 5000 });
    const success = await screen.findByText('Profile saved.', undefined, { timeout: 5000 });
    const snackOf = (node: HTMLElement) => node.closest('.notistack-MuiContent') as HTMLElement;
    expect(snackOf(loading).querySelector('button')).toBeNull();
    expect(snackOf(success).querySelector('button[aria-label]')).not.toBeNull();
  });

  it('closes a notice by key', async () => {
    render(
      <SnackbarProvider>
        <Capture onApi={keepApi} />
      </SnackbarProvider>,
    );
    let key = '';
    act(() => {
      key = api?.error('Could not save.') ?? '';
    });
    await screen.findByText('Could not save.', undefined, { timeout: 5000 });
    act(() => api?.close(key));
    await waitFor(() => expect(screen.queryByText('Could not save.')).toBeNull());
  });
});
