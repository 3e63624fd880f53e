/**
 * WAF events from ModSecurity's audit log (serial format, `SecAuditLogParts ABFHZ`): one entry per request a rule
 * matched — part A (time, id, client), B (request line, `Host`), F (the answer's status), H (`Message:` lines with
 * `[id "942100"] [msg "…"]`). Pure: the text in, the newest events first.
 */
export interface WafEvent {
  id: string;
  time: string;
  host: string;
  method: string;
  uri: string;
  client: string;
  status: number | null;
  rules: { id: number; message: string }[];
}

const boundary = /^--([0-9a-zA-Z]+)-([A-Z])--$/;

export function parseAuditLog(text: string, limit = 200): WafEvent[] {
  const entries = new Map<string, Record<string, string[]>>();
  let current: string[] | undefined;
  for (const line of text.split('\n')) {
    const m = boundary.exec(line.trim());
    if (m) {
      const parts = entries.get(m[1]!) ?? {};
      entries.set(m[1]!, parts);
      current = parts[m[2]!] = [];
      continue;
    }
    current?.push(line);
  }
  const events: WafEvent[] = [];
  for (const parts of entries.values()) {
    const a = (parts.A ?? []).find((l) => l.startsWith('['));
    const am = a && /^\[([^\]]+)\]\s+(\S+)\s+(\S+)/.exec(a);
    if (!am) continue;
    const request = (parts.B ?? [])[0] ?? '';
    const [method = '', uri = ''] = request.split(' ');
    const host = (parts.B ?? []).find((l) => /^host:/i.test(l))?.replace(/^host:\s*/i, '').replace(/:\d+$/, '').trim() ?? '';
    const statusLine = (parts.F ?? [])[0] ?? '';
    const status = /^HTTP\/[\d.]+\s+(\d{3})/.exec(statusLine)?.[1];
    const rules: WafEvent['rules'] = [];
    for (const l of parts.H ?? []) {
      if (!l.startsWith('Message:')) continue;
      const id = /\[id "(\d+)"\]/.exec(l)?.[1];
      if (!id || rules.some((r) => r.id === Number(id))) continue;
      rules.push({ id: Number(id), message: (/\[msg "([^"]*)"\]/.exec(l)?.[1] ?? '').slice(0, 500) });
    }
    if (!rules.length) continue;
    events.push({ id: am[2]!.slice(0, 64), time: am[1]!, client: am[3]!.slice(0, 45), host: host.slice(0, 253), method: method.slice(0, 16), uri: uri.slice(0, 2000), status: status ? Number(status) : null, rules: rules.slice(0, 50) });
  }
  return events.reverse().slice(0, limit);
}
