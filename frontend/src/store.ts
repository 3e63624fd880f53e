import { combineReducers, configureStore, type Middleware } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from './api/baseApi';
import { authSlice } from './auth/authSlice';
import { displaySlice, saveDisplay } from './ui/displaySlice';
import { uiSlice } from './ui/uiSlice';

const reducer = combineReducers({
  [api.reducerPath]: api.reducer,
  auth: authSlice.reducer,
  ui: uiSlice.reducer,
  display: displaySlice.reducer,
});

/**
 * The app's store. A server-rendered page starts from the server's state (`preloadedState`, issue 29); on the
 * server `extra.baseQuery` answers the API's requests in process.
 */
/** The state a server-rendered page's store starts from. */
export type PreloadedState = Partial<ReturnType<typeof reducer>>;

/** `before`: middleware in front of all others (the server rendering's); they add nothing to `dispatch`'s type. */
export function createStore({
  preloadedState,
  extra,
  before = [],
}: { preloadedState?: PreloadedState; extra?: unknown; before?: Middleware<object, ReturnType<typeof reducer>>[] } = {}) {
  const store = configureStore({
    preloadedState,
    reducer,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra } })
        .prepend(...(before as []))
        .concat(api.middleware),
  });
  let last = store.getState().display;
  // Kept in the browser only (the server renders with the settings it was given).
  if (typeof window !== 'undefined')
    store.subscribe(() => {
      const next = store.getState().display;
      if (next !== last) saveDisplay((last = next));
    });
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
