/**
 * nginx's rendered configuration against the server: the web server family's prepare (listen addresses,
 * certificates), pure render (with the password files) and desired files (@portal/plugin-sdk/webserver,
 * config.ts), with nginx's renderer and directories.
 */
import { generateCertificates as familyGenerate, webServerRendering, type WebServerPrepared } from '@portal/plugin-sdk/webserver';
import type { ServerGateway } from '@portal/plugin-sdk/server';
import { paths, renderConfig } from './render.ts';

export type NginxPrepared = WebServerPrepared;

const rendering = webServerRendering({ program: 'nginx', certificatesDir: paths.certificatesDir, htpasswdDir: paths.htpasswdDir, renderConfig });

export const { prepare: prepareNginx, render: renderNginx, desiredFiles, certificateStatuses, renderEnvFor } = rendering;

/** Creates the missing self-signed certificates of the customer that the given ids name (nginx's directory). */
export const generateCertificates = (gw: ServerGateway, customer: number, ids: Iterable<string>) => familyGenerate(gw, customer, ids, paths.certificatesDir);
