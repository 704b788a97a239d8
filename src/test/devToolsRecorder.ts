// Test helper (not used by the app): stands in for the Redux DevTools extension and records what it
// would be shown, i.e. every action and the latest state after the store's own sanitizers.
// Import it FIRST in a test file: Redux Toolkit looks for the extension when it is loaded.
// Types only: loading Redux Toolkit here would make it look for the extension before it is installed.
import type { Action, StoreEnhancer, StoreEnhancerStoreCreator } from '@reduxjs/toolkit';

interface DevToolsOptions {
  actionSanitizer?: (action: Action) => unknown;
  stateSanitizer?: (state: unknown) => unknown;
}

export const devToolsRecord = {
  actions: [] as unknown[],
  state: undefined as unknown,
  options: [] as DevToolsOptions[],
};

function recorder(options: DevToolsOptions): StoreEnhancer {
  return (createStore) => (reducer, preloadedState) => {
    const recording = (state: Parameters<typeof reducer>[0], action: Parameters<typeof reducer>[1]) => {
      devToolsRecord.actions.push(options.actionSanitizer ? options.actionSanitizer(action) : action);
      const next = reducer(state, action);
      devToolsRecord.state = options.stateSanitizer ? options.stateSanitizer(next) : next;
      return next;
    };
    return createStore(recording as typeof reducer, preloadedState);
  };
}

(window as unknown as Record<string, unknown>).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = (
  options: DevToolsOptions,
) => {
  devToolsRecord.options.push(options);
  // What redux's compose does: the recorder outermost, so it sees the reducer every action reaches.
  return (...enhancers: StoreEnhancer[]) =>
    (createStore: StoreEnhancerStoreCreator) =>
      [recorder(options), ...enhancers].reduceRight((next, enhancer) => enhancer(next), createStore);
};
