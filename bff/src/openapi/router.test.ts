import { databaseErrorKind } from '@portal/core/platform';
import { emptyFieldErrors, hostileInputErrors, toFieldErrors } from './router.ts';

describe('field errors without a prototype (issue 8, defect 4)', () => {
  it('maps Ajv errors on properties called constructor, toString, __proto__ to plain keys', () => {
    const errors = ['constructor', 'toString', 'valueOf', '__proto__', 'hasOwnProperty'].map((p) => ({
      keyword: 'additionalProperties',
      instancePath: '',
      schemaPath: '#/additionalProperties',
      params: { additionalProperty: p },
    }));
    const fields = toFieldErrors(errors);
    expect(Object.keys(fields).sort()).toEqual(['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf']);
    expect(fields.constructor).toEqual(['validation.additionalProperties']);
    expect(JSON.parse(JSON.stringify(fields)).__proto__).toEqual(['validation.additionalProperties']);
  });
});

describe('hostile input at the edge (issue 8, defects 4–6)', () => {
  it('names every field with NUL, a lone surrogate or a prototype key, at any depth', () => {
    const body = JSON.parse('{"a": "ok", "b": "x\\u0000y", "c": {"d": ["fine", "\\ud800"]}, "constructor": 1, "e": {"__proto__": {}}}');
    expect({ ...hostileInputErrors(body, '') }).toEqual({
      b: ['validation.characters'],
      'c.d.1': ['validation.characters'],
      constructor: ['validation.additionalProperties'],
      'e.__proto__': ['validation.additionalProperties'],
    });
  });

  it('accepts well-formed text, emoji (surrogate pairs) included', () => {
    expect({ ...hostileInputErrors({ name: 'Müller 😀', list: ['a', 'ß'] }, '') }).toEqual({});
  });

  it('stops at a nesting depth of 32 instead of overflowing the stack', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect({ ...hostileInputErrors({ deep }, '') }).toEqual({ [`deep${'.0'.repeat(31)}`]: ['validation.depth'] });
  });

  it('builds its map without a prototype', () => {
    expect(Object.getPrototypeOf(emptyFieldErrors())).toBeNull();
  });
});

describe('database errors (issue 8, defects 6 and 7)', () => {
  it('sorts driver errors into unavailable, input and conflict, through causes and aggregated errors', () => {
    expect(databaseErrorKind(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe('unavailable');
    expect(databaseErrorKind(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe('unavailable');
    expect(databaseErrorKind(new Error('Connection terminated unexpectedly'))).toBe('unavailable');
    expect(databaseErrorKind(new Error('wrapped', { cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) }))).toBe('unavailable');
    expect(databaseErrorKind(Object.assign(new Error('value "99999999999" is out of range for type integer'), { code: '22003' }))).toBe('input');
    expect(databaseErrorKind(Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }))).toBe('input');
    expect(databaseErrorKind(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe('conflict');
    expect(databaseErrorKind(new TypeError('x is undefined'))).toBeUndefined();
    expect(databaseErrorKind(Object.assign(new Error('syntax error'), { code: '42601' }))).toBeUndefined();
  });
});
