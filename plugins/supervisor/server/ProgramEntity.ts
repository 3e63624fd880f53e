import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One variable of a program's environment as stored. */
export interface StoredVariable {
  name: string;
  secret: boolean;
  value?: string;
  sealed?: string;
}

/** One supervisor program of a server: the desired state rendered into `/etc/supervisor/conf.d/portal.conf`. */
export const SupervisorProgram = defineEntity({
  name: 'SupervisorProgram',
  tableName: 'supervisor_programs',
  properties: {
    id: p.integer().primary().autoincrement(),
    serverId: p.integer().index(),
    name: p.string().length(40),
    command: p.string().length(900),
    directory: p.string().length(255),
    user: p.string().length(20),
    numprocs: p.integer(),
    autostart: p.boolean(),
    autorestart: p.string().length(12),
    startsecs: p.integer(),
    stopwaitsecs: p.integer(),
    stopsignal: p.string().length(4),
    /**
     * The environment variables, in order: `value` for a plain one, `sealed` (the portal's secret box, context
     * `supervisor-env:<serverId>`) for a secret one — never its value in the clear.
     */
    environment: p.json<StoredVariable[]>().default('[]'),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type SupervisorProgram = InferEntity<typeof SupervisorProgram>;
