/**
 * The rendered configuration against the server: rendering for a gateway, comparing with the files
 * on the server (the config view and the "not applied yet" state), and preparing an apply.
 */
import { createTwoFilesPatch } from 'diff';
import type { AppliedVersion, ConfigFile, ServerGateway } from '@portal/plugin-sdk/server';
import { certificateStatuses, usableCertificates, type CertificateStatus } from './certificates.ts';
import { renderConfig, type RenderEnv } from './render.ts';
import type { NginxState } from './state.ts';

export interface ComparedFile {
  path: string;
  status: 'unchanged' | 'changed' | 'added' | 'removed';
  desired: string | null;
  live: string | null;
}

/** Where and with what the configuration is rendered on this server. */
export async function renderEnvFor(gw: ServerGateway, statuses: Map<string, CertificateStatus>): Promise<RenderEnv> {
  // One after the other: the local gateway stores both ports in one file, and parallel first calls race on it.
  const listen = await gw.listenAddress('nginx', 80);
  const tlsListen = await gw.listenAddress('nginx-https', 443);
  return { hostPath: (p) => gw.hostPath(p), listen, tlsListen, certificates: usableCertificates(statuses) };
}

/** The desired state rendered for a server. */
export async function desiredFiles(gw: ServerGateway, customer: number, state: NginxState): Promise<{ files: ConfigFile[]; certificates: Map<string, CertificateStatus> }> {
  const certificates = await certificateStatuses(gw, customer);
  return { files: renderConfig(state, await renderEnvFor(gw, certificates)), certificates };
}

/** Every file of the desired rendering or of the last applied version, next to the file on the server. */
export async function compareWithServer(gw: ServerGateway, desired: readonly ConfigFile[], last: AppliedVersion | null): Promise<ComparedFile[]> {
  const wanted = new Map(desired.map((f) => [f.path, f.content]));
  // Secret files (password files) are never shown.
  const all = [...new Set([...wanted.keys(), ...(last?.files ?? []).filter((f) => !f.secret).map((f) => f.path)])].sort();
  const out: ComparedFile[] = [];
  for (const path of all) {
    const live = await gw.readFile(path);
    const want = wanted.get(path) ?? null;
    if (want === null && live === null) continue;
    const status = want === live ? 'unchanged' : want === null ? 'removed' : live === null ? 'added' : 'changed';
    out.push({ path, status, desired: want, live });
  }
  return out;
}

/** Unified diff from the server's files to the rendered ones. */
export function unifiedDiff(files: readonly ComparedFile[]): string {
  return files
    .filter((f) => f.status !== 'unchanged')
    .map((f) =>
      createTwoFilesPatch(f.live === null ? '/dev/null' : f.path, f.desired === null ? '/dev/null' : f.path, f.live ?? '', f.desired ?? '', 'server', 'desired', { context: 3 }).replace(/^=+\n/, ''),
    )
    .join('');
}

