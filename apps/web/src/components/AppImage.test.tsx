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

  describe('with a stored picture', () => {
    const picture = { url: '/files/p-1', width: 1200, height: 800 };

    it('offers the widths the server makes, each by the width it really has, with its size', () => {
      render(<AppImage picture={picture} sizes="(min-width: 1280px) 1232px, 100vw" alt="Stage" />);
      const image = screen.getByRole('img', { name: 'Stage' });
      expect(image.getAttribute('srcset')).toBe(
        '/files/p-1?w=320 320w, /files/p-1?w=480 480w, /files/p-1?w=768 768w, ' +
          '/files/p-1?w=1024 1024w, /files/p-1?w=1600 1200w',
      );
      expect(image.getAttribute('sizes')).toBe('(min-width: 1280px) 1232px, 100vw');
      expect(image.getAttribute('src')).toBe('/files/p-1?w=1600');
      // Its shape is known before it loads: nothing moves when it arrives.
      expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['1200', '800']);
      expect(image.getAttribute('loading')).toBe('lazy');
    });

    it('stops at the first width that is the whole picture', () => {
      render(<AppImage picture={{ url: '/files/p-2', width: 400, height: 400 }} alt="" />);
      const image = document.querySelector('img')!;
      expect(image.getAttribute('srcset')).toBe('/files/p-2?w=320 320w, /files/p-2?w=480 400w');
      expect(image.getAttribute('sizes')).toBe('100vw');
      expect(image.getAttribute('src')).toBe('/files/p-2?w=480');
    });

    it('loads the original when its width is unknown', () => {
      render(<AppImage picture={{ url: '/files/p-3', width: null, height: null }} alt="" />);
      const image = document.querySelector('img')!;
      expect(image.getAttribute('src')).toBe('/files/p-3');
      expect(image.hasAttribute('srcset')).toBe(false);
      expect(image.hasAttribute('sizes')).toBe(false);
    });

    it('can be fetched first, and drops every width when it fails', () => {
      render(<AppImage picture={picture} alt="Cover" loading="eager" fetchPriority="high" />);
      const image = screen.getByRole('img', { name: 'Cover' });
      expect(image.getAttribute('fetchpriority')).toBe('high');
      expect(image.getAttribute('loading')).toBe('eager');
      fireEvent.error(image);
      expect(image.getAttribute('src')).toBe('/placeholder.svg');
      expect(image.hasAttribute('srcset')).toBe(false);
      expect(image.hasAttribute('sizes')).toBe(false);
    });
  });
});
