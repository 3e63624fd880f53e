import { defaultsOf } from '@portal/plugin-sdk';
import { config } from '../generated/config.ts';
import { configPath, render } from './render.ts';

describe('__id__ render', () => {
  it('renders every setting, the defaults when nothing was changed', () => {
    const [file] = render(defaultsOf(config));
    expect(file).toMatchObject({ path: configPath, mode: 0o644 });
    expect(file!.content).toContain('\nbind 127.0.0.1\nprotected-mode yes\nmaxclients 1000\ntimeout 300\nloglevel notice\n');
  });

  it('renders changed settings, one line each', () => {
    const [file] = render({ ...defaultsOf(config), maxClients: 20, protectedMode: false, logLevel: 'debug' });
    expect(file!.content.split('\n')).toEqual(expect.arrayContaining(['maxclients 20', 'protected-mode no', 'loglevel debug']));
  });
});
