/**
 * Tomcat as this plugin runs it: private instances per server, each with a CATALINA_BASE of its own
 * (`/var/lib/tomcat10-portal/instances/<name>`: conf/, bin/, logs/, webapps/, work/, temp/) on Debian's CATALINA_HOME
 * (`/usr/share/tomcat10`), run as the program of its slot (`tomcat-<n>`). `render` is pure: instances and applications
 * → per instance `server.xml`, `web.xml`, `bin/setenv.sh`
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

export const catalinaHome = '/usr/share/tomcat10';
/** Everything of the portal's Tomcat instances on a server. */
export const portalRoot = '/var/lib/tomcat10-portal';
/** The instances' CATALINA_BASEs: `<instancesDir>/<name>` (conf/, bin/, logs/, webapps/, work/, temp/). */
export const instancesDir = `${portalRoot}/instances`;
/** One file per slot (`tomcat-<n>`): which instance the slot's program runs and a fingerprint of its files. */
export const slotsDir = `${portalRoot}/slots`;
export const runDir = '/run/tomcat10-portal';
/** At most this many instances per server: each runs as one of the programs `tomcat-1` … `tomcat-8`. */
export const maxInstances = 8;
/** Where the HTTP connector listens by default on a real server (behind the server's web server). */
export const defaultPort = 8080;

/** The base and files of an instance. */
export const baseOf = (name: string) => `${instancesDir}/${name}`;
export const serverXmlOf = (name: string) => `${baseOf(name)}/conf/server.xml`;
export const webXmlOf = (name: string) => `${baseOf(name)}/conf/web.xml`;
export const setenvOf = (name: string) => `${baseOf(name)}/bin/setenv.sh`;
export const contextDirOf = (name: string) => `${baseOf(name)}/conf/Catalina/localhost`;
/** Where the JVM's output goes (`catalina.sh start`: CATALINA_OUT). */
export const catalinaOutOf = (name: string) => `${baseOf(name)}/logs/catalina.out`;
/** The program (and apply lock) that runs the instance of a slot. */
export const slotProgramId = (slot: number) => `tomcat-${slot}`;
export const slotFileOf = (slot: number) => `${slotsDir}/tomcat-${slot}`;
export const pidOf = (slot: number) => `${runDir}/tomcat-${slot}.pid`;
/** The slot file as it was when the running JVM started: equal to the slot file = the instance runs its files. */
export const startedOf = (slot: number) => `${runDir}/tomcat-${slot}.started`;

/**
 * The single instance before there were instances (CATALINA_BASE `/var/lib/tomcat10-portal` itself): the first apply
 * after the upgrade removes its files (they are the `default` instance's now) and stops its JVM.
 */
export const legacy = {
  serverXml: `${portalRoot}/conf/server.xml`,
  webXml: `${portalRoot}/conf/web.xml`,
  setenv: `${portalRoot}/bin/setenv.sh`,
  contextDir: `${portalRoot}/conf/Catalina/localhost`,
  pid: `${runDir}/tomcat.pid`,
};

/** An instance as `render` needs it (its stored row). */
export interface InstanceSpec {
  name: string;
  slot: number;
  /** The connector's port as the customer chose it (on a real server the port itself). */
  port: number;
  heapMinMb: number;
  heapMaxMb: number;
  jvmOptions: string;
  maxThreads: number;
  connectionTimeoutMs: number;
}

/** An application as `render` needs it. */
export interface Deployment {
  name: string;
  source: string;
  /** The instance that serves it. */
  instance: string;
}

export interface Desired {
  instances: InstanceSpec[];
  applications: Deployment[];
}

/** What `render` needs from the server: the address each instance's connector listens on, by the customer's port. */
export interface Prepared {
  ports: Record<string, number>;
}

/**
 * The connector's address of an instance with the customer's `port` (prepare → render; the status probes it): the port
 * itself on a real server, a loopback port of its own on `local`. Port 8080 keeps the key of the single instance
 * before instances (`tomcat`), so the `default` instance keeps its loopback port.
 */
export const connectorAddress = (gateway: Pick<ServerGateway, 'listenAddress'>, port: number) =>
  gateway.listenAddress(port === defaultPort ? 'tomcat' : `tomcat-port-${port}`, port);

/** The context path an application is served at (`ROOT` → `/`). */
export const contextPath = (name: string) => (name === 'ROOT' ? '/' : `/${name}/`);

const header = 'Written by the customer portal (Managed Center, Tomcat). Changes here are overwritten.';

export function renderServerXml(s: Omit<InstanceSpec, 'name' | 'slot' | 'port'>, port: number): string {
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
export const javaOptions = (s: Pick<InstanceSpec, 'heapMinMb' | 'heapMaxMb' | 'jvmOptions'>) => [`-Xms${s.heapMinMb}m`, `-Xmx${s.heapMaxMb}m`, '-Djava.awt.headless=true', ...s.jvmOptions.split(' ').filter(Boolean)];

export const renderSetenv = (s: Pick<InstanceSpec, 'heapMinMb' | 'heapMaxMb' | 'jvmOptions'>) => `# ${header}\n# Read by catalina.sh for every command (start, configtest).\nJAVA_OPTS="${javaOptions(s).join(' ')}"\n`;

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

/** A short fingerprint of an instance's files (pure): a changed fingerprint restarts the instance. */
export function fingerprint(files: readonly ConfigFile[]): string {
  let h = 0x811c9dc5;
  for (const f of [...files].sort((a, b) => a.path.localeCompare(b.path)))
    for (const ch of `${f.path}\0${f.content}\0`) h = Math.imul(h ^ ch.codePointAt(0)!, 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/** The slot file: the instance its program runs (`name=`) and the fingerprint of its files (`files=`). */
export const renderSlot = (name: string, files: readonly ConfigFile[]) =>
  `# ${header}\n# The instance the program of this slot runs, and a fingerprint of its files (a change restarts it).\nname=${name}\nfiles=${fingerprint(files)}\n`;

/** The instance name a slot file names (`null`: the slot is free). */
export const slotName = (content: string | null): string | null => /^name=([a-z][a-z0-9-]*)$/m.exec(content ?? '')?.[1] ?? null;

/** The files of one instance, its slot file last. */
export function renderInstance(i: InstanceSpec, applications: readonly Deployment[], port: number, hostPath: (p: string) => string): ConfigFile[] {
  const files: ConfigFile[] = [
    { path: serverXmlOf(i.name), content: renderServerXml(i, port), mode: 0o644 },
    { path: webXmlOf(i.name), content: renderWebXml(), mode: 0o644 },
    { path: setenvOf(i.name), content: renderSetenv(i), mode: 0o644 },
    ...applications
      .filter((d) => d.instance === i.name)
      .map((d) => ({ path: `${contextDirOf(i.name)}/${d.name}.xml`, content: renderContext(d, hostPath), mode: 0o644 })),
  ];
  return [...files, { path: slotFileOf(i.slot), content: renderSlot(i.name, files), mode: 0o644 }];
}

export function render(c: Pick<ConfigRenderInput<Prepared | undefined>, 'prepared' | 'hostPath'> & { desired?: Desired }): ConfigFile[] {
  const { instances, applications } = c.desired ?? { instances: [], applications: [] };
  return [...instances]
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((i) => renderInstance(i, applications, c.prepared?.ports[String(i.port)] ?? i.port, c.hostPath));
}

/** The running instances' logs, and the files of the single instance before instances (removed by the first apply). */
const legacyPaths = [legacy.serverXml, legacy.webXml, legacy.setenv, `${legacy.contextDir}/*.xml`];

const localOf = (slot: number): ProgramDescriptor['local'] => {
  /** The instance's base from its slot file (rendered, written before any check or start). */
  const baseIn = async (env: { readFile(p: string): Promise<string | null> }) => baseOf(slotName(await env.readFile(slotFileOf(slot))) ?? `unused-${slot}`);
  return {
    command: `${catalinaHome}/bin/catalina.sh`,
    // The JVM started by catalina.sh: its command line names Tomcat's bootstrap class.
    process: 'org.apache.catalina.startup.Bootstrap',
    dirs: [runDir],
    // The directories catalina.sh and Tomcat expect in the base (the base's name comes from the slot file).
    files: async (env) => {
      const base = await baseIn(env);
      return ['logs', 'temp', 'webapps', 'work'].map((d) => ({ path: `${base}/${d}/.portal`, content: 'Created by the customer portal: the instance needs this directory.\n' }));
    },
    pidFile: pidOf(slot),
    env: async (env) => {
      const base = await baseIn(env);
      return {
        CATALINA_HOME: catalinaHome,
        CATALINA_BASE: env.hostPath(base),
        CATALINA_PID: env.hostPath(pidOf(slot)),
        CATALINA_TMPDIR: env.hostPath(`${base}/temp`),
      };
    },
    args: () => [],
    // `catalina.sh configtest`: the JVM with the rendered options, server.xml parsed; non-zero on an error.
    validate: ['configtest'],
    // Daemonises (nohup java … &), its output into logs/catalina.out, the pid into CATALINA_PID.
    start: ['start'],
  };
};

/** The program of one slot: the instance its slot file names. */
export const slotProgram = (slot: number): ProgramDescriptor => ({
  id: slotProgramId(slot),
  tool: 'catalina.sh',
  // Slot 1 owns every instance's files (one glob set; the other slots only run what their slot file names).
  paths:
    slot === 1
      ? [
          `${instancesDir}/*/conf/server.xml`,
          `${instancesDir}/*/conf/web.xml`,
          `${instancesDir}/*/bin/setenv.sh`,
          `${instancesDir}/*/conf/Catalina/localhost/*.xml`,
          `${slotsDir}/tomcat-?`,
          `${runDir}/tomcat-?.started`,
        ]
      : [],
  reads: slot === 1 ? [`${instancesDir}/*/logs/*`] : [],
  privileged: true,
  port: defaultPort,
  // On a real server: a template unit per slot (`tomcat10-portal@<n>`) with CATALINA_BASE from the slot file.
  service: { unit: `tomcat10-portal@${slot}`, reload: 'restart' },
  local: localOf(slot),
});

/**
 * The program of the single instance before instances: declared so the first apply after the upgrade may remove its
 * files and stop its JVM (lock of the plugin's applies: `steps.service`).
 */
export const tomcatProgram: ProgramDescriptor = {
  id: 'tomcat',
  tool: 'catalina.sh',
  paths: legacyPaths,
  reads: [`${portalRoot}/logs/*`],
  privileged: true,
  service: { unit: 'tomcat10-portal', reload: 'restart' },
  local: {
    command: `${catalinaHome}/bin/catalina.sh`,
    process: 'org.apache.catalina.startup.Bootstrap',
    pidFile: legacy.pid,
    env: (env) => ({ CATALINA_HOME: catalinaHome, CATALINA_BASE: env.hostPath(portalRoot), CATALINA_PID: env.hostPath(legacy.pid) }),
    args: () => [],
    start: ['start'],
  },
};

export const slots = Array.from({ length: maxInstances }, (_, i) => i + 1);

export default definePrograms([tomcatProgram, ...slots.map(slotProgram)]);
