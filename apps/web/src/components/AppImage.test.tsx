import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AppImage } from './AppImage';

describe('AppImage', () => {
  afterEach(cleanup);

  it('falls back to the placeholder when the image fails, once', () => {
    render(<AppImage src="/files/missing.jpg" alt="Band photo" />);
    const image = screen.getByRole('img', { name: 'Band photo' });
    expect(image.getAttribute('src')).toBe('/files/missing.jpg');

    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe('/placeholder.svg');

    // A failing placeholder must not loop.
    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe('/placeholder.svg');
  });

  it('shows the placeholder when there is no source', () => {
    render(<AppImage src="" alt="" />);
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/placeholder.svg');
  });
});
