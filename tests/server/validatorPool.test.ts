// Issue 9, point 7: Fastify asks for a validator compiler once per route with the shared schemas; the pool answers
// the same compiler for the same schemas — also when an app is built again and adds them as new objects with the
// same content — without stringifying every schema for every route, and another one when a schema changed.
import { describe, expect, it } from 'vitest';
import { validatorPool } from '../../server/http/validatorPool.ts';

const options = { customOptions: { allErrors: true, coerceTypes: 'array' as const } };
const shared = () => ({
  contract: { $id: 'contract', type: 'object', definitions: { Page: { type: 'object', properties: { pageNo: { type: 'integer', minimum: 1 } }, required: ['pageNo'] } } },
});

describe('validator pool', () => {
  it('answers one compiler for the same schemas, whether the same objects or equal new ones', () => {
    const pool = validatorPool();
    const schemas = shared();
    const first = pool(schemas, options);
    expect(pool({ ...schemas }, options)).toBe(first);
    expect(pool(shared(), options)).toBe(first);
  });

  it('answers another compiler when a schema or the options differ', () => {
    const pool = validatorPool();
    const first = pool(shared(), options);
    const changed = shared();
    changed.contract.definitions.Page.properties.pageNo.minimum = 2;
    expect(pool(changed, options)).not.toBe(first);
    expect(pool(shared(), { customOptions: { allErrors: false, coerceTypes: 'array' as const } })).not.toBe(first);
  });

  it('compiles validators that resolve the shared schemas', () => {
    const compile = validatorPool()(shared(), options);
    const validate = compile({ schema: { $ref: 'contract#/definitions/Page' }, method: 'POST', url: '/x', httpPart: 'body' });
    expect(validate({ pageNo: '3' })).toBe(true);
    expect(validate({ pageNo: 0 })).toBe(false);
  });
});
