import { fireEvent, render, screen, within } from '@testing-library/react';
import { registerSdkTranslations } from '@portal/plugin-sdk/web';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import type { LiveSample, Series } from './model.ts';
import { LiveFigures } from './LiveFigures.tsx';
import { MetricsTable } from './MetricsTable.tsx';
import { ServiceList } from './ServiceList.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { monitoring: en }, de: { monitoring: de } },
    ns: ['monitoring'],
    defaultNS: 'monitoring',
    interpolation: { escapeValue: false },
  });
  // The live figures and the table are the stats family's: their texts are the SDK's.
  registerSdkTranslations(i18next);
});
afterEach(async () => {
  await i18next.changeLanguage('en');
});

const GiB = 1024 ** 3;

const storySample: LiveSample = {
  at: '2026-11-22T19:30:00.000Z',
  cpuPercent: 37.4,
  load: [3.12, 2.87, 2.41],
  cpuCount: 8,
  memory: { usedBytes: 10.6 * GiB, totalBytes: 16 * GiB },
  disk: { usedBytes: 42.3e9, totalBytes: 100e9 },
  network: { rxBytesPerSecond: 1_640_000, txBytesPerSecond: 8_910_000 },
  uptimeSeconds: 38 * 86400 + 5 * 3600 + 120,
};

function series(over: Partial<Series> = {}): Series {
  const pair = (avg: (number | null)[], max = avg) => ({ avg, max });
  return {
    range: '24h',
    resolutionSeconds: 60,
    start: '2026-11-22T12:00:00.000Z',
    end: '2026-11-22T12:02:00.000Z',
    cpuCount: 8,
    memoryTotalBytes: 16 * GiB,
    diskTotalBytes: 100e9,
    filled: 2,
    cpu: pair([12.5, null, 40], [20, null, 90]),
    load: pair([0.5, null, 2], [0.75, null, 3.5]),
    memory: pair([4 * GiB, null, 6 * GiB]),
    disk: pair([40e9, null, 40e9]),
    networkRx: pair([125_000, null, 1_250_000]),
    networkTx: pair([null, null, null]),
    ...over,
  };
}

describe('monitoring panels', () => {
  it("R2.026 the live figures read the newest sample in the user's language", async () => {
    const { rerender } = render(<LiveFigures sample={storySample} live />);
    expect(screen.getByTestId('live-status').textContent).toContain('Live');
    expect(screen.getByTestId('figure-cpu-value').textContent).toContain('37.4%');
    expect(screen.getByTestId('figure-load-value').textContent).toContain('3.12');
    expect(screen.getByTestId('figure-memory').textContent).toContain('66%10.6 GiB of 16 GiB');
    expect(screen.getByTestId('figure-network-value').textContent).toContain('↓ Received: 13 Mbit/s↑ Sent: 71 Mbit/s');
    expect(screen.getByText('Up for 38 days and 5 hours.')).toBeTruthy();
    await i18next.changeLanguage('de');
    rerender(<LiveFigures sample={{ ...storySample, cpuPercent: null, network: null }} live={false} />);
    expect(screen.getByTestId('live-status').textContent).toContain('Live (Abfrage)');
    expect(screen.getByTestId('figure-cpu-value').textContent).toContain('–');
    expect(screen.getByTestId('figure-cpu').textContent).toContain('Der Server liefert keine CPU-Zähler.');
    expect(screen.getByTestId('figure-load-value').textContent).toContain('3,12');
    expect(screen.getByTestId('figure-network').textContent).toContain('Der Server liefert keine Netzwerkzähler.');
  });

  it('R2.026 before the first measurement the figures say they are waiting; a failed watch says so', () => {
    const { rerender } = render(<LiveFigures live />);
    expect(screen.getByTestId('live-status').getAttribute('data-state')).toBe('waiting');
    expect(screen.queryByTestId('figure-cpu')).toBeNull();
    rerender(<LiveFigures live failed />);
    expect(screen.getByTestId('live-status').textContent).toContain('Measuring failed');
  });

  it('R2.026 the table lists buckets with data newest first, average with maximum, gaps as a dash', () => {
    render(<MetricsTable series={series()} range="24h" />);
    const table = screen.getByRole('table');
    expect(within(table).getByText('Last 24 hours: average (maximum) per interval, newest first')).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain('40% (90%)');
    expect(rows[0].textContent).toContain('2.00 (3.50)');
    expect(rows[0].textContent).toContain('6 GiB (6 GiB)');
    expect(rows[0].textContent).toContain('10 Mbit/s (10 Mbit/s)');
    expect(within(rows[0]).getAllByRole('cell').at(-1)!.textContent).toContain('–');
    expect(rows[1].textContent).toContain('12.5% (20%)');
    expect(rows[1].textContent).toContain('1 Mbit/s');
  });

  it('R2.026 an empty range shows "no data yet" instead of an empty table', () => {
    render(<MetricsTable series={series({ filled: 0, load: { avg: [null, null, null], max: [null, null, null] } })} range="7d" />);
    expect(screen.getByTestId('metrics-table-empty').textContent).toContain('No data yet.');
  });

  it('R2.026 services show their state; unknown ones say why; refresh asks again', () => {
    let refreshed = 0;
    render(
      <ServiceList
        checkedAt="2026-11-22T19:30:04Z"
        onRefresh={() => (refreshed += 1)}
        services={[
          { id: 'nginx', state: 'running', endpoint: { host: '127.0.0.1', port: 41873 } },
          { id: 'mysql', state: 'stopped' },
          { id: 'php-fpm', state: 'unknown' },
        ]}
      />,
    );
    const items = screen.getAllByTestId('service');
    expect(items.map((i) => i.getAttribute('data-state'))).toEqual(['running', 'stopped', 'unknown']);
    expect(items[0].textContent).toContain('reachable at 127.0.0.1:41873');
    expect(items[0].textContent).toContain('running');
    expect(items[2].textContent).toContain("The connection to the server cannot report this service's state.");
    fireEvent.click(screen.getByRole('button', { name: 'Check the state again' }));
    expect(refreshed).toBe(1);
  });
});
