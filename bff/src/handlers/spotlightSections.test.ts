import { definePlugin, type PluginManifest } from '@portal/plugin-sdk';
import { offeredSections } from './spotlightSources.ts';

const manifest = (id: string, services: PluginManifest['services'], stage?: PluginManifest['stage']): PluginManifest =>
  definePlugin({
    id,
    version: '1.0.0',
    nav: { order: 1 },
    services,
    ...(stage ? { stage } : {}),
    server: () => Promise.reject(new Error('not loaded')),
    web: () => Promise.reject(new Error('not loaded')),
  } as unknown as PluginManifest); // the test needs only id, services and stage

describe('spotlight: Managed Center sections (§8 beta phase)', () => {
  const plugins = [manifest('nginx', ['nginx']), manifest('labs', 'all', 'beta'), manifest('mysql', ['mysql'])];
  const server = (betaRegistered: boolean) => ({ services: ['nginx'], cluster: { customer: { betaRegistered } } });

  it('R8.004 offers a beta module only to a customer registered for the beta phase, and only sections that apply to the server', () => {
    expect(offeredSections(plugins, server(true)).map((p) => p.id)).toEqual(['nginx', 'labs']);
    expect(offeredSections(plugins, server(false)).map((p) => p.id)).toEqual(['nginx']);
  });
});
