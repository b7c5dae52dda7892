/**
 * Hidden on screen, still read by screen readers. Lengths are strings: MUI's `sx` reads a bare
 * number from 0 to 1 as a fraction (`width: 1` is 100% of the containing block, often the whole
 * window) and a bare margin as theme spacing, which made this "1 px" box as wide as the page.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
