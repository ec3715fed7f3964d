import { type ComponentType, type ReactNode, use } from 'react';

/** A page component in its own chunk that can also be loaded ahead of rendering. */
export type LazyPage = ComponentType & { preload(): Promise<void> };

/**
 * Like React's `lazy`, plus `preload()`: once the chunk has loaded, the page renders at once
 * instead of suspending. That matters when the browser attaches to a page the server rendered
 * (main.tsx): a boundary still suspended during hydration is client-rendered over the server's
 * HTML as soon as anything above it updates (the signed-in check does), losing the first paint.
 */
export function lazyPage(
  load: () => Promise<{ default: ComponentType }>,
  { queries = true }: { queries?: boolean } = {},
): LazyPage {
  let Loaded: ComponentType | null = null;
  let Wrapper: ComponentType<{ children: ReactNode }> | null = null;
  let pending: Promise<void> | null = null;
  // Pages that fetch get the query client with their chunk (lib/with-queries); pages that never
  // fetch (the landing, the guide, the legal pages) load without the library.
  const preload = () => {
    pending ??= queries
      ? Promise.all([load(), import('@/web/lib/with-queries')]).then(([page, { WithQueries }]) => {
          Loaded = page.default;
          Wrapper = WithQueries;
        })
      : load().then((module) => {
          Loaded = module.default;
        });
    return pending;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page at module level, like React.lazy
  function Page() {
    if (!Loaded) use(preload());
    const Component = Loaded as unknown as ComponentType;
    return Wrapper ? (
      <Wrapper>
        <Component />
      </Wrapper>
    ) : (
      <Component />
    );
  }
  return Object.assign(Page, { preload });
}
