import { Migration } from '@mikro-orm/migrations';

/** Payment data of a customer: SEPA mandate, credit card token (never the number), the open-invoices choice. */
export class Migration20261124060000CustomerPayment extends Migration {
  override up(): void {
    this.addSql(`alter table "customers" add column "mandate_reference" varchar(35) null, add column "mandate_date" timestamptz null, add column "card_token" varchar(255) null, add column "card_brand" varchar(32) null, add column "card_expiry" varchar(7) null, add column "payment_applies_to_open_invoices" boolean not null default false;`);
    this.addSql(`create table "local_card_tokens" ("id" serial primary key, "token_hash" varchar(64) not null, "brand" varchar(32) not null, "last4" varchar(4) not null, "expiry" varchar(7) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null);`);
    this.addSql(`alter table "local_card_tokens" add constraint "local_card_tokens_token_hash_unique" unique ("token_hash");`);
  }
}
