{
  "name": "@portal/plugin-__id__",
  "version": "0.0.0",
  "private": true,
  "type": "module",
  "description": "Managed Center: live figures and history of __Title__ on a server.",
  "scripts": {
    "typecheck": "tsc -p ."
  }
}
