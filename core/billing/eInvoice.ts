import type * as EInvoiceLibrary from '@e-invoice-eu/core';
import type { Customer } from '../customers/index.ts';
import type { Invoice, InvoicePosition } from './Invoice.ts';
import { cachedInvoicePdf, provider, type InvoiceLanguage } from './invoicePdf.ts';
import { centsToDecimal, VAT_PERCENT } from './money.ts';
import { DAYS_PER_BILLING_MONTH } from './proration.ts';

/**
 * E-invoices (mandatory for German B2B): every invoice as ZUGFeRD/Factur-X (PDF/A-3 with the CII XML of
 * the EN 16931 profile embedded in our own PDF) and as XRechnung (CII syntax). Built with the maintained
 * `@e-invoice-eu/core` from the EN 16931 data of the invoice (docs/decisions.md, Billing e-invoice).
 */
export const eInvoiceFormats = ['factur-x', 'xrechnung'] as const;
export type EInvoiceFormat = (typeof eInvoiceFormats)[number];

/** The provider's e-invoice details (seller, BG-4/BG-6): demo values like the PDF's, §9. */
export const sellerContact = {
  name: 'Buchhaltung Managed Hosting',
  phone: '+49 30 1234567-0',
  email: 'rechnung@managed-hosting.example',
  postalZone: '10115',
  city: 'Berlin',
};

/** UN/ECE Recommendation 20 unit codes of the position units. */
const unitCodes: Record<InvoicePosition['unit'], string> = { month: 'MON', day: 'DAY', piece: 'H87', year: 'ANN' };

/**
 * The unit price (BT-146) with two decimals and its base quantity (BT-149), so that quantity × price ÷ base
 * quantity is the line's amount before its one rounding: monthly, yearly and piece prices are whole cents;
 * a daily line (hardware, storage, add-ons) is billed at a 30-day month's share of the monthly unit price, so
 * its price is that monthly price per 30 days — exact, where a daily price in cents or 1/10,000 euro is not.
 */
export function unitPrice(p: Pick<InvoicePosition, 'unit' | 'unitPrice4'>): { amount: string; baseQuantity: number } {
  if (p.unit !== 'day') return { amount: centsToDecimal(Math.round(p.unitPrice4 / 100)), baseQuantity: 1 };
  // unitPrice4 is the monthly price ÷ 30 rounded to 1/10,000 euro: × 30 is within 0.15 cent of it, so this recovers it.
  return { amount: centsToDecimal(Math.round((p.unitPrice4 * DAYS_PER_BILLING_MONTH) / 100)), baseQuantity: DAYS_PER_BILLING_MONTH };
}

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

/** The library's CII tree: elements as keys, `@` for attributes. */
type CiiNode = { [key: string]: CiiNode | CiiNode[] | string };

/**
 * BT-90 in CII. The library takes the creditor identifier only from the payee party (UBL's binding of BT-90)
 * and writes it to `CreditorReferenceID` — and also a `PayeeTradeParty`, which for a payee that is the seller
 * itself breaks the CEN CII rule BR-17 (a payee must differ from the seller). CII carries BT-90 on its own,
 * so after the library's mapping a payee that only repeats the seller's name is dropped. Once per process,
 * on the library's CII formatter that the XRechnung and Factur-X formatters extend.
 */
let loaded: Promise<typeof EInvoiceLibrary> | undefined;
/**
 * The library, loaded at the first e-invoice (it brings a spreadsheet reader and ~1 s of module loading that
 * every portal start and test file paid for before), with the payee fix below applied once.
 */
function library(): Promise<typeof EInvoiceLibrary> {
  return (loaded ??= import('@e-invoice-eu/core').then((lib) => {
    const ciiFormatter = Object.getPrototypeOf(new lib.FormatFactoryService().createFormatService('CII', quiet)) as { postProcess(cii: CiiNode): void; portalPayee?: true };
    if (!ciiFormatter.portalPayee) {
      const original = ciiFormatter.postProcess;
      ciiFormatter.postProcess = function (this: unknown, cii: CiiNode) {
        original.call(this, cii);
        const transaction = (cii['rsm:CrossIndustryInvoice'] as CiiNode | undefined)?.['rsm:SupplyChainTradeTransaction'] as CiiNode | undefined;
        const settlement = transaction?.['ram:ApplicableHeaderTradeSettlement'] as CiiNode | undefined;
        const payee = settlement?.['ram:PayeeTradeParty'] as CiiNode | undefined;
        const seller = (transaction?.['ram:ApplicableHeaderTradeAgreement'] as CiiNode | undefined)?.['ram:SellerTradeParty'] as CiiNode | undefined;
        if (settlement && payee && settlement['ram:CreditorReferenceID'] && payee['ram:Name'] === seller?.['ram:Name']) delete settlement['ram:PayeeTradeParty'];
      };
      ciiFormatter.portalPayee = true;
    }
    return lib;
  }));
}

/** What the e-invoice needs of the configuration: the provider's SEPA creditor identifier (BT-90, `CREDITOR_ID`). */
export type EInvoiceSettings = { creditorId: string };

/** Whether the invoice is collected by SEPA direct debit (BG-19: mandate, creditor identifier, debited account). */
const isDirectDebit = (invoice: Invoice, customer: Customer) => invoice.paymentMethod === 'debit' && !!customer.iban && !!customer.mandateReference;

/** The payment means (BG-16) of the invoice's payment method: SEPA transfer (58), SEPA direct debit (59) or card (54). */
function paymentMeans(invoice: Invoice, customer: Customer): Record<string, unknown> {
  if (isDirectDebit(invoice, customer))
    return { 'cbc:PaymentMeansCode': '59', 'cac:PaymentMandate': { 'cbc:ID': customer.mandateReference, 'cac:PayerFinancialAccount': { 'cbc:ID': customer.iban } } };
  if (invoice.paymentMethod === 'credit_card' && customer.cardLast4)
    return { 'cbc:PaymentMeansCode': '54', 'cac:CardAccount': { 'cbc:PrimaryAccountNumberID': customer.cardLast4, 'cbc:NetworkID': customer.cardBrand ?? 'card' } };
  return {
    'cbc:PaymentMeansCode': '58',
    'cbc:PaymentID': invoice.number,
    'cac:PayeeFinancialAccount': { 'cbc:ID': provider.iban, 'cbc:Name': provider.name, 'cac:FinancialInstitutionBranch': { 'cbc:ID': provider.bic } },
  };
}

const money = (cents: number) => centsToDecimal(cents);

/** Specification identifiers (BT-24): EN 16931 core (Factur-X EN 16931 profile) and the XRechnung 3.0 CIUS. */
export const specificationIds = {
  'factur-x': 'urn:cen.eu:en16931:2017',
  xrechnung: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
} as const satisfies Record<EInvoiceFormat, string>;

/** The invoice in the library's EN 16931 (UBL-shaped) data model. */
export function eInvoiceData(invoice: Invoice, positions: InvoicePosition[], customer: Customer, language: InvoiceLanguage, format: EInvoiceFormat, settings: EInvoiceSettings): EInvoiceLibrary.Invoice {
  const vat = { 'cbc:ID': 'S', 'cbc:Percent': String(VAT_PERCENT), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };
  const buyerEmail = customer.invoiceEmails.split('\n').map((e) => e.trim()).find(Boolean) ?? sellerContact.email;
  const data = {
    'ubl:Invoice': {
      'cbc:CustomizationID': specificationIds[format],
      'cbc:ID': invoice.number,
      'cbc:IssueDate': invoice.issuedOn,
      'cbc:DueDate': invoice.dueOn,
      'cbc:InvoiceTypeCode': '380',
      'cbc:Note': [language === 'de' ? 'Managed Hosting: Leistungen im Abrechnungszeitraum' : 'Managed hosting: services in the billing period'],
      'cbc:DocumentCurrencyCode': 'EUR',
      // BT-10: XRechnung needs a buyer reference (BR-DE-15); the customer's own reference sign, else its number.
      'cbc:BuyerReference': customer.referenceSign?.trim() || String(customer.number),
      'cac:InvoicePeriod': { 'cbc:StartDate': invoice.periodStart, 'cbc:EndDate': invoice.periodEnd },
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          'cbc:EndpointID': sellerContact.email,
          'cbc:EndpointID@schemeID': 'EM',
          'cac:PartyName': { 'cbc:Name': provider.name },
          'cac:PostalAddress': { 'cbc:StreetName': provider.street, 'cbc:CityName': sellerContact.city, 'cbc:PostalZone': sellerContact.postalZone, 'cac:Country': { 'cbc:IdentificationCode': 'DE' } },
          'cac:PartyTaxScheme': [{ 'cbc:CompanyID': provider.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }],
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': provider.name },
          'cac:Contact': { 'cbc:Name': sellerContact.name, 'cbc:Telephone': sellerContact.phone, 'cbc:ElectronicMail': sellerContact.email },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          'cbc:EndpointID': buyerEmail,
          'cbc:EndpointID@schemeID': 'EM',
          'cac:PartyIdentification': { 'cbc:ID': String(customer.number) },
          'cac:PartyName': { 'cbc:Name': customer.company },
          'cac:PostalAddress': {
            'cbc:StreetName': customer.street,
            'cbc:CityName': customer.city,
            'cbc:PostalZone': customer.zip,
            'cac:Country': { 'cbc:IdentificationCode': customer.country.toUpperCase() },
          },
          ...(customer.vatId ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': customer.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } } : {}),
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': customer.company },
        },
      },
      // BT-90 (BG-19): a direct debit names the creditor identifier with the mandate (BT-89) and the debited
      // account (BT-91), XRechnung BR-DE-30/31; the library maps the payee's SEPA identification to
      // CII's CreditorReferenceID. The payee is the seller itself (BR-17: its name is then given).
      ...(isDirectDebit(invoice, customer)
        ? { 'cac:PayeeParty': { 'cac:PartyIdentification': { 'cbc:ID': settings.creditorId, 'cbc:ID@schemeID': 'SEPA' }, 'cac:PartyName': { 'cbc:Name': provider.name } } }
        : {}),
      // BG-13: the CII schema needs the delivery block; the services were delivered through the period.
      'cac:Delivery': { 'cbc:ActualDeliveryDate': invoice.periodEnd },
      'cac:PaymentMeans': [paymentMeans(invoice, customer)],
      'cac:PaymentTerms': { 'cbc:Note': language === 'de' ? `Zahlbar ohne Abzug bis ${invoice.dueOn}.` : `Payable without deduction by ${invoice.dueOn}.` },
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': money(invoice.vatCents),
          'cbc:TaxAmount@currencyID': 'EUR',
          'cac:TaxSubtotal': [
            {
              'cbc:TaxableAmount': money(invoice.netCents),
              'cbc:TaxableAmount@currencyID': 'EUR',
              'cbc:TaxAmount': money(invoice.vatCents),
              'cbc:TaxAmount@currencyID': 'EUR',
              'cac:TaxCategory': vat,
            },
          ],
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': money(invoice.netCents),
        'cbc:LineExtensionAmount@currencyID': 'EUR',
        'cbc:TaxExclusiveAmount': money(invoice.netCents),
        'cbc:TaxExclusiveAmount@currencyID': 'EUR',
        'cbc:TaxInclusiveAmount': money(invoice.grossCents),
        'cbc:TaxInclusiveAmount@currencyID': 'EUR',
        'cbc:PayableAmount': money(invoice.grossCents),
        'cbc:PayableAmount@currencyID': 'EUR',
      },
      'cac:InvoiceLine': positions.map((p) => ({
        'cbc:ID': String(p.position),
        'cbc:InvoicedQuantity': String(p.quantity),
        'cbc:InvoicedQuantity@unitCode': unitCodes[p.unit],
        'cbc:LineExtensionAmount': money(p.netCents),
        'cbc:LineExtensionAmount@currencyID': 'EUR',
        'cac:InvoicePeriod': { 'cbc:StartDate': p.periodStart, 'cbc:EndDate': p.periodEnd },
        'cac:Item': { 'cbc:Name': p.subject, 'cac:ClassifiedTaxCategory': vat },
        'cac:Price': {
          'cbc:PriceAmount': unitPrice(p).amount,
          'cbc:PriceAmount@currencyID': 'EUR',
          ...(unitPrice(p).baseQuantity !== 1 ? { 'cbc:BaseQuantity': String(unitPrice(p).baseQuantity), 'cbc:BaseQuantity@unitCode': unitCodes[p.unit] } : {}),
        },
      })),
    },
  };
  return data as unknown as EInvoiceLibrary.Invoice; // the library's generated type is stricter than needed for literal strings
}

/** The XRechnung XML (CII syntax) of an invoice. */
export async function renderXRechnung(invoice: Invoice, positions: InvoicePosition[], customer: Customer, language: InvoiceLanguage, settings: EInvoiceSettings): Promise<string> {
  const { InvoiceService } = await library();
  const out = await new InvoiceService(quiet).generate(eInvoiceData(invoice, positions, customer, language, 'xrechnung', settings), { format: 'XRECHNUNG-CII', lang: language === 'de' ? 'de-de' : 'en-gb' });
  return typeof out === 'string' ? out : new TextDecoder().decode(out);
}

/** The ZUGFeRD/Factur-X PDF (PDF/A-3, EN 16931 profile): the invoice's own PDF with the CII XML embedded. */
export async function renderFacturX(invoice: Invoice, positions: InvoicePosition[], customer: Customer, language: InvoiceLanguage, settings: EInvoiceSettings): Promise<Uint8Array> {
  const pdf = await cachedInvoicePdf(invoice, positions, customer, language);
  const { InvoiceService } = await library();
  const out = await new InvoiceService(quiet).generate(eInvoiceData(invoice, positions, customer, language, 'factur-x', settings), {
    format: 'Factur-X-EN16931',
    lang: language === 'de' ? 'de-de' : 'en-gb',
    pdf: { buffer: pdf, filename: `${invoice.number}.pdf`, mimetype: 'application/pdf' },
  });
  return typeof out === 'string' ? new TextEncoder().encode(out) : out;
}
