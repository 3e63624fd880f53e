import type { RouteObject } from 'react-router';
import { GuestOnly, RequireAuth, RequirePartner } from './auth/guards';
import RouteError from './pages/RouteError';
import { lazyPage } from './shell/chunks';
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
              { path: 'password/forgot', lazy: lazyPage(() => import('./pages/password/ForgotPasswordPage')) },
              { path: 'password/reset/:token', lazy: lazyPage(() => import('./pages/password/ResetPasswordPage')) },
            ],
          },
          { path: 'logout', lazy: lazyPage(() => import('./auth/LogoutPage')) },
          { path: 'data-protection', lazy: lazyPage(() => import('./pages/privacy/PrivacyPolicyPage')) },
          { path: 'datenschutz', lazy: lazyPage(() => import('./pages/privacy/PrivacyPolicyPage')) },
          { path: 'not-allowed', lazy: lazyPage(() => import('./pages/NotAllowedPage')) },
          { element: <GuestOnly />, children: [{ path: 'invitation/:token/:email', lazy: lazyPage(() => import('./pages/invitation/GuestInvitationPage')) }] },
          { path: 'registration/:type/:token/:email/:id', lazy: lazyPage(() => import('./pages/registration/RegistrationPage')) },
          { path: 'invoice/public/:token', lazy: lazyPage(() => import('./pages/invoices/PublicInvoicePage')) },
          { path: 'invoice/public', lazy: lazyPage(() => import('./pages/invoices/PublicInvoicePage').then((m) => ({ default: m.LegacyPublicInvoiceRedirect }))) },
          { path: 'impersonate-two-factor-challenge/:userId/:token', lazy: lazyPage(() => import('./pages/impersonation/ImpersonationChallengePage')) },
          {
            element: <RequireAuth />,
            children: [
              { index: true, lazy: lazyPage(() => import('./pages/dashboard/DashboardPage')) },
              {
                // My data (§2): the five sections inside one layout; each section's page is a child.
                path: 'profile',
                lazy: lazyPage(() => import('./pages/profile/ProfileLayout')),
                children: [
                  { index: true, lazy: lazyPage(() => import('./pages/profile/personal/PersonalDataPage')) },
                  { path: 'security', lazy: lazyPage(() => import('./pages/profile/security/SecurityPage')) },
                  { path: 'personal-access-token', lazy: lazyPage(() => import('./pages/profile/tokens/PersonalAccessTokensPage')) },
                  { path: 'permissions', lazy: lazyPage(() => import('./pages/profile/permissions/PermissionsPage')) },
                  { path: 'notifications', lazy: lazyPage(() => import('./pages/profile/notifications/NotificationsPage')) },
                  { path: '*', lazy: lazyPage(() => import('./pages/NotFoundPage')) },
                ],
              },
              { path: 'clusters/:clusterId/servers/:serverId/managed/*', lazy: lazyPage(() => import('./managed/ManagedCenterPage')) },
              { path: 'clusters/:clusterId/servers/:serverId/incidents', lazy: lazyPage(() => import('./pages/incidents/IncidentTimelinePage')) },
              { path: 'customers/:customerId/edit', lazy: lazyPage(() => import('./pages/customers/CustomerDashboardPage')) },
              { path: 'customers/:customerId/dpa/completed', lazy: lazyPage(() => import('./pages/customers/DpaCompletedPage')) },
              { path: 'impersonation', lazy: lazyPage(() => import('./pages/impersonation/ImpersonationStartPage')) },
              { path: 'invitation/:type/:token/:email/:id', lazy: lazyPage(() => import('./pages/invitation/InvitationPage')) },
              { path: 'contracts', lazy: lazyPage(() => import('./pages/contracts/ContractsPage')) },
              { path: 'contracts/:type/:contractId', lazy: lazyPage(() => import('./pages/contracts/ContractDetailPage')) },
              { path: 'contracts/:contractId/cluster/termination', lazy: lazyPage(() => import('./pages/contracts/terminationRoutes').then((m) => ({ default: m.CreateTermination }))) },
              { path: 'contracts/:contractId/cluster/termination/show', lazy: lazyPage(() => import('./pages/contracts/terminationRoutes').then((m) => ({ default: m.ShowTermination }))) },
              { path: 'contracts/:contractId/cluster/termination/:terminationId', lazy: lazyPage(() => import('./pages/contracts/terminationRoutes').then((m) => ({ default: m.ShowTermination }))) },
              { path: 'contracts/:contractId/cluster/termination/:terminationId/edit', lazy: lazyPage(() => import('./pages/contracts/terminationRoutes').then((m) => ({ default: m.EditTermination }))) },
              { path: 'contracts/:contractId/domain/termination', lazy: lazyPage(() => import('./pages/contracts/DomainTerminationPage')) },
              { path: 'contracts/*', lazy: lazyPage(() => import('./pages/NotFoundPage')) },
              { path: 'invoices', lazy: lazyPage(() => import('./pages/invoices/InvoicesPage')) },
              { path: 'invoices/:invoiceId', lazy: lazyPage(() => import('./pages/invoices/routes').then((m) => ({ default: m.InvoiceOverview }))) },
              { path: 'invoices/:invoiceId/details', lazy: lazyPage(() => import('./pages/invoices/routes').then((m) => ({ default: m.InvoiceDetails }))) },
              { path: 'invoices/*', lazy: lazyPage(() => import('./pages/NotFoundPage')) },
              { path: 'orders', lazy: lazyPage(() => import('./pages/orders/OrdersPage')) },
              { path: 'orders/cluster', lazy: lazyPage(() => import('./pages/orders/ClusterOrderWizard')) },
              { path: 'orders/domain', lazy: lazyPage(() => import('./pages/orders/domain/DomainOrderWizard')) },
              { path: 'orders/certificate', lazy: lazyPage(() => import('./pages/orders/certificate/CertificateOrderWizard')) },
              { path: 'orders/:type/:number', lazy: lazyPage(() => import('./pages/orders/OrdersPage')) },
              { path: 'orders/*', lazy: lazyPage(() => import('./pages/NotFoundPage')) },
              {
                // Partner managers only (§2, §5); the authorised-users route is ours (§2 leaves it open).
                path: 'partner',
                element: <RequirePartner />,
                children: [
                  { path: 'payments/:partnerId?/:customerId?', lazy: lazyPage(() => import('./pages/partner/PayoutsPage')) },
                  { path: 'material', lazy: lazyPage(() => import('./pages/partner/MaterialPage')) },
                  { path: 'contracts/:partnerId?', lazy: lazyPage(() => import('./pages/partner/ContractsPage')) },
                  { path: 'users/:partnerId?', lazy: lazyPage(() => import('./pages/partner/AuthorizedUsersPage')) },
                  { path: ':partnerId?/:year?', lazy: lazyPage(() => import('./pages/partner/OverviewPage')) },
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
