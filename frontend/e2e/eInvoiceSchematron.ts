/**
 * Test support: runs the official Schematron rules that German receivers validate e-invoices with — the CEN
 * EN 16931 rules for CII (validation artefacts 1.3.16, pre-compiled XSLT) and the KoSIT XRechnung 3.0 rules
 * (schematron v2.5.0, compiled here by `schematron-to-xslt.xsl`) — with Saxon-HE on Java, the processor the
 * KoSIT validator uses. Files and licences (EUPL 1.2, Apache 2.0) in `eInvoiceRules/`; decisions.md, branch einv.
 * Needs `java` and Debian's `libsaxonhe-java` (`SAXON_JAR` overrides the jar's path).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const rulesDir = path.join(import.meta.dirname, 'eInvoiceRules');
const saxonJar = process.env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar';

/** One rule a document broke: the rule id, its flag (fatal, error, warning, information) and the message. */
export type RuleFinding = { id: string; flag: string; text: string };

const saxon = async (args: string[]) => {
  if (!fs.existsSync(saxonJar)) throw new Error(`Saxon-HE not found at ${saxonJar}: apt-get install -y default-jre-headless libsaxonhe-java (or set SAXON_JAR)`);
  await run('java', ['-cp', saxonJar, 'net.sf.saxon.Transform', ...args], { maxBuffer: 64 * 1024 * 1024 });
};

const decode = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** The failed asserts and successful reports of an SVRL report. */
export function svrlFindings(svrl: string): RuleFinding[] {
  const found: RuleFinding[] = [];
  for (const m of svrl.matchAll(/<svrl:(?:failed-assert|successful-report)\b([^>]*)>([\s\S]*?)<\/svrl:(?:failed-assert|successful-report)>/g)) {
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(m[1]!)?.[1] ?? '';
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2]!)?.[1] ?? '';
    found.push({ id: attr('id'), flag: attr('flag') || 'error', text: decode(text).replace(/\s+/g, ' ').trim() });
  }
  return found;
}

/**
 * Validates CII documents against the CEN EN 16931 rules and, with `xrechnung`, the KoSIT XRechnung rules;
 * one Java start per rule set for all documents. Returns per document the findings of both rule sets.
 */
export async function schematronFindings(documents: string[], options: { xrechnung: boolean }): Promise<RuleFinding[][]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'einvoice-rules-'));
  try {
    const input = path.join(dir, 'in');
    fs.mkdirSync(input);
    documents.forEach((xml, i) => fs.writeFileSync(path.join(input, `${String(i).padStart(4, '0')}.xml`), xml));
    const sets = [path.join(rulesDir, 'EN16931-CII-validation.xslt')];
    if (options.xrechnung) {
      const compiled = path.join(dir, 'XRechnung-CII-validation.xslt');
      await saxon([`-s:${path.join(rulesDir, 'XRechnung-CII-validation.sch')}`, `-xsl:${path.join(rulesDir, 'schematron-to-xslt.xsl')}`, `-o:${compiled}`]);
      sets.push(compiled);
    }
    const findings: RuleFinding[][] = documents.map(() => []);
    for (const [n, xslt] of sets.entries()) {
      const out = path.join(dir, `out${n}`);
      fs.mkdirSync(out);
      await saxon([`-s:${input}`, `-xsl:${xslt}`, `-o:${out}`]);
      documents.forEach((_, i) => findings[i]!.push(...svrlFindings(fs.readFileSync(path.join(out, `${String(i).padStart(4, '0')}.xml`), 'utf8'))));
    }
    return findings;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The findings a receiver rejects a document for (fatal and error; warnings and information are kept apart). */
export const rejections = (findings: RuleFinding[]) => findings.filter((f) => f.flag === 'fatal' || f.flag === 'error').map((f) => `${f.id}: ${f.text}`);
