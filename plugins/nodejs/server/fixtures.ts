/** Demo applications of a web server (desired state only, no release yet: they get programs with their first release). */
export const demoApps = [
  { name: 'shop-api', nodeVersion: '20', script: 'server.js', port: 3000, instances: 2, release: '', previousRelease: '' },
  { name: 'ssr-frontend', nodeVersion: '20', script: 'dist/main.mjs', port: 3100, instances: 1, release: '', previousRelease: '' },
] as const;
