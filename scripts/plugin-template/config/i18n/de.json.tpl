{
  "title": "__Title__",
  "intro": "Die Einstellungen von __Title__ auf diesem Server, geschrieben nach __configPath__. Beim Speichern wird die Datei neu erzeugt, geprüft und erst dann übernommen.",
  "settings": {
    "maxClients": { "label": "Höchstzahl Clients", "help": "Wie viele Clients gleichzeitig verbunden sein dürfen." },
    "timeoutSeconds": { "label": "Leerlauf-Zeitlimit", "help": "Untätige Clients werden nach so vielen Sekunden getrennt; 0 nie." },
    "logLevel": {
      "label": "Protokollstufe",
      "help": "Wie viel der Dienst in sein Protokoll schreibt.",
      "options": { "warning": "Nur Warnungen", "notice": "Hinweise", "verbose": "Ausführlich", "debug": "Fehlersuche" }
    },
    "bindAddress": { "label": "Adresse", "help": "Die IPv4- oder IPv6-Adresse, auf der der Dienst lauscht." },
    "protectedMode": { "label": "Geschützter Modus", "help": "Weist Clients anderer Rechner ab, solange kein Passwort gesetzt ist." }
  },
  "changes": { "applied": "Konfiguration erneut geschrieben" }
}
