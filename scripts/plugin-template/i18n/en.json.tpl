{
  "title": "__Title__",
  "list": {
    "intro": "Entries of this server, written to __configPath__.",
    "caption": "Entries",
    "create": "New entry",
    "empty": "No entries yet",
    "emptyHint": "Add the first entry; it is written to the server right away.",
    "edit": "Edit {{name}}",
    "delete": "Delete {{name}}",
    "columns": { "name": "Name", "value": "Value", "actions": "Actions" }
  },
  "form": {
    "createTitle": "New entry",
    "editTitle": "Edit entry",
    "name": "Name",
    "nameHelp": "Lower-case letters, digits and _, starting with a letter.",
    "value": "Value",
    "valueHelp": "One line: letters, digits, spaces and . _ / : @ + -",
    "submitCreate": "Create and apply",
    "submitEdit": "Save and apply"
  },
  "delete": { "title": "Delete entry?", "text": "{{name}} is removed from the server's configuration.", "confirm": "Delete" },
  "file": { "title": "Configuration file on the server" },
  "rollback": { "text": "The configuration and the entries go back to the version before the last change that was applied." },
  "summary": { "count_one": "{{count}} entry", "count_other": "{{count}} entries", "none": "No entries yet", "open": "Open" },
  "changes": { "created": "Entry {{name}} added",
    "updated": "Entry {{name}} changed", "deleted": "Entry {{name}} deleted", "applied": "Configuration written again" },
  "errors": {
    "name_format": "Use lower-case letters, digits and _, starting with a letter (at most 64).",
    "value_format": "Use one line of letters, digits, spaces and . _ / : @ + - (at most 255).",
    "duplicate": "An entry with this name exists already.",
    "too_many": "This server has the maximum number of entries."
  }
}
