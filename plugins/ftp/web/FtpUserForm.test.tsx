import { renderWithHost } from '@portal/plugin-sdk/web/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { bodyOf, FtpUserForm, problemsOf, type FtpUserBody } from './FtpUserForm.tsx';

const values = { login: 'agency', documentRoot: 'shop/public/', quotaMb: '1024', expiresOn: '' };

it('ftp form: the body sent (quota a number, no trailing slash, empty expiry = never) and what the contract refuses', () => {
  expect(bodyOf(values)).toEqual({ login: 'agency', documentRoot: 'shop/public', quotaMb: 1024, expiresOn: '' });
  expect(problemsOf(values)).toEqual({});
  expect(problemsOf({ login: 'A b', documentRoot: '../etc', quotaMb: '-1', expiresOn: '31.12.2030' })).toEqual({
    login: 'errors.login_format',
    documentRoot: 'errors.documentRoot_format',
    quotaMb: 'errors.quotaMb_format',
    expiresOn: 'errors.expiresOn_format',
  });
  expect(problemsOf({ ...values, documentRoot: 'shop/../../etc' })).toEqual({ documentRoot: 'errors.documentRoot_format' });
});

it('ftp form (German): a bad login is refused under its field before sending; a good one sends the body', async () => {
  const sent: FtpUserBody[] = [];
  await renderWithHost(
    <FtpUserForm mode="create" initialValues={{ login: '', documentRoot: '', quotaMb: '0', expiresOn: '' }} onSubmit={async (b) => void sent.push(b)} onCancel={() => undefined} />,
    { pluginId: 'ftp', translations: { de, en }, language: 'de' },
  );
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${de.form.login}`) }), { target: { value: 'Bad Login' } });
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${de.form.documentRoot}`) }), { target: { value: 'shop/public' } });
  fireEvent.click(screen.getByRole('button', { name: de.form.submitCreate }));
  expect(await screen.findByText(de.errors.login_format)).toBeTruthy();
  expect(sent).toEqual([]);
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${de.form.login}`) }), { target: { value: 'uploader' } });
  fireEvent.click(screen.getByRole('button', { name: de.form.submitCreate }));
  await waitFor(() => expect(sent).toEqual([{ login: 'uploader', documentRoot: 'shop/public', quotaMb: 0, expiresOn: '' }]));
});
