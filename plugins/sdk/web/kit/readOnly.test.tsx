/** The read-only web kit (demo mode, issue 13): controls that write show disabled with the hint, in a read-only host or under the portal shell's provider. */
import Switch from '@mui/material/Switch';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jest } from '@jest/globals';
import { ReadOnlyProvider, useReadOnly } from '../readOnlyContext.tsx';
import { renderWithHost } from '../testing.tsx';
import { ReadOnlyHint, WriteIconButton } from './ReadOnlyHint.tsx';

const translations = { de: { title: 'Test' }, en: { title: 'Test' } };
const host = { pluginId: 'demo', translations, language: 'en' as const };
const hint = 'Not available in the demo – ask for an account through “Contact”.';

function LiveSwitch() {
  const readOnly = useReadOnly();
  return (
    <ReadOnlyHint>
      <Switch disabled={readOnly} slotProps={{ input: { 'aria-label': 'Follow live' } }} />
    </ReadOnlyHint>
  );
}

describe('read-only web kit (demo mode, issue 13)', () => {
  it('R1.002 R6.006 an icon button that writes works normally, and is disabled with the hint in a read-only host', async () => {
    const onClick = jest.fn();
    const view = await renderWithHost(
      <WriteIconButton aria-label="Delete example.com" onClick={onClick}>
        x
      </WriteIconButton>,
      host,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete example.com' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    view.unmount();
    await renderWithHost(
      <WriteIconButton aria-label="Delete example.com" onClick={onClick}>
        x
      </WriteIconButton>,
      { ...host, host: { readOnly: true } },
    );
    await waitFor(() => expect(screen.queryByTestId('read-only-action')).not.toBeNull());
    expect((screen.getByRole('button', { name: 'Delete example.com' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('read-only-action').getAttribute('title')).toBe(hint);
  });

  it('R1.002 R6.006 the portal shell’s provider makes a switch read-only outside the Managed Center host too', async () => {
    await renderWithHost(
      <ReadOnlyProvider readOnly>
        <LiveSwitch />
      </ReadOnlyProvider>,
      host,
    );
    await waitFor(() => expect(screen.queryByTestId('read-only-action')).not.toBeNull());
    expect((screen.getByRole('switch', { name: 'Follow live' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('read-only-action').getAttribute('title')).toBe(hint);
  });

  it('R1.002 without read-only the switch is enabled and has no hint', async () => {
    await renderWithHost(<LiveSwitch />, host);
    expect((screen.getByRole('switch', { name: 'Follow live' }) as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByTestId('read-only-action')).toBeNull();
  });
});
