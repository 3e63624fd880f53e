/**
 * The cores of the server's Solr, read from its plain HTTP admin API with `fetch` (Solr has no official Node
 * client): `GET /solr/admin/info/system` (version, mode), `/solr/admin/cores?action=STATUS` (each core's index:
 * documents, size; `initFailures`: cores that failed to load — red), `/solr/admin/info/properties` (the
 * `solr.modules` it started with). A few seconds' time-out each; an error status or no answer rejects, which the
 * SDK's `readSearchCluster` turns into `reachable: false`.
 */
import { countOf, pluginList, type SearchClusterReading, type ServerGateway } from '@portal/plugin-sdk/server';
import { defaultPort } from './program.ts';

/** Where the server's Solr listens (prepare → render; the reading connects there). */
export const solrAddress = (gateway: Pick<ServerGateway, 'listenAddress'>) => gateway.listenAddress('solr', defaultPort);

interface CoreStatus {
  name?: string;
  index?: { numDocs?: number; sizeInBytes?: number };
}

async function admin<T>(base: string, path: string): Promise<T> {
  const r = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(5000), headers: { accept: 'application/json' } });
  if (!r.ok) throw new Error(`solr ${path}: ${r.status}`);
  return (await r.json()) as T;
}

/** One reading of Solr at `host:port`. */
export async function readSolr(at: { host: string; port: number }): Promise<SearchClusterReading> {
  const base = `http://${at.host}:${at.port}`;
  const [system, cores, properties] = await Promise.all([
    admin<{ mode?: string; lucene?: { 'solr-spec-version'?: string } }>(base, '/solr/admin/info/system?wt=json'),
    admin<{ status?: Record<string, CoreStatus>; initFailures?: Record<string, string> }>(base, '/solr/admin/cores?action=STATUS&wt=json'),
    admin<{ 'system.properties'?: Record<string, string> }>(base, '/solr/admin/info/properties?wt=json'),
  ]);
  const failed = Object.keys(cores.initFailures ?? {});
  const loaded = Object.entries(cores.status ?? {}).filter(([name, s]) => !failed.includes(name) && s.index);
  const indices = [
    ...loaded.map(([name, s]) => ({ name, health: 'green' as const, status: 'open' as const, documents: countOf(s.index?.numDocs), sizeBytes: countOf(s.index?.sizeInBytes), primaries: 1, replicas: 0 })),
    ...failed.map((name) => ({ name, health: 'red' as const, status: 'open' as const, documents: 0, sizeBytes: 0, primaries: 1, replicas: 0 })),
  ];
  return {
    version: String(system.lucene?.['solr-spec-version'] ?? '').slice(0, 32),
    clusterName: system.mode === 'solrcloud' ? 'solrcloud' : 'standalone',
    status: failed.length ? 'red' : 'green',
    nodes: 1,
    indices,
    plugins: pluginList(properties['system.properties']?.['solr.modules'] ?? ''),
    snapshotRepository: null,
  };
}
