import type { SVGProps } from 'react';

export const LOGO_RED = '#c62828';

interface LogoProps extends Omit<SVGProps<SVGSVGElement>, 'width' | 'height'> {
  width?: number;
  height?: number;
  /** Accessible name; when omitted the logo is decorative (e.g. next to the word "Encore"). */
  title?: string;
  /** Red by default; white on the red app bar. */
  color?: string;
}

/** Encore's mark: an "E" whose spine is the stem of a note. 3:2, like the 180x120 loader. */
export function Logo({ width = 48, height = 32, title, color = LOGO_RED, ...props }: LogoProps) {
  const labelled = Boolean(title);
  return (
    <svg
      viewBox="0 0 60 40"
      width={width}
      height={height}
      role={labelled ? 'img' : undefined}
      aria-hidden={labelled ? undefined : true}
      focusable="false"
      {...props}
    >
      {title ? <title>{title}</title> : null}
      <g fill={color}>
        <ellipse cx="17" cy="31" rx="8.5" ry="6" transform="rotate(-22 17 31)" />
        <rect x="21.5" y="4" width="5.5" height="28" rx="1.5" />
        <path d="M27 4h19a4 4 0 0 1 0 8H27z" />
        <path d="M27 16h14a3.5 3.5 0 0 1 0 7H27z" />
        <path d="M27 27h19a3.5 3.5 0 0 1 0 7H27z" />
      </g>
    </svg>
  );
}
