/**
 * The cluster state of the server's Elasticsearch through the official client (`@elastic/elasticsearch` 8, which
 * speaks the 8.x REST API and checks the engine's product header): one short-lived client per reading, to
 * where the gateway says the engine listens, no retries, a few seconds' time-out — an engine that does not
 * answer is `reachable: false` (the SDK's `readSearchCluster`).
 */
import { Client, errors } from '@elastic/elasticsearch';
import { countOf, searchHealth, type SearchClusterReading, type ServerGateway } from '@portal/plugin-sdk/server';
import { defaultPort } from './program.ts';

/** The repository the portal registers for snapshots into the backup store. */
export const repositoryName = 'portal-backups';

/** Where the server's Elasticsearch listens (prepare → render; the reading connects there). */
export const elasticsearchAddress = (gateway: Pick<ServerGateway, 'listenAddress'>) => gateway.listenAddress('elasticsearch', defaultPort);

/** One reading of the engine at `host:port`. */
export async function readElasticsearch(at: { host: string; port: number }): Promise<SearchClusterReading> {
  const client = new Client({ node: `http://${at.host}:${at.port}`, requestTimeout: 5000, maxRetries: 0, sniffOnStart: false });
  try {
    const [info, health, indices, plugins, repository] = await Promise.all([
      client.info(),
      client.cluster.health(),
      client.cat.indices({ format: 'json', bytes: 'b' }),
      client.cat.plugins({ format: 'json' }),
      client.snapshot.getRepository({ name: repositoryName }).catch((e: unknown) => {
        if (e instanceof errors.ResponseError && e.statusCode === 404) return {};
        throw e;
      }),
    ]);
    const repo = (repository as Record<string, { settings?: { location?: string } }>)[repositoryName];
    return {
      version: info.version.number.slice(0, 32),
      clusterName: info.cluster_name,
      status: searchHealth(health.status),
      nodes: health.number_of_nodes,
      indices: indices.map((i) => ({
        name: i.index ?? '',
        health: searchHealth(i.health),
        status: i.status === 'close' ? 'closed' : 'open',
        documents: countOf(i['docs.count']),
        sizeBytes: countOf(i['store.size']),
        primaries: countOf(i.pri),
        replicas: countOf(i.rep),
      })),
      plugins: [...new Set(plugins.map((p) => p.component ?? '').filter(Boolean))],
      snapshotRepository: repo ? { name: repositoryName, location: String(repo.settings?.location ?? '') } : null,
    };
  } finally {
    await client.close();
  }
}
