/** The SDK's web kit as a user meets it: confirm dialogs, tables, form fields with server errors, the apply banner. */
import { jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form } from 'react-final-form';
import { jobsApi, type ManagedJob } from '../ApplyProgress.tsx';
import { renderWithHost } from '../testing.tsx';
import { ApplyBanner } from './ApplyBanner.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { DataTable, type Column } from './DataTable.tsx';
import { FormTextField } from './FormFields.tsx';
import { QueryState } from './States.tsx';
import { WriteButton } from './WriteButton.tsx';

/** The text of the elements that describe `el` (aria-describedby). */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

const translations = { de: { title: 'Test' }, en: { title: 'Test' } };
const host = (language: 'de' | 'en' = 'en') => ({ pluginId: 'demo', translations, language });

describe('ConfirmDialog', () => {
  it('focuses Cancel (Enter does not destroy), names the action, and shows a refusal inside the dialog', async () => {
    const onClose = jest.fn();
    let answer: string | undefined = 'The zone still has records.';
    const onConfirm = jest.fn(async () => answer);
    void onConfirm;
    await renderWithHost(
      <ConfirmDialog
        open
        title="Delete zone?"
        text="All records go."
        confirm="Delete zone"
        onConfirm={() => onConfirm()}
        onClose={onClose}
      />,
      host(),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete zone?' });
    expect(description(dialog)).toBe('All records go.');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete zone' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch('The zone still has records.');
    expect(within(dialog).getByRole('button', { name: 'Delete zone' }) as HTMLButtonElement).toHaveProperty('disabled', true);
    answer = undefined;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says "Abbrechen" in German', async () => {
    await renderWithHost(
      <ConfirmDialog open title="Löschen?" text="Weg." confirm="Löschen" onConfirm={() => undefined} onClose={() => undefined} />,
      host('de'),
    );
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeTruthy();
  });
});

interface Row {
  id: number;
  name: string;
  size: number;
}
const rows: Row[] = Array.from({ length: 30 }, (_, i) => ({
  id: i + 1,
  name: `host-${String(i + 1).padStart(2, '0')}.example`,
  size: (i * 7) % 30,
}));
const columns: Column<Row>[] = [
  { id: 'name', label: 'Name', sortValue: (r) => r.name, render: (r) => r.name },
  { id: 'size', label: 'Size', sortValue: (r) => r.size, render: (r) => String(r.size), align: 'right' },
];
const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('DataTable', () => {
  it('pages, sorts by a header button, and searches; says when nothing matches', async () => {
    await renderWithHost(
      <DataTable rows={rows} columns={columns} rowKey={(r) => r.id} caption="Hosts" searchText={(r) => r.name} pageSize={10} />,
      host(),
    );
    expect(screen.getByRole('table', { name: 'Hosts' })).toBeTruthy();
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('1–10 of 30')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(bodyRows()[0].textContent).toMatch('host-11.example');

    fireEvent.click(screen.getByRole('button', { name: 'Size' }));
    expect(screen.getByRole('columnheader', { name: /Size/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: /Size/ }));
    expect(screen.getByRole('columnheader', { name: /Size/ }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(bodyRows()[0].textContent).toMatch('29');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'host-07' } });
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0].textContent).toMatch('host-07.example');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'nothing' } });
    expect(screen.getByRole('status').textContent).toMatch('No entries match “nothing”.');
  });

  it('scrolls sideways inside its own focusable region (375 px), and shows the empty state instead of an empty table', async () => {
    const { rerender } = await renderWithHost(<DataTable rows={rows} columns={columns} rowKey={(r) => r.id} caption="Hosts" />, host());
    expect(screen.getByRole('region', { name: 'Hosts' }).getAttribute('tabindex')).toBe('0');
    rerender(<DataTable rows={[]} columns={columns} rowKey={(r) => r.id} caption="Hosts" empty={<p>No hosts yet</p>} />);
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('FormTextField', () => {
  it("shows the server's 422 message under the field until the field is changed, with a stable id per plugin", async () => {
    await renderWithHost(
      <Form onSubmit={() => ({ command: 'This command is already scheduled.' })}>
        {({ handleSubmit }) => (
          <form onSubmit={handleSubmit}>
            <FormTextField name="command" label="Command" />
            <button type="submit">Save</button>
          </form>
        )}
      </Form>,
      host(),
    );
    const field = screen.getByRole('textbox', { name: 'Command' });
    expect(field.getAttribute('id')).toBe('demo-command');
    fireEvent.change(field, { target: { value: 'php cron.php' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(description(field)).toBe('This command is already scheduled.'));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: 'php other.php' } });
    expect(field.getAttribute('aria-invalid')).not.toBe('true');
  });
});

describe('QueryState', () => {
  it('shows loading, then a failure with a working retry, then the data', async () => {
    const refetch = jest.fn();
    const { rerender } = await renderWithHost(
      <QueryState query={{ isLoading: true, isError: false, refetch }}>{(d: string) => d}</QueryState>,
      host(),
    );
    expect(screen.getByRole('progressbar', { name: 'Loading …' })).toBeTruthy();
    rerender(<QueryState query={{ isLoading: false, isError: true, refetch }}>{(d: string) => d}</QueryState>);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalled();
    rerender(<QueryState query={{ data: 'three hosts', isLoading: false, isError: false, refetch }}>{(d: string) => d}</QueryState>);
    expect(screen.getByText('three hosts')).toBeTruthy();
  });
});

describe('ApplyBanner', () => {
  const at = '2026-11-22T10:00:00.000Z';
  const job = (over: Partial<ManagedJob>): ManagedJob => ({
    id: 7,
    pluginId: 'demo',
    serverId: 2,
    kind: 'apply',
    status: 'running',
    step: 'validating',
    progress: 35,
    validation: null,
    log: [],
    changeId: 11,
    createdAt: at,
    finishedAt: null,
    ...over,
  });

  it('follows the job pushed over the socket and reports the end once', async () => {
    const listeners = new Set<(p: unknown) => void>();
    const subscribe = (type: string, l: (p: unknown) => void) => {
      if (type === 'managed.job') listeners.add(l);
      return () => void listeners.delete(l);
    };
    const onFinished = jest.fn();
    await renderWithHost(
      <ApplyBanner jobId={7} onClose={() => undefined} onFinished={onFinished} renderDone={(j) => <p>{`ended: ${j.status}`}</p>} />,
      {
        ...host(),
        host: { subscribe },
        prepare: (store) =>
          void store.dispatch(jobsApi.util.upsertQueryData('getManagedJob', { clusterId: 1, serverId: 2, jobId: 7 }, job({}))),
      },
    );
    expect(screen.getByRole('region', { name: 'Applying the change' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('35'));
    const done = job({ status: 'succeeded', step: 'done', progress: 100, finishedAt: at });
    act(() => listeners.forEach((l) => l(done)));
    act(() => listeners.forEach((l) => l(done)));
    expect((await screen.findByRole('region', { name: 'Change finished' })).textContent).toMatch('ended: succeeded');
    expect(onFinished).toHaveBeenCalledTimes(1);
  });
});

describe('ApplyBanner, server unreachable (issue 24 §2)', () => {
  it('says the change was kept (no "could not be applied") and offers to apply it again', async () => {
    const at = '2026-11-22T10:00:00.000Z';
    const unreachable: ManagedJob = {
      id: 8, pluginId: 'demo', serverId: 2, kind: 'apply', status: 'failed', step: 'done', progress: 100,
      validation: { status: 'failed', output: 'job.unreachable' }, log: [], changeId: 12, createdAt: at, finishedAt: at,
    };
    const onRetry = jest.fn();
    await renderWithHost(<ApplyBanner jobId={8} onClose={() => undefined} onRetry={onRetry} />, {
      ...host(),
      language: 'en',
      prepare: (store) => void store.dispatch(jobsApi.util.upsertQueryData('getManagedJob', { clusterId: 1, serverId: 2, jobId: 8 }, unreachable)),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Apply again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    // The kept change's notice, not the generic failure (the host's `managed` texts are not loaded here: keys show).
    expect(screen.getByTestId('apply-progress').textContent).toBe('job.unreachable');
  });
});

describe('ApplyBanner, files changed on the server (issue 24 §2)', () => {
  const at = '2026-11-22T10:00:00.000Z';
  const drifted: ManagedJob = {
    id: 9, pluginId: 'demo', serverId: 2, kind: 'apply', status: 'failed', step: 'done', progress: 100,
    validation: { status: 'failed', output: 'job.drift' }, log: [], changeId: 13, createdAt: at, finishedAt: at,
    drift: { version: 3, files: [{ path: '/etc/demo.conf', expected: 'a'.repeat(64), found: 'b'.repeat(64), diff: '--- /etc/demo.conf\n+++ /etc/demo.conf\n@@ -1 +1 @@\n-listen 80;\n+listen 8080;\n' }] },
  };
  const show = (job: ManagedJob, language: 'de' | 'en', handlers: { onOverwrite?: () => Promise<void>; onKeep?: () => Promise<void> } = {}) =>
    renderWithHost(<ApplyBanner jobId={job.id} onClose={() => undefined} onOverwrite={handlers.onOverwrite ?? (async () => undefined)} onKeep={handlers.onKeep ?? (async () => undefined)} />, {
      ...host(language),
      prepare: (store) => void store.dispatch(jobsApi.util.upsertQueryData('getManagedJob', { clusterId: 1, serverId: 2, jobId: job.id }, job)),
    });

  it('shows the diff of each changed file (focusable for keyboard scrolling) and overwrites only after the confirmation', async () => {
    const onOverwrite = jest.fn(async () => undefined);
    const onKeep = jest.fn(async () => undefined);
    await show(drifted, 'en', { onOverwrite, onKeep });
    const diff = await screen.findByRole('region', { name: 'Changes on the server to /etc/demo.conf' });
    expect(diff.textContent).toContain('+listen 8080;');
    expect(diff.tabIndex).toBe(0);
    expect(screen.getByTestId('apply-progress').textContent).toBe('job.drift');

    fireEvent.click(screen.getByRole('button', { name: 'Overwrite server changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Overwrite the changes on the server?' });
    expect(description(dialog)).toContain('/etc/demo.conf');
    // The dialog's Cancel has the focus: Enter does not overwrite.
    expect(document.activeElement?.textContent).toBe('Cancel');
    expect(onOverwrite).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Overwrite server changes' }));
    await waitFor(() => expect(onOverwrite).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Keep server version' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Keep the files as they are on the server?' })).getByRole('button', { name: 'Keep server version' }));
    await waitFor(() => expect(onKeep).toHaveBeenCalledTimes(1));
  });

  it('speaks German, and after "keep" says so instead of offering the choice again', async () => {
    const view = await show(drifted, 'de');
    expect(await screen.findByRole('button', { name: 'Änderungen auf dem Server überschreiben' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Serverstand behalten' })).toBeTruthy();
    view.unmount();
    await show({ ...drifted, id: 10, log: [{ at, step: 'done', message: 'job.driftKept', detail: 'version 4' }] }, 'en');
    expect(await screen.findByText(/were kept as the applied version/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Overwrite server changes' })).toBeNull();
  });
});

describe('WriteButton (demo mode, issue 13)', () => {
  it('R1.002 R6.006 is a normal button in a normal host, and disabled with the reason as its description in a read-only host', async () => {
    const view = await renderWithHost(<WriteButton type="submit">Save</WriteButton>, host());
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
    view.unmount();
    await renderWithHost(<WriteButton type="submit">Save</WriteButton>, { ...host(), host: { readOnly: true } });
    await waitFor(() => expect(screen.queryByTestId('read-only-action')).not.toBeNull());
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    // The hint: the focusable wrapper's title (the e2e test hovers it and sees the tooltip).
    const wrapper = screen.getByTestId('read-only-action');
    expect(description(wrapper) || wrapper.getAttribute('title')).toBe('Not available in the demo – ask for an account through “Contact”.');
  });
});

