/**
 * apache's rendered configuration against the server: the web server family's prepare (listen addresses,
 * certificates), pure render (with the password files) and desired files (@portal/plugin-sdk/webserver,
 * config.ts), with apache's renderer and directories.
 */
import { webServerRendering, type WebServerPrepared } from '@portal/plugin-sdk/webserver';
import { paths, renderConfig } from './render.ts';

export type ApachePrepared = WebServerPrepared;

export const { prepare: prepareApache, render: renderApache, desiredFiles, certificateStatuses } = webServerRendering({
  program: 'apache',
  certificatesDir: paths.certificatesDir,
  htpasswdDir: paths.htpasswdDir,
  renderConfig,
});
