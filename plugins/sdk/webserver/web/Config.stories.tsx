import Stack from '@mui/material/Stack';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ConfigFiles } from './ConfigPage.tsx';
import { DiffView } from './DiffView.tsx';
import { StatusBar } from './SiteFrame.tsx';
import { webServerStory } from './storyData.tsx';

const diff = `--- /etc/nginx/portal/sites/www.mueller-schmidt-shop.example.conf\tserver
+++ /etc/nginx/portal/sites/www.mueller-schmidt-shop.example.conf\tdesired
@@ -17,6 +17,9 @@
     # Redirects
     location = "/agb.html" {
         return 301 "/agb";
     }
+    location = "/winter" {
+        return 302 "/aktionen/winter";
+    }
     location = "/impressum.html" {
-        return 302 "/impressum";
+        return 301 "/impressum";
     }
`;

/** The configuration view: status bar, diff against the server, generated files. */
const meta = {
  title: 'SDK/Web server/Configuration',
  component: DiffView,
  decorators: webServerStory,
  args: { diff },
} satisfies Meta<typeof DiffView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Diff: Story = {};

export const Pending: Story = {
  render: () => (
    <StatusBar
      applying={false}
      onApply={() => undefined}
      status={{
        pending: true,
        changedFiles: 2,
        lastApplied: { version: 4, appliedAt: '2026-11-21T16:02:00.000Z' },
        service: { state: 'running', endpoint: { host: '127.0.0.1', port: 41867 } },
        tools: { nginx: true, openssl: true },
        counts: { vhosts: 3, redirects: 4, authentications: 1 },
      }}
    />
  ),
};

export const Applied: Story = {
  render: () => (
    <StatusBar
      applying={false}
      onApply={() => undefined}
      status={{
        pending: false,
        changedFiles: 0,
        lastApplied: { version: 5, appliedAt: '2026-11-22T10:15:00.000Z' },
        service: { state: 'not_installed', endpoint: null },
        tools: { nginx: false, openssl: false },
        counts: { vhosts: 3, redirects: 4, authentications: 1 },
      }}
    />
  ),
};

export const Files: Story = {
  render: () => (
    <Stack>
      <ConfigFiles
        files={[
          {
            path: '/etc/nginx/conf.d/portal.conf',
            status: 'unchanged',
            desired: 'include "/etc/nginx/portal/sites/*.conf";\n',
            live: 'include "/etc/nginx/portal/sites/*.conf";\n',
          },
          {
            path: '/etc/nginx/portal/sites/www.mueller-schmidt-shop.example.conf',
            status: 'changed',
            desired: 'server {\n    listen 80;\n}\n',
            live: 'server {\n}\n',
          },
          {
            path: '/etc/nginx/portal/sites/neu.mueller-schmidt-shop.example.conf',
            status: 'added',
            desired: 'server {\n    listen 80;\n}\n',
            live: null,
          },
        ]}
      />
    </Stack>
  ),
};
