import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from './api/baseApi';
import { authSlice } from './auth/authSlice';
import { displaySlice, saveDisplay } from './ui/displaySlice';
import { uiSlice } from './ui/uiSlice';

export function createStore() {
  const store = configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      auth: authSlice.reducer,
      ui: uiSlice.reducer,
      display: displaySlice.reducer,
    },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  let last = store.getState().display;
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
