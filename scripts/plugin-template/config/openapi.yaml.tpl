tags:
  - name: __id__
    description: |
      The settings of __Title__ on a server (Managed Center section `__id__`), rendered as `__configPath__`.
      Changing them stores them and answers 202 with the apply job; the program checks the file before it is used.
# The config family (docs/plugins.md, "Config services"). The bundler (openapi/scripts/bundle.ts) turns x-config
# into the schema __Pascal__Settings, GET …/__id__/settings (get__Pascal__Settings) and PUT …/__id__/settings
# (update__Pascal__Settings, 202), answered by the SDK's defineConfigService. Each field's type, limits and
# default are written here once: the router, the server's rules and the form (generated/config.ts) use them.
x-config:
  schema:
    properties:
      maxClients:
        type: integer
        minimum: 1
        maximum: 100000
        default: 1000
        description: How many clients may be connected at the same time.
      timeoutSeconds:
        type: integer
        minimum: 0
        maximum: 86400
        default: 300
        x-unit: s
        description: Idle clients are disconnected after this many seconds (0 never).
      logLevel:
        type: string
        maxLength: 16
        enum: [warning, notice, verbose, debug]
        default: notice
        description: How much the service logs.
      bindAddress:
        type: string
        maxLength: 45
        pattern: '^[0-9A-Fa-f.:]{2,45}$'
        default: 127.0.0.1
        description: The IPv4 or IPv6 address the service listens on.
      protectedMode:
        type: boolean
        default: true
        description: Refuses clients from other hosts while no password is set.
# x-apply adds POST …/__id__/apply (202), x-files GET …/__id__/files (the rendered file, and whether it is the one
# last applied); both are answered by the host.
x-apply:
  operationId: apply__Pascal__
  summary: Writes the configuration rendered from the stored settings again
x-files:
  summary: The configuration as rendered from the stored settings, and whether it is the one last applied
paths: {}
