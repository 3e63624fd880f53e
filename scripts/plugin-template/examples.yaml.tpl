# Examples of the __id__ plugin's operations (openapi/scripts/bundle.ts merges them into the published contract and
# bff/src/openapi/examples.test.ts sends each one as published). Server 2 is web01.c20011 of cluster 1 (20011),
# administrated by admin@demo.example; use the demo server that runs `__service__` once the demo seed has entries.
list__Pascal__Items:
  as: admin@demo.example
  parameters: { clusterId: 1, serverId: 2, page: 1, per_page: 25 }
create__Pascal__Item:
  as: admin@demo.example
  parameters: { clusterId: 1, serverId: 2 }
  body: { name: max_memory, value: 256M }
get__Pascal__Item:
  as: admin@demo.example
  parameters: { clusterId: 1, serverId: 2, itemId: 1 }
update__Pascal__Item:
  as: admin@demo.example
  parameters: { clusterId: 1, serverId: 2, itemId: 1 }
  body: { name: max_memory, value: 512M }
delete__Pascal__Item:
  as: admin@demo.example
  parameters: { clusterId: 1, serverId: 2, itemId: 1 }
apply__Pascal__:
  as: admin@demo.example
  parameters: { clusterId: 1, serverId: 2 }
get__Pascal__Files:
  as: admin@demo.example
  parameters: { clusterId: 1, serverId: 2 }
