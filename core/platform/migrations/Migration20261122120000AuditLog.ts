import { Migration } from '@mikro-orm/migrations';

/** The audit log (impersonation, revoked permissions). */
export class Migration20261122120000AuditLog extends Migration {
  override up(): void {
    this.addSql(`create table "audit_log" ("id" serial primary key, "action" varchar(64) not null, "actor_id" int null, "actor_email" varchar(254) null, "subject_id" int null, "subject_email" varchar(254) null, "ip" varchar(64) null, "details" jsonb null, "occurred_at" timestamptz not null);`);
    this.addSql(`create index "audit_log_action_index" on "audit_log" ("action");`);
    this.addSql(`create index "audit_log_actor_id_index" on "audit_log" ("actor_id");`);
    this.addSql(`create index "audit_log_subject_id_index" on "audit_log" ("subject_id");`);
    this.addSql(`create index "audit_log_occurred_at_index" on "audit_log" ("occurred_at");`);
  }
}
