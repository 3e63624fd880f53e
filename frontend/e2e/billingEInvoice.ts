/**
 * Test support: validates e-invoice XML against the shipped EN 16931 CII schema (xmllint-wasm) and a set
 * of EN 16931 / XRechnung business rules, and reads the XML embedded in a Factur-X PDF. Used by the
 * billing e2e spec and the BFF's invoice tests (which may import from here); not part of the SPA.
 */
import fs from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFHexString, type PDFRawStream, type PDFString } from 'pdf-lib';
import { validateXML } from 'xmllint-wasm';

const schemaDir = path.join(import.meta.dirname, 'eInvoiceSchema');
const main = 'Factur-X_1.07.3_EN16931.xsd';

/** XSD validation against the Factur-X EN 16931 schema; returns the error messages (empty when valid). */
export async function schemaErrors(xml: string): Promise<string[]> {
  const files = fs.readdirSync(schemaDir).filter((f) => f.endsWith('.xsd'));
  const result = await validateXML({
    xml: [{ fileName: 'invoice.xml', contents: xml }],
    schema: [{ fileName: main, contents: fs.readFileSync(path.join(schemaDir, main), 'utf8') }],
    preload: files.filter((f) => f !== main).map((f) => ({ fileName: f, contents: fs.readFileSync(path.join(schemaDir, f), 'utf8') })),
  });
  return result.errors.map((e) => e.message);
}

const all = (xml: string, element: string): string[] => [...xml.matchAll(new RegExp(`<${element}(?:\\s[^>]*)?>([^<]*)</${element}>`, 'g'))].map((m) => m[1]!.trim());
const one = (xml: string, element: string): string | undefined => all(xml, element)[0];
const cents = (amount: string | undefined): number => Math.round(Number(amount) * 100);
const block = (xml: string, element: string): string[] => [...xml.matchAll(new RegExp(`<${element}>([\\s\\S]*?)</${element}>`, 'g'))].map((m) => m[1]!);

/**
 * Key business rules of EN 16931 (BR-…, BR-CO-…, BR-S-…) and, with `xrechnung`, of the German CIUS
 * (BR-DE-…); returns the violated rule ids with a hint.
 */
export function businessRuleViolations(xml: string, options: { xrechnung: boolean }): string[] {
  const v: string[] = [];
  const guideline = one(block(xml, 'ram:GuidelineSpecifiedDocumentContextParameter')[0] ?? '', 'ram:ID') ?? '';
  const expected = options.xrechnung ? 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0' : 'urn:cen.eu:en16931:2017';
  if (guideline !== expected) v.push(`BR-01 specification identifier ${guideline}`);
  const header = block(xml, 'rsm:ExchangedDocument')[0] ?? '';
  if (!one(header, 'ram:ID')) v.push('BR-02 invoice number');
  if (!/<udt:DateTimeString format="102">\d{8}<\/udt:DateTimeString>/.test(header)) v.push('BR-03 issue date');
  if (!one(header, 'ram:TypeCode')) v.push('BR-04 type code');
  if (one(xml, 'ram:InvoiceCurrencyCode') !== 'EUR') v.push('BR-05 currency');
  const seller = block(xml, 'ram:SellerTradeParty')[0] ?? '';
  const buyer = block(xml, 'ram:BuyerTradeParty')[0] ?? '';
  if (!one(seller, 'ram:Name')) v.push('BR-06 seller name');
  if (!one(buyer, 'ram:Name')) v.push('BR-07 buyer name');
  if (!one(seller, 'ram:CountryID')) v.push('BR-09 seller country');
  if (!one(buyer, 'ram:CountryID')) v.push('BR-11 buyer country');
  const lines = block(xml, 'ram:IncludedSupplyChainTradeLineItem');
  if (!lines.length) v.push('BR-16 at least one line');
  const lineTotals = lines.map((l) => cents(one(l, 'ram:LineTotalAmount')));
  lines.forEach((l, i) => {
    if (!one(l, 'ram:LineID')) v.push(`BR-21 line ${i + 1} id`);
    if (!one(l, 'ram:BilledQuantity')) v.push(`BR-22 line ${i + 1} quantity`);
    if (!one(l, 'ram:Name')) v.push(`BR-25 line ${i + 1} item name`);
    if (one(l, 'ram:ChargeAmount') === undefined) v.push(`BR-26 line ${i + 1} net price`);
    if (Number(one(l, 'ram:ChargeAmount')) < 0) v.push(`BR-27 line ${i + 1} negative price`);
  });
  const summation = block(xml, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation')[0] ?? '';
  const lineTotal = cents(one(summation, 'ram:LineTotalAmount'));
  const taxBasis = cents(one(summation, 'ram:TaxBasisTotalAmount'));
  const taxTotal = cents(one(summation, 'ram:TaxTotalAmount'));
  const grandTotal = cents(one(summation, 'ram:GrandTotalAmount'));
  const due = cents(one(summation, 'ram:DuePayableAmount'));
  if (lineTotals.reduce((a, b) => a + b, 0) !== lineTotal) v.push(`BR-CO-10 sum of lines ${lineTotals.reduce((a, b) => a + b, 0)} ≠ ${lineTotal}`);
  if (taxBasis !== lineTotal) v.push('BR-CO-13 tax basis = line total (no allowances or charges)');
  const taxes = block(xml, 'ram:ApplicableTradeTax').filter((t) => t.includes('ram:BasisAmount'));
  if (taxes.reduce((a, t) => a + cents(one(t, 'ram:CalculatedAmount')), 0) !== taxTotal) v.push('BR-CO-14 tax total = sum of category taxes');
  if (grandTotal !== taxBasis + taxTotal) v.push('BR-CO-15 grand total = tax basis + tax');
  if (due !== grandTotal) v.push('BR-CO-16 amount due = grand total (nothing prepaid)');
  for (const t of taxes) {
    if (one(t, 'ram:CategoryCode') !== 'S') continue;
    const rate = Number(one(t, 'ram:RateApplicablePercent'));
    const expectedTax = Math.round((cents(one(t, 'ram:BasisAmount')) * rate) / 100);
    if (Math.abs(expectedTax - cents(one(t, 'ram:CalculatedAmount'))) > 1) v.push(`BR-S-09 tax ${one(t, 'ram:CalculatedAmount')} ≠ basis × ${rate} %`);
  }
  if (!/<ram:SpecifiedTaxRegistration>\s*<ram:ID schemeID="VA">/.test(seller)) v.push('BR-S-02 seller VAT identifier');
  if (options.xrechnung) {
    if (!one(xml, 'ram:BuyerReference')) v.push('BR-DE-15 buyer reference');
    const contact = block(seller, 'ram:DefinedTradeContact')[0] ?? '';
    if (!one(contact, 'ram:PersonName')) v.push('BR-DE-5 seller contact name');
    if (!one(contact, 'ram:CompleteNumber')) v.push('BR-DE-6 seller contact phone');
    if (!one(contact, 'ram:URIID')) v.push('BR-DE-7 seller contact e-mail');
    if (!one(seller, 'ram:CityName')) v.push('BR-DE-3 seller city');
    if (!one(seller, 'ram:PostcodeCode')) v.push('BR-DE-4 seller post code');
    if (!one(xml, 'ram:TypeCode') || !block(xml, 'ram:SpecifiedTradeSettlementPaymentMeans').length) v.push('BR-DE-1 payment instructions');
    if (!/<ram:URIUniversalCommunication>\s*<ram:URIID schemeID="EM">/.test(seller)) v.push('BR-DE-? seller electronic address (BT-34)');
    if (!/<ram:URIUniversalCommunication>\s*<ram:URIID schemeID="EM">/.test(buyer)) v.push('BR-DE-? buyer electronic address (BT-49)');
  }
  return v;
}

/** The files embedded in a PDF (name → bytes, inflated), with their AFRelationship, and the XMP metadata. */
export async function pdfAttachments(pdf: Uint8Array): Promise<{ files: Map<string, { bytes: Buffer; relationship?: string }>; xmp: string }> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const files = new Map<string, { bytes: Buffer; relationship?: string }>();
  const names = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const embedded = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  const list = embedded?.lookupMaybe(PDFName.of('Names'), PDFArray);
  for (let i = 0; list && i < list.size(); i += 2) {
    const name = list.lookup(i) as PDFString | PDFHexString;
    const spec = list.lookup(i + 1, PDFDict);
    const ef = spec.lookup(PDFName.of('EF'), PDFDict);
    const stream = ef.lookup(PDFName.of('F')) as PDFRawStream;
    const raw = Buffer.from(stream.getContents());
    const filter = stream.dict.get(PDFName.of('Filter'));
    files.set(name.decodeText(), { bytes: filter ? inflateSync(raw) : raw, relationship: spec.get(PDFName.of('AFRelationship'))?.toString().replace('/', '') });
  }
  const metadata = doc.catalog.lookup(PDFName.of('Metadata')) as PDFRawStream | undefined;
  const xmpRaw = metadata ? Buffer.from(metadata.getContents()) : Buffer.alloc(0);
  const xmp = (metadata?.dict.get(PDFName.of('Filter')) ? inflateSync(xmpRaw) : xmpRaw).toString('utf8');
  return { files, xmp };
}
