import { IMAGE_WIDTHS } from '@encore/core';

/** A stored picture as the API gives it: its address, and its size when the server knows it. */
export interface StoredPicture {
  url: string;
  width: number | null;
  height: number | null;
}

/** The address of the picture at most `width` pixels wide (`/files/:id?w=480`, WebP). */
export function pictureWidthUrl(url: string, width: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}w=${width}`;
}

/**
 * `srcset` candidates in the widths the server makes, each described by the width it really
 * has (the server never enlarges), up to the first that is the whole picture; `src` is the
 * largest of them. Without a known width there is nothing to choose from: the original.
 */
export function pictureSources(picture: StoredPicture): { src: string; srcSet?: string } {
  const intrinsic = picture.width;
  if (!intrinsic) return { src: picture.url };
  const candidates: Array<{ url: string; width: number }> = [];
  for (const width of IMAGE_WIDTHS) {
    const served = Math.min(width, intrinsic);
    candidates.push({ url: pictureWidthUrl(picture.url, width), width: served });
    if (served === intrinsic) break;
  }
  return {
    src: candidates.at(-1)?.url ?? picture.url,
    srcSet: candidates.map((candidate) => `${candidate.url} ${candidate.width}w`).join(', '),
  };
}
