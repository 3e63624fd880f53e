import { createSlice } from '@reduxjs/toolkit';

export type AuthStatus = 'unknown' | 'authenticated' | 'anonymous';

export interface AuthState {
  status: AuthStatus;
  /** The session ended while the user was working (cookie gone or a 401): the login modal shows. */
  lost: boolean;
}

const initialState: AuthState = { status: 'unknown', lost: false };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn: (state) => {
      state.status = 'authenticated';
      state.lost = false;
    },
    signedOut: (state) => {
      state.status = 'anonymous';
      state.lost = false;
    },
    sessionLost: (state) => {
      if (state.status === 'authenticated') state.lost = true;
    },
  },
});

export const { signedIn, signedOut, sessionLost } = authSlice.actions;
