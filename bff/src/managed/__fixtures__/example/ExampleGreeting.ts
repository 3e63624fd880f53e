import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** The desired state of the example plugin: one greeting per server. */
export const ExampleGreeting = defineEntity({
  name: 'ExampleGreeting',
  tableName: 'example_greetings',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().unique(),
    text: p.string().length(80),
  },
});
export type ExampleGreeting = InferEntity<typeof ExampleGreeting>;
