import { defineWebPlugin } from '@portal/plugin-sdk/web';
import { DomainPage } from './DomainPage.tsx';
import { DomainsPage } from './DomainsPage.tsx';
import { AliasFormPage, DomainFormPage, MailboxFormPage } from './Forms.tsx';

export default defineWebPlugin({
  routes: [
    { path: '', Component: DomainsPage },
    { path: 'create', Component: DomainFormPage },
    { path: 'domains/:domainId', Component: DomainPage },
    { path: 'domains/:domainId/edit', Component: DomainFormPage },
    { path: 'domains/:domainId/mailboxes/create', Component: MailboxFormPage },
    { path: 'domains/:domainId/aliases/create', Component: AliasFormPage },
    { path: 'mailboxes/:mailboxId', Component: MailboxFormPage },
    { path: 'aliases/:aliasId', Component: AliasFormPage },
  ],
});
