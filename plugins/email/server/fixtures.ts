/** The demo server's mail: a domain with two mailboxes and an alias, and an empty old domain. */
export const demoDomains = [
  { name: 'shop.example', dkimSelector: 'mail', senderBcc: '', recipientBcc: '' },
  { name: 'old-shop.example', dkimSelector: 'mail', senderBcc: '', recipientBcc: '' },
];
export const demoMailboxes = [
  { domain: 'shop.example', localPart: 'info', quotaMb: 2048, senderBcc: '', recipientBcc: '' },
  { domain: 'shop.example', localPart: 'orders', quotaMb: 4096, senderBcc: 'archive@shop.example', recipientBcc: '' },
];
export const demoAliases = [{ domain: 'shop.example', localPart: 'sales', destinations: 'orders@shop.example' }];
