/** The configuration against the server: the status (pending, last applied, the program) and the config view with its diff. */
import type { AppliedVersion } from '../../../server.ts';
import { compareWithServer, unifiedDiff } from '../compare.ts';
import type { WebServerKit } from '../dialect.ts';
import type { AppliedView, ConfigView, StatusView } from '../views.ts';
import type { SiteContext } from './context.ts';

const appliedView = (last: AppliedVersion | null): AppliedView | null => (last ? { version: last.version, appliedAt: last.appliedAt.toISOString() } : null);

export function configHandlers<P extends string>({ dialect, state, ports }: WebServerKit<string, P>) {
  return {
    async status(c: SiteContext): Promise<StatusView<P>> {
      const gw = ports.gateway(c.server.id);
      const current = await state.load(c.em, c.server.id);
      const [{ files }, last, status, program, openssl] = await Promise.all([
        dialect.desiredFiles(gw, c.server.customer.number, current),
        ports.jobs.lastApplied(c.server.id),
        gw.service(dialect.program).status(),
        gw.hasTool(dialect.program),
        dialect.canGenerateCertificates(gw),
      ]);
      const changedFiles = (await compareWithServer(gw, files, last)).filter((f) => f.status !== 'unchanged').length;
      return {
        pending: changedFiles > 0,
        changedFiles,
        lastApplied: appliedView(last),
        service: { state: status.state, endpoint: status.endpoint ?? null },
        // One key per tool: the program's check (`nginx`) and `openssl`.
        tools: { [dialect.program]: program.available, openssl } as Record<P | 'openssl', boolean>,
        counts: {
          vhosts: current.vhosts.length,
          redirects: current.vhosts.reduce((n, v) => n + v.redirects.length, 0),
          authentications: current.vhosts.reduce((n, v) => n + v.authentications.length, 0),
        },
      };
    },

    async config(c: SiteContext): Promise<ConfigView> {
      const gw = ports.gateway(c.server.id);
      const current = await state.load(c.em, c.server.id);
      const [{ files, certificates: statuses }, last] = await Promise.all([dialect.desiredFiles(gw, c.server.customer.number, current), ports.jobs.lastApplied(c.server.id)]);
      const compared = await compareWithServer(gw, files, last);
      const tlsNotices: ConfigView['tlsNotices'] = [];
      for (const v of current.vhosts) {
        const status = v.certificate ? statuses.get(v.certificate) : undefined;
        if (v.certificate && (status === 'missing' || status === 'will_generate')) tlsNotices.push({ vhostId: v.id, serverName: v.serverNames[0], certificate: v.certificate, status });
      }
      return { files: compared, diff: unifiedDiff(compared), pending: compared.some((f) => f.status !== 'unchanged'), lastApplied: appliedView(last), tlsNotices };
    },
  };
}
