import { Migration } from '@mikro-orm/migrations';

/** §3 R3.044: a certificate owner also has a department, a D-U-N-S number and a federal state (all optional). */
export class Migration20261127210000CertificateOwnerFields extends Migration {
  override up(): void {
    this.addSql(`alter table "certificate_owners" add column "department" varchar(120) null, add column "duns" varchar(9) null, add column "federal_state" varchar(80) null;`);
  }

  override down(): void {
    this.addSql(`alter table "certificate_owners" drop column "department", drop column "duns", drop column "federal_state";`);
  }
}
