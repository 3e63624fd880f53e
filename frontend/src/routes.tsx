import type { RouteObject } from 'react-router';
import { GuestOnly, RequireAuth, RequirePartner } from './auth/guards';
import RouteError from './pages/RouteError';
import { lazyPage } from './shell/lazyPage';
import { Shell } from './shell/Shell';

/** Every route of the SPA under `/a/` (§2); each page is its own chunk. */
export const routes: RouteObject[] = [
  {
    element: <Shell />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { element: <GuestOnly />, children: [{ path: 'login', lazy: lazyPage(() => import('./auth/LoginPage')) }] },
          {
            element: <GuestOnly />,
            children: [
              { path: 'password/forgot', lazy: lazyPage(() => import('./pages/password/ForgotPasswordPage'), ['password']) },
              { path: 'password/reset/:token', lazy: lazyPage(() => import('./pages/password/ResetPasswordPage'), ['password']) },
            ],
          },
          { path: 'logout', lazy: lazyPage(() => import('./auth/LogoutPage')) },
          { path: 'data-protection', lazy: lazyPage(() => import('./pages/privacy/PrivacyPolicyPage'), ['privacy']) },
          { path: 'datenschutz', lazy: lazyPage(() => import('./pages/privacy/PrivacyPolicyPage'), ['privacy']) },
          { path: 'not-allowed', lazy: lazyPage(() => import('./pages/NotAllowedPage')) },
          { element: <GuestOnly />, children: [{ path: 'invitation/:token/:email', lazy: lazyPage(() => import('./pages/invitation/GuestInvitationPage'), ['invitations']) }] },
          { path: 'registration/:type/:token/:email/:id', lazy: lazyPage(() => import('./pages/registration/RegistrationPage'), ['invitations', 'password']) },
          { path: 'invoice/public/:token', lazy: lazyPage(() => import('./pages/invoices/PublicInvoicePage'), ['billing']) },
          { path: 'invoice/public', lazy: lazyPage(() => import('./pages/invoices/PublicInvoicePage').then((m) => ({ default: m.LegacyPublicInvoiceRedirect })), ['billing']) },
          { path: 'impersonate-two-factor-challenge/:userId/:token', lazy: lazyPage(() => import('./pages/impersonation/ImpersonationChallengePage'), ['impersonation']) },
          {
            element: <RequireAuth />,
            children: [
              { index: true, lazy: lazyPage(() => import('./pages/dashboard/DashboardPage'), ['dashboard', 'customers', 'managed']) },
              {
                // My data (§2): the five sections inside one layout; each section's page is a child.
                path: 'profile',
                lazy: lazyPage(() => import('./pages/profile/ProfileLayout')),
                children: [
                  { index: true, lazy: lazyPage(() => import('./pages/profile/personal/PersonalDataPage'), ['profile']) },
                  { path: 'security', lazy: lazyPage(() => import('./pages/profile/security/SecurityPage'), ['profile', 'security', 'password']) },
                  { path: 'personal-access-token', lazy: lazyPage(() => import('./pages/profile/tokens/PersonalAccessTokensPage'), ['profile', 'tokens']) },
                  { path: 'permissions', lazy: lazyPage(() => import('./pages/profile/permissions/PermissionsPage'), ['profile', 'permissions']) },
                  { path: 'notifications', lazy: lazyPage(() => import('./pages/profile/notifications/NotificationsPage'), ['profile']) },
                  { path: '*', lazy: lazyPage(() => import('./pages/NotFoundPage')) },
                ],
              },
              { path: 'clusters/:clusterId/servers/:serverId/managed/*', lazy: lazyPage(() => import('./managed/ManagedCenterPage'), ['managed', 'incidents', 'connection']) },
              { path: 'clusters/:clusterId/servers/:serverId/incidents', lazy: lazyPage(() => import('./pages/incidents/IncidentTimelinePage'), ['incidents', 'managed']) },
              { path: 'customers/:customerId/edit', lazy: lazyPage(() => import('./pages/customers/CustomerDashboardPage'), ['customers', 'webhooks']) },
              { path: 'clusters/:clusterId/webhooks', lazy: lazyPage(() => import('./pages/webhooks/ClusterWebhooksPage'), ['webhooks']) },
              { path: 'customers/:customerId/dpa/completed', lazy: lazyPage(() => import('./pages/customers/DpaCompletedPage'), ['customers']) },
              { path: 'impersonation', lazy: lazyPage(() => import('./pages/impersonation/ImpersonationStartPage'), ['impersonation']) },
              { path: 'invitation/:type/:token/:email/:id', lazy: lazyPage(() => import('./pages/invitation/InvitationPage'), ['invitations']) },
              { path: 'contracts', lazy: lazyPage(() => import('./pages/contracts/ContractsPage'), ['billing']) },
              { path: 'contracts/:type/:contractId', lazy: lazyPage(() => import('./pages/contracts/ContractDetailPage'), ['billing']) },
              { path: 'contracts/:contractId/cluster/termination', lazy: lazyPage(() => import('./pages/contracts/terminationRoutes').then((m) => ({ default: m.CreateTermination })), ['billing']) },
              { path: 'contracts/:contractId/cluster/termination/show', lazy: lazyPage(() => import('./pages/contracts/terminationRoutes').then((m) => ({ default: m.ShowTermination })), ['billing']) },
              { path: 'contracts/:contractId/cluster/termination/:terminationId', lazy: lazyPage(() => import('./pages/contracts/terminationRoutes').then((m) => ({ default: m.ShowTermination })), ['billing']) },
              { path: 'contracts/:contractId/cluster/termination/:terminationId/edit', lazy: lazyPage(() => import('./pages/contracts/terminationRoutes').then((m) => ({ default: m.EditTermination })), ['billing']) },
              { path: 'contracts/:contractId/domain/termination', lazy: lazyPage(() => import('./pages/contracts/DomainTerminationPage'), ['billing']) },
              { path: 'contracts/*', lazy: lazyPage(() => import('./pages/NotFoundPage')) },
              { path: 'invoices', lazy: lazyPage(() => import('./pages/invoices/InvoicesPage'), ['billing']) },
              { path: 'invoices/:invoiceId', lazy: lazyPage(() => import('./pages/invoices/routes').then((m) => ({ default: m.InvoiceOverview })), ['billing']) },
              { path: 'invoices/:invoiceId/details', lazy: lazyPage(() => import('./pages/invoices/routes').then((m) => ({ default: m.InvoiceDetails })), ['billing']) },
              { path: 'invoices/*', lazy: lazyPage(() => import('./pages/NotFoundPage')) },
              { path: 'orders', lazy: lazyPage(() => import('./pages/orders/OrdersPage'), ['orders', 'ordersDomain', 'customers']) },
              { path: 'orders/cluster', lazy: lazyPage(() => import('./pages/orders/ClusterOrderWizard'), ['orders', 'customers']) },
              { path: 'orders/domain', lazy: lazyPage(() => import('./pages/orders/domain/DomainOrderWizard'), ['orders', 'ordersDomain', 'customers']) },
              { path: 'orders/certificate', lazy: lazyPage(() => import('./pages/orders/certificate/CertificateOrderWizard'), ['orders', 'ordersDomain', 'customers']) },
              { path: 'orders/:type/:number', lazy: lazyPage(() => import('./pages/orders/OrdersPage'), ['orders', 'ordersDomain', 'customers']) },
              { path: 'orders/*', lazy: lazyPage(() => import('./pages/NotFoundPage')) },
              {
                // Partner managers only (§2, §5); the authorised-users route is ours (§2 leaves it open).
                path: 'partner',
                element: <RequirePartner />,
                children: [
                  { path: 'payments/:partnerId?/:customerId?', lazy: lazyPage(() => import('./pages/partner/PayoutsPage'), ['partner']) },
                  { path: 'material', lazy: lazyPage(() => import('./pages/partner/MaterialPage'), ['partner']) },
                  { path: 'contracts/:partnerId?', lazy: lazyPage(() => import('./pages/partner/ContractsPage'), ['partner']) },
                  { path: 'users/:partnerId?', lazy: lazyPage(() => import('./pages/partner/AuthorizedUsersPage'), ['partner']) },
                  { path: ':partnerId?/:year?', lazy: lazyPage(() => import('./pages/partner/OverviewPage'), ['partner']) },
                  { path: '*', lazy: lazyPage(() => import('./pages/NotFoundPage')) },
                ],
              },
            ],
          },
          { path: '*', lazy: lazyPage(() => import('./pages/NotFoundPage')) },
        ],
      },
    ],
  },
];
