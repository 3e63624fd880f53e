/**
 * Tomcat as this plugin runs it: one private instance per server, a CATALINA_BASE of its own
 * (`/var/lib/tomcat10-portal`: conf/, logs/, webapps/, work/, temp/) on Debian's CATALINA_HOME
 * (`/usr/share/tomcat10`). `render` is pure: settings and applications → `server.xml`, `web.xml`, `bin/setenv.sh`
 * (the JVM's options) and one context descriptor per application (`conf/Catalina/localhost/<name>.xml`, Tomcat's
 * own way to deploy a WAR or directory that lives elsewhere). `catalina.sh configtest` checks the instance with the
 * new files — it starts the JVM with the rendered options and parses `server.xml` — before they are used.
 *
 * Every value has passed the contract's limits (integers; the JVM options and paths only from their patterns, which
 * have no quote, `<`, `&`, `$` or line break), so none can change a file's structure. Imports only the SDK's program
 * entry at load time: the generator loads this file for the paths.
 */
import { definePrograms, type ProgramDescriptor } from '@portal/plugin-sdk/program';
import type { ConfigFile, ConfigRenderInput, ServerGateway } from '@portal/plugin-sdk/server';
import type { Settings } from '../generated/config.ts';

export const catalinaHome = '/usr/share/tomcat10';
export const catalinaBase = '/var/lib/tomcat10-portal';
export const serverXmlPath = `${catalinaBase}/conf/server.xml`;
export const webXmlPath = `${catalinaBase}/conf/web.xml`;
export const setenvPath = `${catalinaBase}/bin/setenv.sh`;
export const contextDir = `${catalinaBase}/conf/Catalina/localhost`;
export const pidPath = '/run/tomcat10-portal/tomcat.pid';
/** Where the JVM's output goes (`catalina.sh start`: CATALINA_OUT). */
export const catalinaOut = `${catalinaBase}/logs/catalina.out`;
/** Where the HTTP connector listens on a real server (behind the server's web server); `local` gives a loopback port of its own. */
export const defaultPort = 8080;

/** What `render` needs from the server: the connector's port. */
export interface Prepared {
  port: number;
}

/** An application as `render` needs it. */
export interface Deployment {
  name: string;
  source: string;
}

/** The connector's address on this server (prepare → render; the instance view probes it). */
export const tomcatAddress = (gateway: Pick<ServerGateway, 'listenAddress'>) => gateway.listenAddress('tomcat', defaultPort);

/** The context path an application is served at (`ROOT` → `/`). */
export const contextPath = (name: string) => (name === 'ROOT' ? '/' : `/${name}/`);

const header = 'Written by the customer portal (Managed Center, Tomcat). Changes here are overwritten.';

export function renderServerXml(s: Settings, port: number): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- ${header} -->
<!-- No shutdown port: the instance is stopped by its pid (SIGTERM), so no local process can stop it by a word. -->
<Server port="-1" shutdown="SHUTDOWN">
  <Listener className="org.apache.catalina.startup.VersionLoggerListener" />
  <Listener className="org.apache.catalina.core.JreMemoryLeakPreventionListener" />
  <Listener className="org.apache.catalina.core.ThreadLocalLeakPreventionListener" />
  <Service name="Catalina">
    <Connector address="127.0.0.1" port="${port}" protocol="HTTP/1.1"
               maxThreads="${s.maxThreads}" minSpareThreads="${Math.min(10, s.maxThreads)}"
               connectionTimeout="${s.connectionTimeoutMs}" />
    <Engine name="Catalina" defaultHost="localhost">
      <Host name="localhost" appBase="webapps" unpackWARs="true" autoDeploy="true" />
    </Engine>
  </Service>
</Server>
`;
}

/** The JVM's options: heap first, then the customer's options of the allowed shapes. */
export const javaOptions = (s: Settings) => [`-Xms${s.heapMinMb}m`, `-Xmx${s.heapMaxMb}m`, '-Djava.awt.headless=true', ...s.jvmOptions.split(' ').filter(Boolean)];

export const renderSetenv = (s: Settings) => `# ${header}\n# Read by catalina.sh for every command (start, configtest).\nJAVA_OPTS="${javaOptions(s).join(' ')}"\n`;

const mime: [string, string][] = [
  ['html', 'text/html'],
  ['css', 'text/css'],
  ['js', 'text/javascript'],
  ['json', 'application/json'],
  ['txt', 'text/plain'],
  ['svg', 'image/svg+xml'],
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['ico', 'image/x-icon'],
  ['woff2', 'font/woff2'],
];

/** The instance's defaults for every application: static files, JSP, welcome files, common media types. */
export const renderWebXml = () => `<?xml version="1.0" encoding="UTF-8"?>
<!-- ${header} -->
<web-app xmlns="https://jakarta.ee/xml/ns/jakartaee" version="6.0">
  <servlet>
    <servlet-name>default</servlet-name>
    <servlet-class>org.apache.catalina.servlets.DefaultServlet</servlet-class>
    <init-param><param-name>listings</param-name><param-value>false</param-value></init-param>
    <load-on-startup>1</load-on-startup>
  </servlet>
  <servlet>
    <servlet-name>jsp</servlet-name>
    <servlet-class>org.apache.jasper.servlet.JspServlet</servlet-class>
    <init-param><param-name>fork</param-name><param-value>false</param-value></init-param>
    <load-on-startup>3</load-on-startup>
  </servlet>
  <servlet-mapping><servlet-name>default</servlet-name><url-pattern>/</url-pattern></servlet-mapping>
  <servlet-mapping><servlet-name>jsp</servlet-name><url-pattern>*.jsp</url-pattern></servlet-mapping>
  <session-config><session-timeout>30</session-timeout></session-config>
${mime.map(([ext, type]) => `  <mime-mapping><extension>${ext}</extension><mime-type>${type}</mime-type></mime-mapping>`).join('\n')}
  <welcome-file-list>
    <welcome-file>index.html</welcome-file>
    <welcome-file>index.jsp</welcome-file>
  </welcome-file-list>
</web-app>
`;

/** A context descriptor: the application is served from its WAR or directory where it lives. */
export const renderContext = (d: Deployment, hostPath: (p: string) => string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!-- ${header} -->\n<Context docBase="${hostPath(d.source)}" />\n`;

export function render(
  s: Settings,
  c: Pick<ConfigRenderInput<Prepared | undefined>, 'prepared' | 'hostPath'> & { desired?: unknown },
): ConfigFile[] {
  const applications = (c.desired as Deployment[] | undefined) ?? [];
  return [
    { path: serverXmlPath, content: renderServerXml(s, c.prepared?.port ?? defaultPort), mode: 0o644 },
    { path: webXmlPath, content: renderWebXml(), mode: 0o644 },
    { path: setenvPath, content: renderSetenv(s), mode: 0o644 },
    ...applications.map((d) => ({ path: `${contextDir}/${d.name}.xml`, content: renderContext(d, c.hostPath), mode: 0o644 })),
  ];
}

export const tomcatProgram: ProgramDescriptor = {
  id: 'tomcat',
  tool: 'catalina.sh',
  paths: [serverXmlPath, webXmlPath, setenvPath, `${contextDir}/*.xml`],
  reads: [`${catalinaBase}/logs/*`],
  privileged: true,
  port: defaultPort,
  // Debian's unit runs the system's instance; this one is the portal's own (a unit `tomcat10-portal` on a real server).
  service: { unit: 'tomcat10-portal', reload: 'restart' },
  local: {
    command: `${catalinaHome}/bin/catalina.sh`,
    // The JVM started by catalina.sh: its command line names Tomcat's bootstrap class.
    process: 'org.apache.catalina.startup.Bootstrap',
    dirs: [`${catalinaBase}/logs`, `${catalinaBase}/webapps`, `${catalinaBase}/work`, `${catalinaBase}/temp`, contextDir, '/run/tomcat10-portal'],
    pidFile: pidPath,
    env: (env) => ({
      CATALINA_HOME: catalinaHome,
      CATALINA_BASE: env.hostPath(catalinaBase),
      CATALINA_PID: env.hostPath(pidPath),
      CATALINA_TMPDIR: env.hostPath(`${catalinaBase}/temp`),
    }),
    args: () => [],
    // `catalina.sh configtest`: the JVM with the rendered options, server.xml parsed; non-zero on an error.
    validate: ['configtest'],
    // Daemonises (nohup java … &), its output into logs/catalina.out, the pid into CATALINA_PID.
    start: ['start'],
  },
};

export default definePrograms([tomcatProgram]);
