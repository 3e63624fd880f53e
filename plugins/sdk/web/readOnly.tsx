/**
 * `@portal/plugin-sdk/web/read-only`: the read-only parts of the web kit without the Managed Center's
 * runtime, so the portal's own pages (dashboard, user menu) use the same mechanism as the plugins
 * without loading the SDK's store (issue 13, demo mode; bundle budget, issue 14).
 */
export { ReadOnlyProvider, useReadOnly } from './readOnlyContext.tsx';
export { WriteButton } from './kit/WriteButton.tsx';
export { ReadOnlyHint, WriteIconButton } from './kit/ReadOnlyHint.tsx';
