# Examples of the __id__ plugin's operations (openapi/scripts/bundle.ts merges them into the published contract and
# bff/src/openapi/examples.test.ts sends each one as published). Server 2 is web01.c20011 of cluster 1 (20011),
# administrated by admin@demo.example; use the demo server that runs `__service__`.
get__Pascal__Settings:
  as: admin@demo.example
  parameters: { clusterId: 1, serverId: 2 }
update__Pascal__Settings:
  as: admin@demo.example
  parameters: { clusterId: 1, serverId: 2 }
  body: { maxClients: 2000, timeoutSeconds: 300, logLevel: notice, bindAddress: 127.0.0.1, protectedMode: true }
apply__Pascal__:
  as: admin@demo.example
  parameters: { clusterId: 1, serverId: 2 }
get__Pascal__Files:
  as: admin@demo.example
  parameters: { clusterId: 1, serverId: 2 }
