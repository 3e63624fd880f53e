/**
 * The README's examples as code the type check compiles (`npm run typecheck`): a renamed path or field in the
 * contract breaks them here before it breaks an integrator. Not run; client.test.ts runs the same calls.
 */
import fs from 'node:fs/promises';
import { createPortalClient, followJob, paginate, PortalApiError, unwrap } from './src/index.ts';

export async function examples(): Promise<void> {
  const portal = createPortalClient({ baseUrl: 'https://portal.example.com', token: process.env.PORTAL_TOKEN!, userAgent: 'my-erp/2.1' });

  for await (const invoice of paginate(({ cursor }) =>
    portal.GET('/api/v1/invoices', { params: { query: { per_page: 100, cursor, status: 'open' } } }).then(unwrap),
  )) {
    console.log(invoice.number, invoice.dueOn);
  }

  const pdf = await portal.GET('/api/v1/invoices/{invoiceId}/pdf', {
    params: { path: { invoiceId: 42 }, query: { language: 'en' } },
    parseAs: 'arrayBuffer',
  });
  await fs.writeFile('invoice-42.pdf', Buffer.from(unwrap(pdf)));

  const server = { clusterId: 7, serverId: 31 };
  try {
    const job = unwrap(
      await portal.POST('/api/v1/clusters/{clusterId}/servers/{serverId}/cronjobs', {
        params: { path: server },
        body: { schedule: '15 3 * * *', command: 'php /var/www/app/artisan backup:run', user: 'www-data', enabled: true },
      }),
    );
    const done = await followJob(portal, { ...server, jobId: job.id }, { onProgress: (j) => console.log(j.status) });
    if (done.status === 'failed') console.error('the server refused the change; the previous version is back', done);
  } catch (e) {
    if (e instanceof PortalApiError && e.status === 422) console.error(e.fields); // { schedule: ['cronjobs:errors.schedule_never'] }
    else throw e;
  }
}
