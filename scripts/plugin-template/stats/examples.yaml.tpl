# Examples of the __id__ plugin's operations (openapi/scripts/bundle.ts merges them into the published contract and
# bff/src/openapi/examples.test.ts sends each one as published). Server 2 is web01.c20011 of cluster 1 (20011),
# administrated by admin@demo.example; use the demo server that runs `__service__`.
get__Pascal__Stats:
  as: admin@demo.example
  parameters: { clusterId: 1, serverId: 2, range: 24h }
watch__Pascal__:
  as: admin@demo.example
  parameters: { clusterId: 1, serverId: 2 }
