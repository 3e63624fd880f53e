/** The SDK's resource pages as a user meets them, with the host: a page from a declaration alone (the SDK's texts), the form from the contract's fields. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ResourceDeclaration } from '../../resources/index.ts';
import type { ManagedJob } from '../events.ts';
import { managedApi } from '../runtime.tsx';
import { renderWithHost } from '../testing.tsx';
import { ResourceForm } from './ResourceForm.tsx';
import { ResourcePage } from './ResourcePage.tsx';

// A declaration as `generated/resources.ts` holds it (the operation ids are this test's endpoints).
// i18next keeps a namespace once registered: each test has a plugin id (and namespace) of its own.
const declare = (pluginId: string) => ({ ...things, pluginId }) as ResourceDeclaration;
const things = {
  pluginId: 'things',
  name: 'thing',
  idParam: 'thingId',
  schema: 'ThingsThing',
  input: 'ThingsThingInput',
  perPage: 2,
  update: 'put',
  operations: { list: 'listThings', get: 'getThing', create: 'createThing', update: 'updateThing', delete: 'deleteThing' },
  fields: {
    name: { type: 'string', minLength: 1, maxLength: 20, pattern: '^[a-z]+$' },
    size: { type: 'string', enum: ['small', 'large'] },
    active: { type: 'boolean' },
  },
} as unknown as ResourceDeclaration;

type Thing = { id: number; name: string; size: string; active: boolean };
const rows: Thing[] = [
  { id: 5, name: 'alpha', size: 'small', active: true },
  { id: 6, name: 'beta', size: 'large', active: false },
];
const deleted: unknown[] = [];
const job = { id: 99 } as ManagedJob;
const api = managedApi.injectEndpoints({
  endpoints: (b) => ({
    listThings: b.query<{ data: Thing[]; total: number }, { clusterId: number; serverId: number }>({ queryFn: () => ({ data: { data: rows, total: 3 } }) }),
    getThing: b.query<Thing, unknown>({ queryFn: () => ({ data: rows[0] }) }),
    createThing: b.mutation<ManagedJob, unknown>({ queryFn: () => ({ data: job }) }),
    updateThing: b.mutation<ManagedJob, unknown>({ queryFn: () => ({ data: job }) }),
    deleteThing: b.mutation<ManagedJob, unknown>({
      queryFn: (a) => {
        deleted.push(a);
        return { data: job };
      },
    }),
  }),
});
const client = { pluginId: 'things', invalidate: () => api.util.invalidateTags([]) };
const route = '/clusters/1/servers/2/managed/things';

describe('ResourcePage', () => {
  it("shows a declaration's entries with the SDK's German texts: a column per field, edit and delete naming the row, the rest of a longer list", async () => {
    await renderWithHost(<ResourcePage<Thing, { data: Thing[]; total: number }> resource={things} api={api} client={client} />, {
      pluginId: 'things',
      translations: { de: { title: 'Dinge', form: { name: 'Name' } }, en: { title: 'Things' } },
      language: 'de',
      route,
    });
    expect(await screen.findByText('Die Einträge dieses Servers. Jede Änderung wird als Auftrag auf den Server geschrieben.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Hinzufügen' }).getAttribute('href')).toBe(`${route}/create`);
    const table = await screen.findByRole('table', { name: 'Einträge' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(expect.arrayContaining(['Name', 'size', 'active', 'Aktionen']));
    const beta = screen.getByTestId('thing-6');
    expect(beta.textContent).toContain('nein');
    expect(within(beta).getByRole('link', { name: 'Eintrag 6 bearbeiten' }).getAttribute('href')).toBe(`${route}/6`);
    expect(screen.getByText('2 von 3 Einträgen angezeigt.')).toBeTruthy();

    fireEvent.click(within(beta).getByRole('button', { name: 'Eintrag 6 löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Diesen Eintrag löschen?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(deleted).toEqual([{ clusterId: 1, serverId: 2, thingId: 6 }]));
  });

  it("uses the plugin's own text where it has one", async () => {
    await renderWithHost(<ResourcePage<Thing, { data: Thing[]; total: number }> resource={declare('own-things')} api={api} client={client} />, {
      pluginId: 'own-things',
      translations: { de: { title: 'Dinge' }, en: { title: 'Things', list: { create: 'New thing', delete: 'Delete {{name}}' } } },
      language: 'en',
      route,
    });
    expect(await screen.findByRole('link', { name: 'New thing' })).toBeTruthy();
    expect(within(await screen.findByTestId('thing-5')).getByRole('button', { name: 'Delete alpha' })).toBeTruthy();
  });
});

describe('ResourceForm', () => {
  it("checks the contract's fields before sending (SDK messages), offers the enum's values, and sends trimmed text", async () => {
    const sent: unknown[] = [];
    await renderWithHost(
      <ResourceForm
        resource={declare('form-things')}
        mode="create"
        initialValues={{ name: '', size: 'small', active: true }}
        onCancel={() => undefined}
        onSubmit={async (v) => {
          sent.push(v);
          return undefined;
        }}
      />,
      { pluginId: 'form-things', translations: { de: { title: 'Dinge' }, en: { title: 'Things' } }, language: 'en', route },
    );
    const name = screen.getByRole('textbox', { name: /^name/ });
    fireEvent.change(name, { target: { value: 'Not Allowed' } });
    fireEvent.blur(name);
    expect(await screen.findByText('Contains characters that are not allowed here.')).toBeTruthy();
    fireEvent.change(name, { target: { value: ' gamma ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add and apply' }));
    await waitFor(() => expect(sent).toEqual([{ name: 'gamma', size: 'small', active: true }]));
    expect(screen.getByRole('switch', { name: 'active' })).toBeTruthy();
  });
});

describe('ResourceForm options', () => {
  it("labels an enum's values with the plugin's form.options.<field>.<value> where it has one (else the value)", async () => {
    await renderWithHost(
      <ResourceForm resource={declare('option-things')} mode="create" initialValues={{ name: '', size: 'small', active: true }} onCancel={() => undefined} onSubmit={async () => undefined} />,
      { pluginId: 'option-things', translations: { de: { title: 'Dinge' }, en: { title: 'Things', form: { options: { size: { small: 'Small one' } } } } }, language: 'en', route },
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /size/ }));
    const list = await screen.findByRole('listbox');
    expect(within(list).getByRole('option', { name: 'Small one' })).toBeTruthy();
    expect(within(list).getByRole('option', { name: 'large' })).toBeTruthy();
  });
});
