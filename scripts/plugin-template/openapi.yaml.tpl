tags:
  - name: __id__
    description: |
      __Title__ of a server (Managed Center section `__id__`), rendered as `__configPath__`.
      Creating, changing and deleting an entry stores it and answers 202 with the apply job.
# Added by the bundler (openapi/scripts/bundle.ts) to every operation below: the parameters ClusterId and
# ServerId, the tag, x-token-area/x-access, and the answers 401, 403, 404, 503 (and 422 ValidationFailed
# for a body or query parameters), and {itemId} as an id (integer 1–2³¹−1). x-apply adds POST …/__id__/apply (202), answered by the host.
x-apply:
  operationId: apply__Pascal__
  summary: Writes the configuration rendered from the stored entries again
# x-files adds GET …/__id__/files (what render() returns now, and whether it is what was last applied),
# answered by the host and shown by the SDK's RenderedFilesPanel; render() must not change the server.
x-files:
  summary: The configuration as rendered from the stored entries, and whether it is the one last applied
# x-resources adds the resource's operations (list__Pascal__Items, get__Pascal__Item, create__Pascal__Item,
# update__Pascal__Item, delete__Pascal__Item) and schemas (__Pascal__Item, __Pascal__ItemInput): openapi/scripts/resources.ts.
# Its fields are written once, here: the contract, the SDK's form and your rules read the same limits
# (plugins/__id__/generated/resources.ts).
x-resources:
  __camel__Item:
    title: entry
    path: /items
    id: itemId
    schema: __Pascal__Item
    perPage: 100
    errors: |
      Invalid input; nothing was stored or applied. `name`: `__id__:errors.name_format`, `duplicate`;
      `value`: `value_format`; `_`: `too_many`.
    fields:
      name:
        type: string
        minLength: 1
        maxLength: 64
        pattern: '^[a-z][a-z0-9_]*$'
        description: 'Lower-case letters, digits and `_`, starting with a letter.'
        example: max_memory
      value:
        type: string
        minLength: 1
        maxLength: 255
        pattern: '^[A-Za-z0-9 ._/:@+-]+$'
        description: 'One line: letters, digits, spaces and `. _ / : @ + -` (stored without spaces at the ends).'
        example: 256M
    view:
      createdAt: { type: string, format: date-time, maxLength: 64 }
      updatedAt: { type: string, format: date-time, maxLength: 64 }
