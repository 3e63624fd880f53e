import InvoicePage from './InvoicePage';

/** `/invoices/{id}` and `/invoices/{id}/details`, one component per route. */
export const InvoiceOverview = () => <InvoicePage />;
export const InvoiceDetails = () => <InvoicePage details />;
