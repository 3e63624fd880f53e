import { renderWithHost } from '@portal/plugin-sdk/web/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { PasswordDialog } from './Accounts.tsx';

const created = {
  job: { id: 1 } as never,
  user: { id: 3, name: 'worker', tags: [], createdAt: '2026-11-28T10:00:00Z', passwordSetAt: '2026-11-28T10:00:00Z' },
  password: 'x'.repeat(32),
};

it('rabbitmq users: the generated password is shown once, read-only, with the warning; closing ends it', async () => {
  let closed = 0;
  await renderWithHost(<PasswordDialog created={created} onClose={() => void closed++} />, { pluginId: 'rabbitmq', translations: { de, en }, language: 'en' });
  const dialog = await screen.findByRole('dialog', { name: 'Password of worker' });
  expect(dialog.textContent).toContain(en.users.passwordText);
  const field = screen.getByLabelText('Password') as HTMLInputElement;
  expect([field.value, field.readOnly]).toEqual(['x'.repeat(32), true]);
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(closed).toBe(1));
});

it('rabbitmq users: nothing is shown without a created user (German)', async () => {
  await renderWithHost(<PasswordDialog created={undefined} onClose={() => undefined} />, { pluginId: 'rabbitmq', translations: { de, en }, language: 'de' });
  expect(screen.queryByRole('dialog')).toBeNull();
});
