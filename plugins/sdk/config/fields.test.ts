import { changedFields, checkSettings, coerceSettings, defaultsOf, withDefaults, type ConfigSpec } from './fields.ts';

type S = { maxClients: number; logLevel: 'notice' | 'debug'; bind: string; on: boolean };
const spec: ConfigSpec<S> = {
  pluginId: 'example',
  operations: { get: 'getExampleSettings', update: 'updateExampleSettings' },
  fields: {
    maxClients: { type: 'integer', default: 10, minimum: 1, maximum: 100 },
    logLevel: { type: 'string', default: 'notice', maxLength: 10, enum: ['notice', 'debug'] },
    bind: { type: 'string', default: '127.0.0.1', maxLength: 15, pattern: '^[0-9.]+$' },
    on: { type: 'boolean', default: true },
  },
};

describe('config family fields', () => {
  it('the defaults, and stored settings completed by them (fields added later, values of the wrong type)', () => {
    expect(defaultsOf(spec)).toEqual({ maxClients: 10, logLevel: 'notice', bind: '127.0.0.1', on: true });
    expect(withDefaults(spec, { maxClients: 20, on: 'yes', gone: 1 } as never)).toEqual({
      maxClients: 20,
      logLevel: 'notice',
      bind: '127.0.0.1',
      on: true,
    });
  });

  it("checks every limit of the contract with the router's keys; a line break never passes", () => {
    expect(checkSettings(spec, defaultsOf(spec))).toBeUndefined();
    expect(
      checkSettings(spec, { maxClients: 0, logLevel: 'loud', bind: '1.2.3.4\nrequirepass x', on: 1 as never, extra: 1 } as never),
    ).toEqual({
      maxClients: ['validation.minimum'],
      logLevel: ['validation.enum'],
      bind: ['validation.characters'],
      on: ['validation.type'],
      extra: ['validation.additionalProperties'],
    });
    expect(checkSettings(spec, { ...defaultsOf(spec), maxClients: 1.5, bind: 'a.b' })).toEqual({
      maxClients: ['validation.type'],
      bind: ['validation.pattern'],
    });
    expect(checkSettings(spec, { ...defaultsOf(spec), maxClients: 101, bind: '' })).toEqual({
      maxClients: ['validation.maximum'],
      bind: ['validation.required'],
    });
  });

  it("turns a form's number texts into numbers and names the changed fields in order", () => {
    expect(coerceSettings(spec, { ...defaultsOf(spec), maxClients: '42' })).toMatchObject({ maxClients: 42 });
    expect(coerceSettings(spec, { ...defaultsOf(spec), maxClients: '' })).toMatchObject({ maxClients: '' });
    expect(changedFields(spec, defaultsOf(spec), { ...defaultsOf(spec), on: false, maxClients: 3 })).toEqual(['maxClients', 'on']);
  });
});
