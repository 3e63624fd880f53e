import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ResourceForm, ResourceTable } from '@portal/plugin-sdk/web';
import { renderWithHost } from '@portal/plugin-sdk/web/testing';
import { firewallItemResource } from '../generated/resources.ts';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const host = (language: 'de' | 'en' = 'en') => ({ pluginId: 'firewall', translations: { de, en }, language });

describe('firewall web', () => {
  it("the form refuses a bad name on the client (the contract's pattern) and shows the server's field error", async () => {
    const sent: unknown[] = [];
    await renderWithHost(
      <ResourceForm
        resource={firewallItemResource}
        mode="create"
        initialValues={{ name: '', value: '' }}
        onCancel={() => undefined}
        onSubmit={async (v) => {
          sent.push(v);
          return { name: en.errors.duplicate };
        }}
      />,
      host(),
    );
    const name = screen.getByRole('textbox', { name: new RegExp(en.form.name) });
    fireEvent.change(name, { target: { value: 'Bad Name' } });
    fireEvent.blur(name);
    await waitFor(() => expect(screen.getByText(en.errors.name_format)).toBeTruthy());
    fireEvent.change(name, { target: { value: 'max_memory' } });
    fireEvent.change(screen.getByRole('textbox', { name: new RegExp(en.form.value) }), { target: { value: ' 256M ' } });
    fireEvent.click(screen.getByRole('button', { name: en.form.submitCreate }));
    await waitFor(() => expect(screen.getByText(en.errors.duplicate)).toBeTruthy());
    expect(sent).toEqual([{ name: 'max_memory', value: '256M' }]);
  });

  it('the table lists the entries and asks to delete one (German)', async () => {
    const deleted: number[] = [];
    const at = '2026-11-24T08:00:00.000Z';
    await renderWithHost(
      <ResourceTable
        resource={firewallItemResource}
        rows={[{ id: 7, name: 'workers', value: '4', createdAt: at, updatedAt: at }]}
        onDelete={(i) => deleted.push(i.id)}
      />,
      host('de'),
    );
    expect(screen.getByTestId('firewallItem-7').textContent).toContain('workers');
    fireEvent.click(screen.getByRole('button', { name: de.list.delete.replace('{{name}}', 'workers') }));
    expect(deleted).toEqual([7]);
  });
});
