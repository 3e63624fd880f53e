import { renderWithHost } from '@portal/plugin-sdk/web/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { SshKeyForm, type Inspection } from './SshKeyForm.tsx';

const render = (ui: React.ReactElement) => renderWithHost(ui, { pluginId: 'ssh', translations: { de, en }, language: 'en' });

const key = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJvykQldt/OH2qYmTE/DiCo9vlVvnkn6YiFYVafLUw3p anna@laptop';

/** A parent that re-renders while the check runs and hands a new callback each time (like RTK Query's state changes). */
function Host({ inspect }: { inspect: (k: string) => Promise<Inspection | undefined> }) {
  const [, setTick] = useState(0);
  return (
    <SshKeyForm
      users={['deploy', 'developer']}
      initialValues={{ user: 'deploy', publicKey: '', label: '' }}
      onInspect={async (k) => {
        setTick((n) => n + 1);
        const r = await inspect(k);
        setTick((n) => n + 1);
        return r;
      }}
      onSubmit={async () => undefined}
      onCancel={() => undefined}
    />
  );
}

describe('ssh key form (R2.031)', () => {
  it('R2.031 shows type, length and fingerprint of a pasted key and proposes the label from its comment, although the parent re-renders', async () => {
    const inspect = async (): Promise<Inspection> => ({
      ok: true,
      key: {
        type: 'ssh-ed25519',
        bits: 256,
        fingerprint: 'SHA256:CqFkhh+TiY8O3WaYlpxYWyVkRnTiOBAE77DPR3uk85Y',
        suggestedLabel: 'anna@laptop',
      },
    });
    await render(<Host inspect={inspect} />);
    fireEvent.change(screen.getByRole('textbox', { name: /Public key/ }), { target: { value: key } });
    await waitFor(() =>
      expect(screen.getByTestId('ssh-key-fingerprint').textContent).toBe('SHA256:CqFkhh+TiY8O3WaYlpxYWyVkRnTiOBAE77DPR3uk85Y'),
    );
    expect(screen.getByTestId('ssh-key-recognised').textContent).toContain('Ed25519');
    expect(screen.getByTestId('ssh-key-recognised').textContent).toContain('256 bits');
    expect((screen.getByRole('textbox', { name: /^Label/ }) as HTMLInputElement).value).toBe('anna@laptop');
  });

  it('shows why a key is refused, and keeps a label the user typed', async () => {
    await render(<Host inspect={async () => ({ ok: false, message: en.errors.rsa_too_short })} />);
    fireEvent.change(screen.getByRole('textbox', { name: /^Label/ }), { target: { value: 'Mine' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Public key/ }), { target: { value: 'ssh-rsa AAAAB3NzaC1yc2E old' } });
    await waitFor(() => expect(screen.getByTestId('ssh-key-problem').textContent).toBe(en.errors.rsa_too_short));
    expect((screen.getByRole('textbox', { name: /^Label/ }) as HTMLInputElement).value).toBe('Mine');
  });
});
