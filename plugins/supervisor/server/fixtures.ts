/** Demo programs of a web server (desired state only; an apply writes them). */
export const demoPrograms = [
  {
    name: 'heartbeat',
    command: `sh -c "while true; do date '+%F %T heartbeat'; sleep 30; done"`,
    directory: '',
    user: 'www-data',
    numprocs: 1,
    autostart: true,
    autorestart: 'always',
    startsecs: 1,
    stopwaitsecs: 10,
    stopsignal: 'TERM',
  },
  {
    name: 'queue-worker',
    command: 'node /var/www/app/worker.js --queue=default',
    directory: '/var/www',
    user: 'www-data',
    numprocs: 2,
    autostart: true,
    autorestart: 'unexpected',
    startsecs: 5,
    stopwaitsecs: 60,
    stopsignal: 'TERM',
  },
] as const;
