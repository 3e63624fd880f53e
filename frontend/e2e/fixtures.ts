/** The e2e specs' `test` (it starts each spec file's portal) and `expect`: the SDK's, shared with the plugins' specs. */
export { expect, test, untilHydrated, type PortalOptions } from '@portal/plugin-sdk/testing/e2e';
