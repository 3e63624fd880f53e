import type { Schemas } from '@portal/openapi';

/** What the backups plugin publishes to the server's room (`backups.run`: a run moved to another stage or ended). */
export interface BackupsEvents {
  run: Schemas['BackupRun'];
}
