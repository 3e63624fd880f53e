import { renderAuthorizedKeys, renderKeyLine } from './render.ts';
import { testKeys } from './testKeys.ts';

const [edType, edData] = testKeys.ed25519.split(' ');
const [rsaType, rsaData] = testKeys.rsab3072.split(' ');
const key = (over: Record<string, unknown> = {}) => ({ id: 1, user: 'deploy', label: 'Anna laptop', type: edType, data: edData, ...over });

describe('authorized_keys renderer (R2.031)', () => {
  it('R2.031 renders one file per user with keys, the label as comment, keys in id order, mode 0600', () => {
    const files = renderAuthorizedKeys([
      key({ id: 5, label: 'CI (GitLab)', type: rsaType, data: rsaData }),
      key({ id: 2 }),
      key({ id: 3, user: 'developer', label: 'Jonas Weber' }),
    ]);
    expect(files).toEqual([
      {
        path: '/home/deploy/.ssh/authorized_keys',
        user: 'deploy',
        mode: 0o600,
        content: `# Managed by the customer portal (Managed Center → SSH keys). Changes made here are overwritten.\n${edType} ${edData} Anna laptop\n${rsaType} ${rsaData} CI (GitLab)\n`,
      },
      {
        path: '/home/developer/.ssh/authorized_keys',
        user: 'developer',
        mode: 0o600,
        content: `# Managed by the customer portal (Managed Center → SSH keys). Changes made here are overwritten.\n${edType} ${edData} Jonas Weber\n`,
      },
    ]);
  });

  it('no keys, no files', () => {
    expect(renderAuthorizedKeys([])).toEqual([]);
  });

  it('keeps umlauts and the allowed punctuation in labels', () => {
    expect(renderKeyLine(key({ label: 'Jürgen Groß (büro) j.gross@example.de' }))).toBe(`${edType} ${edData} Jürgen Groß (büro) j.gross@example.de`);
  });

  it.each([
    [{ label: 'x\ncommand="id" ssh-ed25519 AAAA' }],
    [{ label: 'a; rm -rf /' }],
    [{ label: '${HOME}' }],
    [{ label: '{x}' }],
    [{ label: '#' }],
    [{ label: '' }],
    [{ data: `${edData}\nssh-ed25519 AAAA` }],
    [{ data: `${edData} x` }],
    [{ type: 'command="id" ssh-ed25519' }],
    [{ type: 'ssh-dss' }],
  ])('refuses to write a key that would change the file structure: %j', (over) => {
    expect(() => renderKeyLine(key(over))).toThrow();
    expect(() => renderAuthorizedKeys([key(over)])).toThrow();
  });
});
