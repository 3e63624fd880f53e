{
  "title": "__Title__",
  "list": {
    "intro": "Einträge dieses Servers, geschrieben nach __configPath__.",
    "caption": "Einträge",
    "create": "Neuer Eintrag",
    "empty": "Noch keine Einträge",
    "emptyHint": "Legen Sie den ersten Eintrag an; er wird sofort auf den Server geschrieben.",
    "edit": "{{name}} bearbeiten",
    "delete": "{{name}} löschen",
    "columns": { "name": "Name", "value": "Wert", "actions": "Aktionen" }
  },
  "form": {
    "createTitle": "Neuer Eintrag",
    "editTitle": "Eintrag bearbeiten",
    "name": "Name",
    "nameHelp": "Kleinbuchstaben, Ziffern und _, beginnend mit einem Buchstaben.",
    "value": "Wert",
    "valueHelp": "Eine Zeile: Buchstaben, Ziffern, Leerzeichen und . _ / : @ + -",
    "submitCreate": "Anlegen und anwenden",
    "submitEdit": "Speichern und anwenden"
  },
  "delete": { "title": "Eintrag löschen?", "text": "{{name}} wird aus der Konfiguration des Servers entfernt.", "confirm": "Löschen" },
  "file": { "title": "Konfigurationsdatei auf dem Server" },
  "rollback": { "text": "Die Konfiguration und die Einträge kehren zur Version vor der letzten angewendeten Änderung zurück." },
  "summary": { "count_one": "{{count}} Eintrag", "count_other": "{{count}} Einträge", "none": "Noch keine Einträge", "open": "Öffnen" },
  "changes": { "created": "Eintrag {{name}} angelegt",
    "updated": "Eintrag {{name}} geändert", "deleted": "Eintrag {{name}} gelöscht", "applied": "Konfiguration erneut geschrieben" },
  "errors": {
    "name_format": "Verwenden Sie Kleinbuchstaben, Ziffern und _, beginnend mit einem Buchstaben (höchstens 64).",
    "value_format": "Verwenden Sie eine Zeile aus Buchstaben, Ziffern, Leerzeichen und . _ / : @ + - (höchstens 255).",
    "duplicate": "Ein Eintrag mit diesem Namen existiert bereits.",
    "too_many": "Dieser Server hat die höchste Zahl an Einträgen."
  }
}
