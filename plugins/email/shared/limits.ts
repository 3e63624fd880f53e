/** Limits per server (the rules refuse more with `too_many`; the web pages read every page of a list up to them). */
export const maxDomainsPerServer = 200;
export const maxMailboxesPerServer = 500;
export const maxAliasesPerServer = 500;
