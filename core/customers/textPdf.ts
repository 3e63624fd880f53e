import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/** A document of headed sections, as the customer documents, the DPA and the TOMs are laid out. */
export interface TextDocument {
  title: string;
  /** Lines under the title (parties, version, date). */
  meta: string[];
  sections: { heading: string; paragraphs: string[] }[];
  language: 'de' | 'en';
  /** Creation date written into the PDF (so the same input renders the same bytes). */
  createdAt: Date;
  footer: string;
}

const A4: [number, number] = [595.28, 841.89];
const LEFT = 56;
const WIDTH = 595.28 - 2 * LEFT;

/** The standard fonts encode WinAnsi only: typographic spaces and dashes are mapped, anything else outside it replaced. */
const ansi = (s: string) =>
  s
    .replace(/[\u202f\u00a0\u2009]/g, ' ')
    .replace(/[\u2011]/g, '-')
    .replace(/[^\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201a\u201c\u201d\u201e\u2022\u2026\u20ac]/g, '?');

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of ansi(text).split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Renders headed sections as an A4 PDF with standard fonts, wrapped lines and page numbers. */
export async function renderTextPdf(d: TextDocument): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(ansi(d.title));
  doc.setAuthor('Managed Hosting GmbH');
  doc.setLanguage(d.language);
  doc.setCreationDate(d.createdAt);
  doc.setModificationDate(d.createdAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const colour = rgb(0.12, 0.16, 0.22);
  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  const newPage = () => {
    page = doc.addPage(A4);
    pages.push(page);
    y = 780;
  };
  const line = (s: string, font: PDFFont, size: number, gap: number) => {
    if (y < 70) newPage();
    page.drawText(s, { x: LEFT, y, font, size, color: colour });
    y -= gap;
  };
  newPage();
  for (const l of wrap(d.title, bold, 17, WIDTH)) line(l, bold, 17, 22);
  y -= 4;
  for (const m of d.meta) for (const l of wrap(m, regular, 9, WIDTH)) line(l, regular, 9, 13);
  y -= 10;
  for (const s of d.sections) {
    if (y < 120) newPage();
    for (const l of wrap(s.heading, bold, 11, WIDTH)) line(l, bold, 11, 16);
    for (const p of s.paragraphs) {
      for (const l of wrap(p, regular, 9.5, WIDTH)) line(l, regular, 9.5, 13);
      y -= 5;
    }
    y -= 8;
  }
  const pageWord = d.language === 'de' ? 'Seite' : 'Page';
  pages.forEach((p, i) => {
    p.drawText(ansi(d.footer), { x: LEFT, y: 36, font: regular, size: 7, color: colour });
    const n = `${pageWord} ${i + 1} / ${pages.length}`;
    p.drawText(n, { x: LEFT + WIDTH - regular.widthOfTextAtSize(n, 7), y: 36, font: regular, size: 7, color: colour });
  });
  return doc.save({ useObjectStreams: false });
}
