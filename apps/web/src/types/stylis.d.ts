// stylis ships no type definitions; only the pieces the emotion cache needs are declared.
declare module 'stylis' {
  export type Middleware = (
    element: unknown,
    index: number,
    children: unknown[],
    callback: Middleware,
  ) => string | void;
  export const prefixer: Middleware;
}
