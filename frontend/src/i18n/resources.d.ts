/**
 * Typed translation keys (issue 30): i18next checks every `t('…')` of the web app against the German texts
 * of the core namespaces and the SDK's `sdk`, so a misspelt or missing key is a type error. Plugin namespaces are
 * not listed here: their code uses the generated `useT()` (`plugins/<id>/generated/i18n.ts`), the web server
 * family's pages `useFamilyT()`; a key that is really built at run time goes through `runtimeT` (./runtimeT.ts).
 * The i18n completeness test keeps the English files' keys equal to these.
 */
import type auth from './locales/de/auth.json';
import type billing from './locales/de/billing.json';
import type common from './locales/de/common.json';
import type connection from './locales/de/connection.json';
import type customers from './locales/de/customers.json';
import type dashboard from './locales/de/dashboard.json';
import type demo from './locales/de/demo.json';
import type errors from './locales/de/errors.json';
import type impersonation from './locales/de/impersonation.json';
import type incidents from './locales/de/incidents.json';
import type invitations from './locales/de/invitations.json';
import type managed from './locales/de/managed.json';
import type notifications from './locales/de/notifications.json';
import type orders from './locales/de/orders.json';
import type ordersDomain from './locales/de/ordersDomain.json';
import type partner from './locales/de/partner.json';
import type password from './locales/de/password.json';
import type permissions from './locales/de/permissions.json';
import type privacy from './locales/de/privacy.json';
import type profile from './locales/de/profile.json';
import type security from './locales/de/security.json';
import type spotlight from './locales/de/spotlight.json';
import type tokens from './locales/de/tokens.json';
import type webhooks from './locales/de/webhooks.json';
import type sdk from '../../../plugins/sdk/web/i18n/de.json';

export interface CoreResources {
  auth: typeof auth;
  billing: typeof billing;
  common: typeof common;
  connection: typeof connection;
  customers: typeof customers;
  dashboard: typeof dashboard;
  demo: typeof demo;
  errors: typeof errors;
  impersonation: typeof impersonation;
  incidents: typeof incidents;
  invitations: typeof invitations;
  managed: typeof managed;
  notifications: typeof notifications;
  orders: typeof orders;
  ordersDomain: typeof ordersDomain;
  partner: typeof partner;
  password: typeof password;
  permissions: typeof permissions;
  privacy: typeof privacy;
  profile: typeof profile;
  security: typeof security;
  spotlight: typeof spotlight;
  tokens: typeof tokens;
  webhooks: typeof webhooks;
  sdk: typeof sdk;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: CoreResources;
    // Keys only: parsing every text for {{variables}} at the type level made the type check several times slower.
    parseInterpolation: false;
  }
}
