/** The search engines' shared part (Elasticsearch, OpenSearch, Solr): settings rules, JVM options, the cluster-state port. */
export * from './settings.ts';
export * from './cluster.ts';
