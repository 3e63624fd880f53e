tags:
  - name: __id__
    description: |
      __Title__ of a server (Managed Center section `__id__`), rendered as `__configPath__`.
      Creating and deleting an entry stores it and answers 202 with the apply job.
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
paths:
  /api/v1/clusters/{clusterId}/servers/{serverId}/__id__/items:
    get:
      operationId: list__Pascal__Items
      summary: The server's __id__ entries
      description: "Administrators of the cluster only, on servers that run the `__service__` service (404 elsewhere). Oldest first, at most 100 per page."
      parameters:
        - name: page
          in: query
          description: Page of the list, from 1.
          schema: { type: integer, minimum: 1, maximum: 10000, default: 1 }
        - name: per_page
          in: query
          description: Entries per page.
          schema: { type: integer, minimum: 1, maximum: 100, default: 100 }
      responses:
        '200':
          description: The entries of the server.
          content:
            application/json:
              schema:
                type: object
                required: [data, total]
                additionalProperties: false
                properties:
                  data:
                    type: array
                    items: { $ref: '#/components/schemas/__Pascal__Item' }
                  total: { type: integer, description: 'All entries of the server.' }
              example:
                data: [{ id: 1, name: max_memory, value: 256M, createdAt: '2026-11-24T08:00:00.000Z' }]
                total: 1
    post:
      operationId: create__Pascal__Item
      summary: Adds an entry and applies the server's __id__ configuration
      description: "Administrators of the cluster only. Name and value are checked (422 with the fields); the entry is stored and the file applied as a job (202). Recorded in the change log."
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/__Pascal__ItemInput' }
            example: { name: max_memory, value: 256M }
      responses:
        '202': { $ref: '#/components/responses/ApplyStarted' }
        '422':
          description: |
            Invalid input; nothing was stored or applied. `name`: `__id__:errors.name_format`, `duplicate`;
            `value`: `value_format`; `_`: `too_many`.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/ErrorResponse' }
  /api/v1/clusters/{clusterId}/servers/{serverId}/__id__/items/{itemId}:
    delete:
      operationId: delete__Pascal__Item
      summary: Removes an entry and applies the server's __id__ configuration
      description: "Administrators of the cluster only. Applied as a job (202); recorded in the change log."
      responses:
        '202': { $ref: '#/components/responses/ApplyStarted' }
components:
  schemas:
    __Pascal__ItemInput:
      type: object
      required: [name, value]
      additionalProperties: false
      properties:
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
          description: 'One line: letters, digits, spaces and `. _ / : @ + -`.'
          example: 256M
    __Pascal__Item:
      type: object
      required: [id, name, value, createdAt]
      additionalProperties: false
      properties:
        id: { type: integer }
        name: { type: string, maxLength: 64 }
        value: { type: string, maxLength: 255 }
        createdAt: { type: string, format: date-time, maxLength: 64 }
