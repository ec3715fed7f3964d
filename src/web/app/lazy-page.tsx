import { type ComponentType, use } from 'react';

/** A page component in its own chunk that can also be loaded ahead of rendering. */
export type LazyPage = ComponentType & { preload(): Promise<void> };

/**
 * Like React's `lazy`, plus `preload()`: once the chunk has loaded, the page renders at once
 * instead of suspending. That matters when the browser attaches to a page the server rendered
 * (main.tsx): a boundary still suspended during hydration is client-rendered over the server's
 * HTML as soon as anything above it updates (the signed-in check does), losing the first paint.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let Loaded: ComponentType | null = null;
  let pending: Promise<void> | null = null;
  const preload = () => {
    pending ??= load().then((module) => {
      Loaded = module.default;
    });
    return pending;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page at module level, like React.lazy
  function Page() {
    if (!Loaded) use(preload());
    const Component = Loaded as unknown as ComponentType;
    return <Component />;
  }
  return Object.assign(Page, { preload });
}
