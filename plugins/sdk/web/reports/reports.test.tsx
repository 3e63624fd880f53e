/**
 * The SDK's report list and detail as a user meets them while a run runs (R2.025: shop-security and shop-performance,
 * each with report/{reportId}): the `<pluginId>.report` events move the progress bar and the step without a request,
 * an ended run is fetched once and shows its result. The host's `subscribe` is driven by the test (the socket).
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReportEvent } from '../../reports/shared.ts';
import { managedApi } from '../runtime.tsx';
import { renderWithHost } from '../testing.tsx';
import { REPORT_FALLBACK_MS, REPORT_OFFLINE_MS, ReportDetail, ReportList, reportPolling, type ReportSummaryLike } from './index.tsx';

type Report = ReportSummaryLike & { result: { score: number } | null };

const running = (id: number): Report => ({
  id,
  status: 'running',
  progress: 0,
  step: null,
  startedAt: '2026-11-30T10:00:00.000Z',
  finishedAt: null,
  startedBy: 'anna@example.com',
  error: null,
  result: null,
});

// What the "server" answers now, and how often it was asked.
let stored: Report[] = [];
const fetched = { list: 0, report: 0 };
/** While set, the list's answer (read at once) waits for it: a fetch under way when an event arrives. */
let gate: Promise<void> | null = null;
const api = managedApi.injectEndpoints({
  endpoints: (b) => ({
    listReportTestReports: b.query<{ data: Report[] }, { clusterId: number; serverId: number }>({
      queryFn: async () => {
        fetched.list++;
        const answer = { data: { data: stored.map((r) => ({ ...r })) } };
        if (gate) await gate;
        return answer;
      },
    }),
    getReportTestReport: b.query<Report, { clusterId: number; serverId: number; reportId: number }>({
      queryFn: (a) => {
        fetched.report++;
        return { data: { ...stored.find((r) => r.id === a.reportId)! } };
      },
    }),
  }),
});

/** The host's real-time channel, driven by the test. */
function channel() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  return {
    subscribe(type: string, listener: (payload: unknown) => void) {
      const set = listeners.get(type) ?? new Set();
      set.add(listener);
      listeners.set(type, set);
      return () => set.delete(listener);
    },
    emit(type: string, payload: ReportEvent) {
      act(() => listeners.get(type)?.forEach((l) => l(payload)));
    },
  };
}

const args = { clusterId: 1, serverId: 2 };
const translations = { de: {}, en: {} };
const stepLabel = (s: string) => `Schritt ${s}`;

function ListPage() {
  const list = api.useListReportTestReportsQuery(args);
  return list.data ? (
    <>
      <button onClick={() => void list.refetch()}>Neu laden</button>
      <ReportList reports={list.data.data} testId="report-test-row" stepLabel={stepLabel} live={{ api, endpoint: 'listReportTestReports', args }} />
    </>
  ) : null;
}

function DetailPage({ reportId }: { reportId: number }) {
  const report = api.useGetReportTestReportQuery({ ...args, reportId });
  return report.data ? (
    <ReportDetail report={report.data} stepLabel={stepLabel} live={{ api, endpoint: 'getReportTestReport', args: { ...args, reportId } }}>
      {(r) => <p>Ergebnis: {r.result?.score}</p>}
    </ReportDetail>
  ) : null;
}

const bar = () => screen.getByRole('progressbar', { name: 'Fortschritt des Berichts' });
/** The running report's text and bar (the store tells the page on the next frame: RTK's auto-batching). */
const shows = (text: string, progress: string) =>
  waitFor(() => {
    expect(screen.getByRole('status').textContent).toBe(text);
    expect(bar().getAttribute('aria-valuenow')).toBe(progress);
  });

beforeEach(() => {
  fetched.list = 0;
  fetched.report = 0;
});

describe('ReportList', () => {
  it('R2.025 moves the progress bar and the step of a running report as its events arrive, without fetching the list again', async () => {
    stored = [running(7)];
    const socket = channel();
    await renderWithHost(<ListPage />, { pluginId: 'report-list', translations, host: { subscribe: socket.subscribe }, route: '/' });
    await screen.findByText('Läuft: 0 %');
    expect(fetched.list).toBe(1);

    socket.emit('report-list.report', { reportId: 7, status: 'running', progress: 40, step: 'reading' });
    await shows('Läuft: 40 % · Schritt reading', '40');
    socket.emit('report-list.report', { reportId: 7, status: 'running', progress: 75, step: 'web' });
    await shows('Läuft: 75 % · Schritt web', '75');
    // Another plugin's reports are none of this list's business.
    socket.emit('other-plugin.report', { reportId: 7, status: 'running', progress: 90, step: 'x' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('status').textContent).toBe('Läuft: 75 % · Schritt web');
    expect(fetched.list).toBe(1);

    // The run ended: the list is fetched once and shows it done.
    stored = [{ ...running(7), status: 'done', progress: 100, finishedAt: '2026-11-30T10:05:00.000Z', result: { score: 3 } }];
    socket.emit('report-list.report', { reportId: 7, status: 'done', progress: 100, step: null });
    await waitFor(() => expect(screen.getByTestId('report-test-row').getAttribute('data-status')).toBe('done'));
    expect(screen.getByText('Fertig')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(fetched.list).toBe(2);
  });

  it('fetches the list once when a run it does not show yet reports (a scheduled run, another tab)', async () => {
    stored = [];
    const socket = channel();
    await renderWithHost(<ListPage />, { pluginId: 'report-new', translations, host: { subscribe: socket.subscribe }, route: '/' });
    await screen.findByText('Noch keine Berichte.');
    stored = [{ ...running(8), progress: 10, step: 'listing', startedBy: 'schedule' }];
    socket.emit('report-new.report', { reportId: 8, status: 'running', progress: 10, step: 'listing' });
    await screen.findByText('Läuft: 10 % · Schritt listing');
    expect(fetched.list).toBe(2);
  });

  it('looks at an ended run again when a fetch under way read the list before it ended', async () => {
    stored = [running(12)];
    const socket = channel();
    await renderWithHost(<ListPage />, { pluginId: 'report-race', translations, host: { subscribe: socket.subscribe }, route: '/' });
    await screen.findByText('Läuft: 0 %');
    // A fetch starts (the fallback's, or "run now"'s) and reads the run as still running; its answer is late …
    let open = () => {};
    gate = new Promise((resolve) => (open = resolve));
    fireEvent.click(screen.getByRole('button', { name: 'Neu laden' }));
    await waitFor(() => expect(fetched.list).toBe(2));
    // … the run ends meanwhile.
    stored = [{ ...running(12), status: 'done', progress: 100, finishedAt: '2026-11-30T10:05:00.000Z', result: { score: 1 } }];
    socket.emit('report-race.report', { reportId: 12, status: 'done', progress: 100, step: null });
    gate = null;
    open();
    await waitFor(() => expect(screen.getByTestId('report-test-row').getAttribute('data-status')).toBe('done'));
    expect(fetched.list).toBe(3);
  });
});

describe('ReportDetail', () => {
  it('R2.025 follows its run and shows the finished report after one fetch when the run ended', async () => {
    stored = [running(9), running(10)];
    const socket = channel();
    await renderWithHost(<DetailPage reportId={9} />, { pluginId: 'report-detail', translations, host: { subscribe: socket.subscribe }, route: '/' });
    await screen.findByText('Läuft: 0 %');

    socket.emit('report-detail.report', { reportId: 9, status: 'running', progress: 55, step: 'cron' });
    await shows('Läuft: 55 % · Schritt cron', '55');
    // Another run of the server (another report) leaves this page alone.
    socket.emit('report-detail.report', { reportId: 10, status: 'done', progress: 100, step: null });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetched.report).toBe(1);

    stored = [{ ...running(9), status: 'done', progress: 100, finishedAt: '2026-11-30T10:05:00.000Z', result: { score: 42 } }];
    socket.emit('report-detail.report', { reportId: 9, status: 'done', progress: 100, step: null });
    expect(await screen.findByText('Ergebnis: 42')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    // A late event of the ended run changes nothing and asks nothing.
    socket.emit('report-detail.report', { reportId: 9, status: 'done', progress: 100, step: null });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetched.report).toBe(2);
  });

  it('shows a failed run with its reason', async () => {
    stored = [running(11)];
    const socket = channel();
    await renderWithHost(<DetailPage reportId={11} />, { pluginId: 'report-failed', translations, host: { subscribe: socket.subscribe }, route: '/' });
    await screen.findByText('Läuft: 0 %');
    stored = [{ ...running(11), status: 'failed', progress: 30, finishedAt: '2026-11-30T10:01:00.000Z', error: 'unreachable' }];
    socket.emit('report-failed.report', { reportId: 11, status: 'failed', progress: 30, step: null });
    expect((await screen.findByRole('alert')).textContent).toBe('Der Server war nicht erreichbar.');
    expect(fetched.report).toBe(2);
  });
});

describe('reportPolling', () => {
  it('polls a running report only slowly while the real-time channel is up, every second while it is down, not at all once ended', () => {
    expect(reportPolling([{ status: 'running' }])).toBe(REPORT_FALLBACK_MS);
    expect(REPORT_FALLBACK_MS).toBe(10_000);
    expect(reportPolling([{ status: 'running' }], false)).toBe(REPORT_OFFLINE_MS);
    expect(reportPolling([{ status: 'done' }, { status: 'failed' }])).toBe(0);
    expect(reportPolling(undefined)).toBe(0);
  });
});
