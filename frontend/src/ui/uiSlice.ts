import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type AlertType = 'info' | 'warning' | 'danger' | 'success';

/** A notice at the top of the page (spec §3 Alert). `message` is already translated. */
export interface Alert {
  id: string;
  message: string;
  type: AlertType;
  /** False while the alert leaves the screen (its exit transition); then it is removed. */
  show: boolean;
  dismissible: boolean;
}

export interface UiState {
  alerts: Alert[];
  maintenance: boolean;
  /** A lazily loaded part of the app failed to load: the reload warning shows (§8). */
  chunkLoadFailed: boolean;
}

const initialState: UiState = { alerts: [], maintenance: false, chunkLoadFailed: false };

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    alertAdded: {
      reducer: (state, action: PayloadAction<Alert>) => {
        // The same message twice in a row is shown once.
        state.alerts = state.alerts.filter((a) => a.message !== action.payload.message);
        state.alerts.push(action.payload);
      },
      prepare: (alert: { message: string; type: AlertType; dismissible?: boolean }) => ({
        payload: { id: nanoid(), dismissible: alert.dismissible ?? true, ...alert, show: true },
      }),
    },
    /** Starts hiding an alert (closed by the user or by its timer); `alertRemoved` follows after the transition. */
    alertClosed: (state, action: PayloadAction<string>) => {
      const alert = state.alerts.find((a) => a.id === action.payload);
      if (alert) alert.show = false;
    },
    alertRemoved: (state, action: PayloadAction<string>) => {
      state.alerts = state.alerts.filter((a) => a.id !== action.payload);
    },
    maintenanceStarted: (state) => {
      state.maintenance = true;
    },
    maintenanceEnded: (state) => {
      state.maintenance = false;
    },
    chunkLoadFailed: (state) => {
      state.chunkLoadFailed = true;
    },
  },
});

export const { alertAdded, alertClosed, alertRemoved, maintenanceStarted, maintenanceEnded, chunkLoadFailed } = uiSlice.actions;

/** Success and info alerts close by themselves (§9): 3500 ms under 20 words, 6000 ms otherwise. */
export function autoCloseDelay(alert: Pick<Alert, 'type' | 'message'>): number | undefined {
  if (alert.type !== 'success' && alert.type !== 'info') return undefined;
  const words = alert.message.trim().split(/\s+/).filter(Boolean).length;
  return words < 20 ? 3500 : 6000;
}
