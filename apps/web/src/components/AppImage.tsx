import { useState, type ImgHTMLAttributes, type SyntheticEvent } from 'react';
import { PLACEHOLDER_IMAGE_SRC } from '../lib/constants';

export interface AppImageProps extends ImgHTMLAttributes<HTMLImageElement> {
  /** Required: describe the image, or pass "" when it is decorative. */
  alt: string;
  fallbackSrc?: string;
}

/** An <img> that swaps to a placeholder when its source fails to load (SEED-SPEC point 8). */
export function AppImage({
  src,
  alt,
  fallbackSrc = PLACEHOLDER_IMAGE_SRC,
  onError,
  loading = 'lazy',
  ...props
}: AppImageProps) {
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
      alt={alt}
      loading={loading}
      onError={handleError}
    />
  );
}
