tags:
  - name: __id__
    description: |
      Live figures and history of __Title__ on a server (Managed Center section `__id__`, the stats family):
      its processes, their memory and CPU, measured every 10 seconds while someone watches and pushed as
      `__id__.sample` events to room `server:<id>`; the last hour (10-second samples), 24 hours (1-minute
      averages and maxima) and 7 days (10-minute averages and maxima) kept in PostgreSQL. Read-only.
# The stats family (docs/plugins.md, "Stats services"): both operations are answered by the SDK's
# defineStatsService (server/index.ts). A figure is a property of __Pascal__Figures (the live value) and of
# __Pascal__SeriesFigures (its history), named as in server/sampler.ts.
paths:
  /api/v1/clusters/{clusterId}/servers/{serverId}/__id__/stats:
    get:
      operationId: get__Pascal__Stats
      summary: The history of one range (1 h, 24 h or 7 d), one slot per bucket
      description: 'Administrators of the cluster only, on servers with the `__service__` service. Samples are kept for 7 days.'
      parameters:
        - name: range
          in: query
          description: '`1h`: 10-second samples; `24h`: 1-minute buckets; `7d`: 10-minute buckets.'
          schema: { type: string, enum: ['1h', '24h', '7d'], default: '1h' }
      responses:
        '200':
          description: The series of the range.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/__Pascal__Series' }
  /api/v1/clusters/{clusterId}/servers/{serverId}/__id__/watch:
    post:
      operationId: watch__Pascal__
      summary: Starts or renews the live figures of the server for a minute and answers the current ones
      description: |
        While a watch is active the portal measures __service__ on the server every `intervalSeconds`, stores
        the sample (history) and sends it as `__id__.sample` (a `__Pascal__Sample`) to room `server:<id>`. A
        watch ends `leaseSeconds` after the last call; the panel renews it while it is open and visible.
        503 when the server could not be measured.
      responses:
        '200':
          description: The feed runs; the newest sample.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/__Pascal__Watch' }
components:
  schemas:
    __Pascal__Figures:
      type: object
      description: 'The figures of one measurement; `null` where the server could not tell (e.g. no `ps`).'
      required: [processes, memoryBytes, cpuPercent]
      additionalProperties: false
      properties:
        processes: { type: [integer, 'null'], minimum: 0, description: 'How many processes of __service__ run.' }
        memoryBytes: { type: [number, 'null'], minimum: 0, description: 'Their resident memory, in bytes.' }
        cpuPercent: { type: [number, 'null'], minimum: 0, description: 'Their CPU time since the previous measurement, in percent of one CPU.' }
    __Pascal__Sample:
      type: object
      description: One measurement (also the payload of `__id__.sample` events).
      required: [at, figures]
      additionalProperties: false
      properties:
        at: { type: string, format: date-time, description: 'Start of its 10-second bucket.' }
        figures: { $ref: '#/components/schemas/__Pascal__Figures' }
    __Pascal__Watch:
      type: object
      required: [intervalSeconds, leaseSeconds, sample]
      additionalProperties: false
      properties:
        intervalSeconds: { type: integer, description: 'How often a sample is taken while the watch lasts.' }
        leaseSeconds: { type: integer, description: 'The watch ends this long after the last call.' }
        sample: { $ref: '#/components/schemas/__Pascal__Sample' }
    __Pascal__AvgMax:
      type: object
      description: 'Average and maximum per slot; `null` where nothing was measured.'
      required: [avg, max]
      additionalProperties: false
      properties:
        avg: { type: array, maxItems: 1440, items: { type: [number, 'null'] } }
        max: { type: array, maxItems: 1440, items: { type: [number, 'null'] } }
    __Pascal__SeriesFigures:
      type: object
      required: [processes, memoryBytes, cpuPercent]
      additionalProperties: false
      properties:
        processes: { $ref: '#/components/schemas/__Pascal__AvgMax' }
        memoryBytes: { $ref: '#/components/schemas/__Pascal__AvgMax' }
        cpuPercent: { $ref: '#/components/schemas/__Pascal__AvgMax' }
    __Pascal__Series:
      type: object
      description: |
        A dense series: slot `i` is the bucket starting at `start + i * resolutionSeconds`. Averages are
        weighted by the number of 10-second samples in a bucket; maxima are the highest sample.
      required: [range, resolutionSeconds, start, end, filled, figures]
      additionalProperties: false
      properties:
        range: { type: string, enum: ['1h', '24h', '7d'] }
        resolutionSeconds: { type: integer, enum: [10, 60, 600] }
        start: { type: string, format: date-time }
        end: { type: string, format: date-time, description: 'Start of the last (current) bucket.' }
        filled: { type: integer, minimum: 0, description: 'How many slots have data.' }
        figures: { $ref: '#/components/schemas/__Pascal__SeriesFigures' }
