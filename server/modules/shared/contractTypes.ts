// The contract's generated types (src/api/schema.gen.ts) as handlers need them: a typed context per operation.
import type { components, operations } from '../../../src/api/schema.gen.ts';
import type { HandlerContext } from '../../http/handler.ts';

/** `never` (no body, no query) as undefined, so any context still fits the handler signature. */
type OrNone<T> = [T] extends [never] ? undefined : T;

type RequestContent<Op extends keyof operations> = NonNullable<operations[Op]['requestBody']> extends { content: infer C }
  ? C
  : never;

/** The validated body of an operation (JSON or form-encoded, whichever the contract declares). */
export type BodyOf<Op extends keyof operations> = OrNone<RequestContent<Op>[keyof RequestContent<Op>]>;
export type QueryOf<Op extends keyof operations> = OrNone<NonNullable<operations[Op]['parameters']['query']>>;
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** The handler context of one operation, with its body and query typed by the contract. */
export type Ctx<Op extends keyof operations> = HandlerContext<BodyOf<Op>, QueryOf<Op>>;
