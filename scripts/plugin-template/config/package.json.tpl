{
  "name": "@portal/plugin-__id__",
  "version": "0.0.0",
  "private": true,
  "type": "module",
  "description": "Managed Center: __Title__ of a server, rendered as __configPath__.",
  "scripts": {
    "typecheck": "tsc -p ."
  }
}
