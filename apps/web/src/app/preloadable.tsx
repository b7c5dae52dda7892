import { lazy, type ComponentType } from 'react';

/**
 * A code-split component whose module can be fetched ahead of rendering. Once fetched it renders
 * at once instead of suspending, which is what hydration needs: the server rendered the page
 * with the module in hand, so the browser loads it first and then renders the same markup.
 */
export function preloadable<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): { Component: ComponentType<Props>; preload: () => Promise<ComponentType<Props>> } {
  let loaded: ComponentType<Props> | undefined;
  const preload = async () => (loaded ??= (await load())[name]);
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Preloadable(props: Props) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  Preloadable.displayName = `Preloadable(${name})`;
  return { Component: Preloadable, preload };
}
