import { renderWithHost } from '@portal/plugin-sdk/web/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { AclUserDialog, AclUsersTable, parsePatterns, PasswordDialog } from './AclUsers.tsx';

const user = { id: 1, name: 'shop', keyPatterns: ['shop:*'], access: 'readwrite' as const, enabled: true, createdAt: '2026-11-28T09:00:00Z', passwordSetAt: '2026-11-28T09:00:00Z' };

it('redis ACL users: the table shows patterns, access and state; each row has its actions', async () => {
  const deleted: number[] = [];
  await renderWithHost(<AclUsersTable users={[user]} onEdit={() => undefined} onReset={() => undefined} onDelete={(u) => void deleted.push(u.id)} />, {
    pluginId: 'redis',
    translations: { de, en },
    language: 'en',
  });
  expect(screen.getByRole('row', { name: /shop shop:\* Read and write On/ })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Delete shop' }));
  expect(deleted).toEqual([1]);
});

it('redis ACL users: the dialog names a malformed key pattern and sends the patterns as a list', async () => {
  const saved: unknown[] = [];
  await renderWithHost(<AclUserDialog open onClose={() => undefined} onSave={async (input) => (saved.push(input), true)} />, {
    pluginId: 'redis',
    translations: { de, en },
    language: 'de',
  });
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'shop1' } });
  fireEvent.change(screen.getByLabelText('Schlüsselmuster'), { target: { value: 'shop1:* +@all' } });
  expect(screen.getByText(/Präfixe aus Buchstaben/)).toBeTruthy();
  expect((screen.getByRole('button', { name: 'ACL-Benutzer hinzufügen' }) as HTMLButtonElement).disabled).toBe(true);
  fireEvent.change(screen.getByLabelText('Schlüsselmuster'), { target: { value: 'shop1:*  session:*' } });
  fireEvent.click(screen.getByRole('button', { name: 'ACL-Benutzer hinzufügen' }));
  await waitFor(() => expect(saved).toEqual([{ name: 'shop1', keyPatterns: ['shop1:*', 'session:*'], access: 'readwrite', enabled: true }]));
  expect(parsePatterns('*')).toBeUndefined();
});

it('redis ACL users: the new password is shown once with a copy button that puts it on the clipboard', async () => {
  const copied: string[] = [];
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (s: string) => void copied.push(s) } });
  const password = 'p'.repeat(32);
  let closed = 0;
  await renderWithHost(<PasswordDialog created={{ user, password, job: { id: 'j1' } } as never} onClose={() => void closed++} />, { pluginId: 'redis', translations: { de, en }, language: 'en' });
  const dialog = await screen.findByRole('dialog', { name: 'Password of shop' });
  expect(dialog.textContent).toContain(en.password.text);
  expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe(password);
  fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
  expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
  expect(copied).toEqual([password]);
  fireEvent.click(screen.getByRole('button', { name: en.password.done }));
  expect(closed).toBe(1);
});
