import { installHostBridge } from '@portal/plugin-sdk/web';
import { readCookie, apiError } from '../api/baseApi';
import { sessionLost } from '../auth/authSlice';
import { clientId } from '../realtime/clientId';
import type { AppDispatch } from '../store';
import { maintenanceStarted } from '../ui/uiSlice';

let installed: AppDispatch | undefined;

/** Plugin calls behave like the portal's own: CSRF header, client id, session loss and maintenance reach the portal's store. */
export function installPortalBridge(dispatch: AppDispatch): void {
  if (installed === dispatch) return;
  installed = dispatch;
  installHostBridge({
    prepareHeaders: (headers) => {
      const csrf = readCookie('portal_csrf');
      if (csrf) headers.set('X-CSRF-Token', csrf);
      headers.set('Accept', 'application/json');
      headers.set('X-Client-Id', clientId);
      return headers;
    },
    onResult: (result) => {
      const error = result.error;
      if (error?.status === 503 && apiError(error)?.code === 'maintenance') dispatch(maintenanceStarted());
      if (error?.status === 401) dispatch(sessionLost());
    },
  });
}
