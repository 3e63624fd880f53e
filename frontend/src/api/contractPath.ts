import type { OperationId } from '@portal/openapi';
import type { HttpMethod, OperationPath } from '@portal/plugin-sdk/web';

/**
 * The address of an operation for code that must not carry the operation table (the sign-in page's
 * bundle, the monitoring start-up): the path is written out but checked against the contract at compile
 * time, so a renamed path or operation breaks the type check. Everything else uses `request`/`pathOf`.
 */
export const contractPath = <Op extends OperationId, M extends HttpMethod>(
  _operationId: Op,
  _method: M,
  path: OperationPath<Op, M>,
): string => `/${path}`;
