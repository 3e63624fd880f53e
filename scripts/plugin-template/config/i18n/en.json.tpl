{
  "title": "__Title__",
  "intro": "The settings of __Title__ on this server, written to __configPath__. On saving, the file is rendered again, checked and only then applied.",
  "settings": {
    "maxClients": { "label": "Maximum clients", "help": "How many clients may be connected at the same time." },
    "timeoutSeconds": { "label": "Idle timeout", "help": "Idle clients are disconnected after this many seconds; 0 never." },
    "logLevel": {
      "label": "Log level",
      "help": "How much the service writes to its log.",
      "options": { "warning": "Warnings only", "notice": "Notices", "verbose": "Verbose", "debug": "Debug" }
    },
    "bindAddress": { "label": "Listen address", "help": "The IPv4 or IPv6 address the service listens on." },
    "protectedMode": { "label": "Protected mode", "help": "Refuses clients from other hosts while no password is set." }
  },
  "changes": { "applied": "Configuration written again" }
}
