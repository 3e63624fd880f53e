import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ResourceForm, ResourceFormPage } from '@portal/plugin-sdk/web';
import { renderWithHost } from '@portal/plugin-sdk/web/testing';
import { tomcatApi } from '../generated/client.ts';
import { tomcatApplicationResource } from '../generated/resources.ts';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const host = (language: 'de' | 'en' = 'en') => ({ pluginId: 'tomcat', translations: { de, en }, language });

describe('tomcat web', () => {
  it('the deploy page shows the form', async () => {
    await renderWithHost(<ResourceFormPage resource={tomcatApplicationResource} api={tomcatApi} />, host('de'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: new RegExp(de.form.name) })).toBeTruthy());
  });

  it("the deploy form refuses a bad context name on the client and shows the server's field error", async () => {
    const sent: unknown[] = [];
    await renderWithHost(
      <ResourceForm
        resource={tomcatApplicationResource}
        mode="create"
        initialValues={{ name: '', source: '', instance: 'default' }}
        options={{ instance: ['default', 'reports'] }}
        onCancel={() => undefined}
        onSubmit={async (v) => {
          sent.push(v);
          return { source: en.errors.source_outside };
        }}
      />,
      host(),
    );
    const name = screen.getByRole('textbox', { name: new RegExp(en.form.name) });
    fireEvent.change(name, { target: { value: 'Bad Name' } });
    fireEvent.blur(name);
    await waitFor(() => expect(screen.getByText(en.errors.name_format)).toBeTruthy());
    fireEvent.change(name, { target: { value: 'shop' } });
    fireEvent.change(screen.getByRole('textbox', { name: new RegExp(en.form.source) }), { target: { value: '/etc/tomcat10' } });
    fireEvent.click(screen.getByRole('button', { name: en.form.submitCreate }));
    await waitFor(() => expect(screen.getByText(en.errors.source_outside)).toBeTruthy());
    expect(sent).toEqual([{ name: 'shop', source: '/etc/tomcat10', instance: 'default' }]);
  });
});
