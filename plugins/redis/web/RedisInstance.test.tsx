import { renderWithHost } from '@portal/plugin-sdk/web/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { InstanceView, type Target } from './RedisInstance.tsx';

const instance = {
  running: true,
  version: '7.0.15',
  uptimeSeconds: 7200,
  usedMemoryBytes: 2 * 1024 ** 2,
  databases: [
    { database: 0, keys: 1500, expires: 20 },
    { database: 3, keys: 7, expires: 0 },
  ],
};

it('redis databases: keys per database; a flush only after the confirmation, Cancel first', async () => {
  const flushed: Target[] = [];
  await renderWithHost(<InstanceView instance={instance} onFlush={async (t) => void flushed.push(t)} />, {
    pluginId: 'redis',
    translations: { de, en },
    language: 'en',
  });
  expect(screen.getByTestId('redis-instance-summary').textContent).toBe('Redis 7.0.15, running for 2 hours, 2 MiB used.');
  expect(screen.getByRole('row', { name: /db0 1,500 20/ })).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Flush database 3' }));
  let dialog = await screen.findByRole('dialog');
  expect(dialog.textContent).toContain('Every key of database 3 is deleted.');
  expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(flushed).toEqual([]);

  fireEvent.click(screen.getByRole('button', { name: 'Flush all databases' }));
  dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Flush all databases' }));
  await waitFor(() => expect(flushed).toEqual([{ database: null }]));
});

it('redis databases: before the first apply, the instance does not run', async () => {
  await renderWithHost(<InstanceView instance={{ running: false }} onFlush={async () => undefined} />, {
    pluginId: 'redis',
    translations: { de, en },
    language: 'de',
  });
  expect(screen.getByText(de.instance.notRunning)).toBeTruthy();
});
