/**
 * The cluster state of the server's OpenSearch through the official client (`@opensearch-project/opensearch` 3,
 * which speaks OpenSearch 1–3 and answers `{ body, statusCode }`): one short-lived client per reading, to where the
 * gateway says the engine listens, no retries, a few seconds' time-out — an engine that does not answer is
 * `reachable: false` (the SDK's `readSearchCluster`).
 */
import { Client, errors } from '@opensearch-project/opensearch';
import { countOf, searchHealth, type SearchClusterReading, type ServerGateway } from '@portal/plugin-sdk/server';
import { defaultPort } from './program.ts';

/** The repository the portal registers for snapshots into the backup store. */
export const repositoryName = 'portal-backups';

/** Where the server's OpenSearch listens (prepare → render; the reading connects there). */
export const openSearchAddress = (gateway: Pick<ServerGateway, 'listenAddress'>) => gateway.listenAddress('opensearch', defaultPort);

/** One reading of the engine at `host:port`. */
export async function readOpenSearch(at: { host: string; port: number }): Promise<SearchClusterReading> {
  const client = new Client({ node: `http://${at.host}:${at.port}`, requestTimeout: 5000, maxRetries: 0 });
  try {
    const [info, health, indices, plugins, repository] = await Promise.all([
      client.info(),
      client.cluster.health(),
      client.cat.indices({ format: 'json', bytes: 'b' }),
      client.cat.plugins({ format: 'json' }),
      client.snapshot.getRepository({ repository: repositoryName }).catch((e: unknown) => {
        if (e instanceof errors.ResponseError && e.statusCode === 404) return { body: {} };
        throw e;
      }),
    ]);
    const repo = (repository.body as Record<string, { settings?: { location?: string } }>)[repositoryName];
    return {
      version: String(info.body.version.number).slice(0, 32),
      clusterName: info.body.cluster_name,
      status: searchHealth(health.body.status),
      nodes: health.body.number_of_nodes,
      indices: (indices.body as Record<string, string | null | undefined>[]).map((i) => ({
        name: i.index ?? '',
        health: searchHealth(i.health),
        status: i.status === 'close' ? 'closed' : 'open',
        documents: countOf(i['docs.count']),
        sizeBytes: countOf(i['store.size']),
        primaries: countOf(i.pri),
        replicas: countOf(i.rep),
      })),
      plugins: [...new Set((plugins.body as { component?: string }[]).map((p) => p.component ?? '').filter(Boolean))],
      snapshotRepository: repo ? { name: repositoryName, location: String(repo.settings?.location ?? '') } : null,
    };
  } finally {
    await client.close();
  }
}
