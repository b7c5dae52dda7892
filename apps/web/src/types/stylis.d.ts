// stylis ships no type definitions; only what the emotion cache needs is declared.
declare module 'stylis' {
  import type { StylisPlugin } from '@emotion/cache';
  export type Middleware = StylisPlugin;
  export const prefixer: Middleware;
}
