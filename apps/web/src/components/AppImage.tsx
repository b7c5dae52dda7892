import { useState, type ImgHTMLAttributes, type SyntheticEvent } from 'react';
import { PLACEHOLDER_IMAGE_SRC } from '../lib/constants';
import { pictureSources, type StoredPicture } from './picture-sources';

export type { StoredPicture } from './picture-sources';

export interface AppImageProps extends ImgHTMLAttributes<HTMLImageElement> {
  /** Required: describe the image, or pass "" when it is decorative. */
  alt: string;
  fallbackSrc?: string;
  /**
   * A stored picture, instead of `src`: offered in the widths the server makes (`srcset`), so the
   * browser fetches the one its layout needs (say which with `sizes`), and sized by its own
   * width and height, so the page keeps its place while it loads.
   */
  picture?: StoredPicture;
}

/** An <img> that swaps to a placeholder when its source fails to load (SEED-SPEC point 8). */
export function AppImage({
  src: givenSrc,
  alt,
  fallbackSrc = PLACEHOLDER_IMAGE_SRC,
  onError,
  loading = 'lazy',
  picture,
  sizes,
  width = picture?.width ?? undefined,
  height = picture?.height ?? undefined,
  ...props
}: AppImageProps) {
  const sources = picture ? pictureSources(picture) : { src: givenSrc, srcSet: props.srcSet };
  const src = sources.src;
  const [failedSrc, setFailedSrc] = useState<string | undefined>(undefined);
  const failed = src === undefined || src === '' || failedSrc === src;
  const handleError = (event: SyntheticEvent<HTMLImageElement, Event>) => {
    // Only once per source, so a broken placeholder cannot loop.
    if (!failed) setFailedSrc(src);
    onError?.(event);
  };
  return (
    <img
      {...props}
      src={failed ? fallbackSrc : src}
      // A failed picture drops its other widths too: the browser would keep choosing from them.
      srcSet={failed ? undefined : sources.srcSet}
      sizes={failed || !sources.srcSet ? undefined : (sizes ?? '100vw')}
      width={width}
      height={height}
      alt={alt}
      loading={loading}
      onError={handleError}
    />
  );
}
