import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** How the page looks; stored in the browser, and on the server for signed-in users. */
export interface DisplayState {
  /** The user forced a colour mode instead of following the browser preference. */
  forcedMode: boolean;
  darkMode: boolean;
  /** `wrapped` is the reduced (fixed) width. */
  container: 'wrapped' | 'fluid';
}

const storageKey = 'portal.display';

export function loadDisplay(): DisplayState {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as Partial<DisplayState> | null;
    return {
      forcedMode: stored?.forcedMode === true,
      darkMode: stored?.darkMode === true,
      container: stored?.container === 'wrapped' ? 'wrapped' : 'fluid',
    };
  } catch {
    return { forcedMode: false, darkMode: false, container: 'fluid' };
  }
}

/** Stored in the browser, and in a cookie the server renders a guest's page by (issue 29). */
export const saveDisplay = (state: DisplayState): void => {
  localStorage.setItem(storageKey, JSON.stringify(state));
  document.cookie = `portal_display=${+state.forcedMode}${+state.darkMode}${state.container[0]};path=/;max-age=31536000;samesite=lax`;
};

export const displaySlice = createSlice({
  name: 'display',
  initialState: loadDisplay,
  reducers: {
    displayChanged: (state, action: PayloadAction<Partial<DisplayState>>) => ({ ...state, ...action.payload }),
  },
});

export const { displayChanged } = displaySlice.actions;
