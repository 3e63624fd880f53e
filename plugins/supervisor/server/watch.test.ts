import { noticeTexts } from '@portal/plugin-sdk/server';
import { programHealth } from './watch.ts';

const proc = (program: string, state: string, crashLoop = false) => ({ program, process: `${program}:${program}_00`, state, detail: '', crashLoop, restarts: 0 });

describe('crash-loop watcher', () => {
  it('a program is in a crash loop when one process is; running well only when every process runs without one', () => {
    const h = programHealth([proc('a', 'RUNNING'), proc('a', 'BACKOFF', true), proc('b', 'RUNNING'), proc('b', 'RUNNING'), proc('c', 'STARTING'), proc('d', 'RUNNING', true)]);
    expect(h.get('a')).toMatchObject({ crashLoop: { state: 'BACKOFF' }, running: false });
    expect(h.get('b')).toEqual({ crashLoop: null, running: true });
    expect(h.get('c')).toEqual({ crashLoop: null, running: false });
    expect(h.get('d')).toMatchObject({ crashLoop: { state: 'RUNNING' }, running: false });
  });

  it('the notice texts come from the section\'s i18n in both languages, values filled in', async () => {
    const de = (await import('../i18n/de.json', { with: { type: 'json' } })).default;
    const en = (await import('../i18n/en.json', { with: { type: 'json' } })).default;
    const t = noticeTexts({ de, en }, 'crash_loop', { program: 'worker', server: 'c20011-web1', state: 'FATAL' });
    expect(t.title).toEqual({ de: 'worker stürzt auf c20011-web1 immer wieder ab', en: 'worker keeps crashing on c20011-web1' });
    expect(t.message.en).toContain('(FATAL)');
    expect(() => noticeTexts({ de, en }, 'missing')).toThrow('notices.missing.title');
  });
});
