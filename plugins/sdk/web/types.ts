/** Types of a plugin's web part (no runtime code: the manifest imports them). */
import type { ComponentType } from 'react';

/** A page of the plugin below `/managed/<id>/` (`''` is the section's start page, `vhosts/:vhostId` a sub-page). */
export interface PluginRoute {
  path: string;
  Component: ComponentType;
}

/** The web part of a plugin (default export of its `web/index.tsx`). It is one lazily loaded chunk with its own error boundary. */
export interface WebPlugin {
  routes: PluginRoute[];
  /** An optional card on the server's dashboard section. */
  DashboardPanel?: ComponentType;
}

/** The server the Managed Center shows, as the host resolved it. */
export interface ManagedServerInfo {
  id: number;
  name: string;
  role: string;
  ipv4: string | null;
  services: string[];
}

export interface ManagedClusterInfo {
  id: number;
  number: string;
  name: string;
}

export type Severity = 'success' | 'info' | 'warning' | 'error';

/** What the host hands every plugin panel through React context (`useManagedHost()`). */
export interface ManagedHost {
  cluster: ManagedClusterInfo;
  server: ManagedServerInfo;
  /**
   * The SPA path of a section of this server: `sectionPath('nginx', 'vhosts/3')` → `/clusters/1/servers/2/managed/nginx/vhosts/3`;
   * with `serverId`, of that server of the same cluster (a report naming the cluster's database server).
   */
  sectionPath(section: string, sub?: string, serverId?: number): string;
  /** The API path of an operation of this server: `apiPath('nginx/vhosts')` → `api/v1/clusters/1/servers/2/nginx/vhosts`. */
  apiPath(sub: string): string;
  /** A failed call as react-final-form submission errors (422 → fields, 429, others → form error with support contact). */
  submitErrors(error: unknown): Record<string, string> | undefined;
  /** Shows a notice in the portal's alert area. */
  notify(severity: Severity, message: string): void;
  /** Shows a failed call as a danger notice with support contact (§8). */
  notifyFailure(error: unknown): void;
  /** Listens to real-time events of room `server:<id>` (`managed.job`, `<pluginId>.<type>`); returns the unsubscribe function. */
  subscribe(type: string, listener: (payload: unknown) => void): () => void;
  /** Whether the real-time channel is connected (otherwise poll). */
  connected: boolean;
  /** Read-only host (the public demo, issue 13): actions that change anything are shown disabled with a hint (`WriteButton`). */
  readOnly?: boolean;
}
