// Stands in for the Redux DevTools browser extension. Import it before anything that loads Redux
// Toolkit: configureStore reads window.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ when RTK is loaded. Like the
// extension, it records every action that reaches the store and the state after it, passed through the
// sanitizers the store was configured with: exactly what a person with DevTools open would see.
// `redux` itself, not '@reduxjs/toolkit': loading RTK here would read the global before it is set.
import { compose, type Action, type StoreEnhancer } from 'redux';

interface DevToolsOptions {
  actionSanitizer?: (action: Action, id: number) => Action;
  stateSanitizer?: (state: unknown, index: number) => unknown;
}

export const devTools = {
  options: null as DevToolsOptions | null,
  /** What DevTools is shown (after the sanitizers). */
  shown: [] as unknown[],
  /** What really passed (before the sanitizers): proves the check can fail. */
  raw: [] as unknown[],
  clear() {
    this.shown = [];
    this.raw = [];
  },
};

function recorder(options: DevToolsOptions): StoreEnhancer {
  return (createStore) => (reducer, preloadedState) => {
    const store = createStore(reducer, preloadedState);
    let id = 0;
    const dispatch: typeof store.dispatch = (action) => {
      const result = store.dispatch(action);
      id += 1;
      const state = store.getState();
      devTools.raw.push({ action, state });
      devTools.shown.push({
        action: options.actionSanitizer ? options.actionSanitizer(action, id) : action,
        state: options.stateSanitizer ? options.stateSanitizer(state, id) : state,
      });
      return result;
    };
    return { ...store, dispatch };
  };
}

(window as unknown as Record<string, unknown>).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ =
  (options: DevToolsOptions) =>
  (...enhancers: StoreEnhancer[]) => {
    devTools.options = options;
    return compose(...enhancers, recorder(options));
  };
