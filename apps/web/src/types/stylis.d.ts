// stylis ships no type definitions; only what the emotion cache needs is declared.
declare module 'stylis' {
  export type Middleware = import('@emotion/cache').StylisPlugin;
  export const prefixer: Middleware;
}
