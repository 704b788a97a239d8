// React.lazy for code that is often fetched before it is first rendered (a reload prefetches the page,
// the signed-in layout and the top bar's lock button while the session is being restored).
//
// React.lazy learns that a module has arrived only through a promise's `then`, which runs a tick later:
// its first render always suspends and commits the Suspense fallback, even for a module that is already
// there. React 19 then holds back every Suspense content that resolves afterwards until 300 ms after the
// latest fallback it showed (its fallback throttle), so a reload painted the page ~100 ms later than its
// code and data allowed (npm run bench: first cards on /passwords and the dashboard's first entry).
// Once loaded through `load`, the module is handed over synchronously and the component renders at once.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A module whose default export is a component of any props, as React.lazy itself takes it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the props are the component's own; `any` is React.lazy's bound
type ComponentModule = { default: ComponentType<any> };

export type PreloadableComponent<M extends ComponentModule> = LazyExoticComponent<M['default']> & {
  /** Fetches the module once (again after a failure); resolves with it when it is there. */
  load: () => Promise<M>;
};

/** A thenable that calls back at once: what React.lazy needs to render without suspending. */
function settled<M>(module: M): Promise<M> {
  const thenable = {
    then(onFulfilled: (value: M) => unknown) {
      onFulfilled(module);
      return thenable;
    },
  };
  // React.lazy calls only `then`; its type asks for a whole Promise.
  return thenable as unknown as Promise<M>;
}

export function lazyWithPreload<M extends ComponentModule>(
  importer: () => Promise<M>,
): PreloadableComponent<M> {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  const load = () => {
    loading ??= importer().then(
      (loaded) => (module = loaded),
      (error: unknown) => {
        // A failed download may succeed later (the network is back): the next load tries again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const component = lazy(() => (module ? settled(module) : load()));
  return Object.assign(component, { load });
}
