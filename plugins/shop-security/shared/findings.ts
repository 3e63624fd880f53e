/** What a security scan finds (the result of a `shop-security` report, stored as JSON and presented as it is). */
export type Severity = 'critical' | 'high' | 'medium' | 'low';
export type FindingKind = 'malware' | 'world_writable' | 'php_in_uploads' | 'vulnerable_extension' | 'exposed_file' | 'missing_header' | 'malicious_cron' | 'admin_exposed' | 'shop_version' | 'tls';
/** The web server that serves a site a finding over HTTP is about. */
export type WebServerKind = 'nginx' | 'apache';

export interface Finding {
  kind: FindingKind;
  severity: Severity;
  /** The signature or advisory (`eval_base64`, `CVE-2024-34102`). */
  rule: string;
  /** Path on the server, or the URL for a finding over HTTP. */
  file: string;
  /** 1-based line of the match, `null` for a finding about the whole file. */
  line: number | null;
  /** A short excerpt (the matching line, or `package version`). */
  evidence: string;
  /** Extension findings: the package, its installed and its first fixed version. */
  extension?: { name: string; version: string; fixedIn: string };
  /** Findings over HTTP: the site (its name), the web server serving it, and the directive that fixes it in that server's syntax. */
  site?: string;
  server?: WebServerKind;
  directive?: string;
}

/** What a site's HTTPS negotiates and presents (the TLS check, issue 25). */
export interface TlsSummary {
  /** The site (its name, sent as SNI). */
  site: string;
  /** Protocol and cipher of a default handshake (`TLSv1.3`, `TLS_AES_256_GCM_SHA384`). */
  protocol: string;
  cipher: string;
  /** Whether the old protocols are accepted; `untested` when the scanning client could not offer one. */
  legacy: Record<'TLSv1' | 'TLSv1.1', 'accepted' | 'refused' | 'untested'>;
  certificate: {
    subject: string;
    issuer: string;
    /** ISO date-time the certificate expires. */
    validTo: string;
    /** Its DNS names (subjectAltName). */
    names: string[];
    matchesHost: boolean;
    selfSigned: boolean;
  } | null;
}

export interface SecurityResult {
  /** The document roots scanned (below the web server family's `/var/www`). */
  roots: string[];
  filesScanned: number;
  /** Version of the signature and advisory lists the scan used. */
  listVersion: string;
  findings: Finding[];
  /** The sites checked over HTTP (names) and the crontabs read; absent in reports from before issue 25. */
  sites?: string[];
  crontabs?: string[];
  /** The HTTPS sites' TLS handshakes; absent in reports from before the TLS check. */
  tls?: TlsSummary[];
  /** Whether the scan was free (spec §9) and its price in cents otherwise. */
  price: { free: boolean; cents: number };
}

export const severityOrder: Record<Severity, number> = { critical: 0, high: 1, medium: 2, low: 3 };
