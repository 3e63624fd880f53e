import { accountHandlers } from './accounts.ts';
import { clusterHandlers } from './clusters.ts';
import { contractHandlers } from './contracts.ts';
import { invoiceHandlers } from './invoices.ts';
import { customerHandlers } from './customers.ts';
import { customerPaymentHandlers } from './customersPayment.ts';
import { customerHandleHandlers } from './customersHandles.ts';
import { clusterOverviewHandlers } from './customersClusters.ts';
import { sessionHandlers } from './session.ts';
import { profileHandlers } from './profile.ts';
import { passwordHandlers } from './password.ts';
import { securityHandlers } from './security.ts';
import { tokenHandlers } from './tokens.ts';
import { permissionHandlers } from './permissions.ts';
import { invitationHandlers } from './invitations.ts';
import { impersonationHandlers } from './impersonation.ts';
import { customerDocumentHandlers } from './customersDocuments.ts';
import { notificationHandlers } from './notifications.ts';
import { spotlightHandlers } from './spotlight.ts';
import { partnerHandlers } from './partner.ts';
import { orderAuthorizers, orderHandlers } from './orders.ts';
import { domainOrderHandlers } from './ordersDomain.ts';
import { demoHandlers } from '../demo/index.ts';
import { certificateOrderHandlers } from './ordersCertificate.ts';
import { webhookHandlers } from './webhooks.ts';

/** The handlers of every core operation (platform handlers need app state and are added by createApp). */
export const coreHandlers = {
  ...sessionHandlers,
  ...accountHandlers,
  ...clusterHandlers,
  ...contractHandlers,
  ...invoiceHandlers,
  ...customerHandlers,
  ...customerPaymentHandlers,
  ...customerHandleHandlers,
  ...clusterOverviewHandlers,
  ...securityHandlers,
  ...tokenHandlers,
  ...profileHandlers,
  ...passwordHandlers,
  ...permissionHandlers,
  ...invitationHandlers,
  ...impersonationHandlers,
  ...customerDocumentHandlers,
  ...notificationHandlers,
  ...spotlightHandlers,
  ...partnerHandlers,
  ...orderHandlers,
  ...domainOrderHandlers,
  ...demoHandlers,
  ...certificateOrderHandlers,
  ...webhookHandlers,
  // What impersonation sessions may not do (the user's own security actions, §6, and more) is declared in the
  // contract (`x-impersonation: deny`) and refused by the router before any handler runs.
};

/** Role checks that run before the body is validated (issue 31), by operation. */
export const coreAuthorizers = { ...orderAuthorizers };
