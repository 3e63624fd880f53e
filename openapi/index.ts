/** The portal's API contract as TypeScript types, generated from the bundled OpenAPI document. */
import type { components, operations, paths } from './generated/schema.ts';

export type { components, operations, paths };
export type Schemas = components['schemas'];
export type OperationId = keyof operations;

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Responses<Op extends OperationId> = operations[Op] extends { responses: infer R } ? R : never;

/** The JSON body of an operation's successful (2xx) response. */
export type ResponseOf<Op extends OperationId> = {
  [S in keyof Responses<Op>]: S extends 200 | 201 | 202 | '200' | '201' | '202' ? JsonOf<Responses<Op>[S]> : never;
}[keyof Responses<Op>];

/** The JSON request body of an operation. */
export type BodyOf<Op extends OperationId> = operations[Op] extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : operations[Op] extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B
    : never;

/** The query parameters of an operation. */
export type QueryOf<Op extends OperationId> = operations[Op] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** The path parameters of an operation. */
export type PathOf<Op extends OperationId> = operations[Op] extends { parameters: { path: infer P } } ? P : never;

export type ErrorResponse = Schemas['ErrorResponse'];
