import { checkCommand, cronUnescape, escapeCommand } from './command.ts';

describe('cron job commands', () => {
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['echo a\necho b', 'control'],
    ['echo a\r* * * * * root id', 'control'],
    ['echo\ta', 'control'],
    ['echo \u0000', 'control'],
    ['echo \u2028 x', 'control'],
    ['date +\\%F', 'backslash_percent'],
    ['x'.repeat(901), 'too_long'],
    ['%'.repeat(600), 'too_long'],
  ])('refuses %j (%s)', (command, problem) => {
    expect(checkCommand(command)).toBe(problem);
  });

  it.each(['php artisan schedule:run', 'echo "$HOME"; ls {a,b} # comment', 'date +%F-%H%M', 'printf "100%%\\n"', 'a\\\\ b'])('accepts %j', (command) => {
    expect(checkCommand(command)).toBeUndefined();
  });

  it('escapes every % so cron hands the shell exactly the command (no stdin, no cut)', () => {
    const samples = ['date +%F', 'printf "%s%%" 5', '%%%', 'a\\b%c', '\\\\x%', 'echo 50% && echo \\n'];
    for (const s of samples) {
      if (checkCommand(s)) continue;
      expect(cronUnescape(escapeCommand(s))).toEqual({ command: s });
    }
  });

  it('round-trips random commands through cron exactly', () => {
    const alphabet = ['a', ' ', '%', '\\', '"', "'", '$', ';', '{', '}', '#', '&'];
    let seed = 42;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let checked = 0;
    for (let n = 0; n < 2000; n++) {
      const s = 'x' + Array.from({ length: 1 + Math.floor(rnd() * 12) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('') + 'x';
      if (checkCommand(s)) continue;
      checked++;
      expect(cronUnescape(escapeCommand(s))).toEqual({ command: s });
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('a raw % would cut the command (why it must be escaped)', () => {
    expect(cronUnescape('date +%F')).toEqual({ command: 'date +', input: 'F' });
  });
});
