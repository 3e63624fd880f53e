import type { EntityManager } from '@mikro-orm/core';
import type { Context } from 'koa';
import type { User } from '@portal/core/accounts';
import type { BodyOf, OperationId, PathOf, QueryOf, ResponseOf } from '@portal/openapi';
import type { AppDeps } from '../deps.ts';
import type { Principal } from '../http/auth.ts';

/** What a handler gets: validated input, its own EntityManager fork, the caller and the app's ports. */
export interface OperationContext<Op extends OperationId> {
  params: PathOf<Op>;
  query: QueryOf<Op>;
  body: BodyOf<Op>;
  em: EntityManager;
  deps: AppDeps;
  koa: Context;
  principal: Principal | undefined;
  /** The signed-in user; operations with a security requirement always have one. */
  user: User;
}

/** Marker for an operation that answers 204 without a body. */
export class NoContent {
  readonly status = 204;
}
export const noContent = new NoContent();

export type OperationHandler<Op extends OperationId> = (
  c: OperationContext<Op>,
) => Promise<ResponseOf<Op> | NoContent> | ResponseOf<Op> | NoContent;

export type HandlerMap<Ops extends OperationId = OperationId> = { [Op in Ops]: OperationHandler<Op> };

/** Declares handlers for a set of operations; the compiler checks each against the contract. */
export const defineHandlers = <Ops extends OperationId>(handlers: { [Op in Ops]: OperationHandler<Op> }) => handlers;

/**
 * A role check that runs before the body is validated (issue 31): it sees the validated path and query
 * parameters and the body as it arrived (unknown — validation has not run yet), so a caller without the
 * role is refused before the body costs anything. The handler still checks everything on the validated body.
 */
export type PreAuthorizer = (c: {
  em: EntityManager;
  deps: AppDeps;
  principal: Principal | undefined;
  user: User;
  params: Record<string, unknown>;
  rawBody: unknown;
}) => Promise<void> | void;

/** Declares pre-authorizers for operations of the contract. */
export const defineAuthorizers = <Ops extends OperationId>(authorizers: { [Op in Ops]: PreAuthorizer }) => authorizers;
