/** Issue 14: Prometheus metrics on a port of their own, per operation, with the instance's gauges. */
import { createTestServer, type TestServer } from '../testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ METRICS_PORT: '0' }, { fixtures: false });
});
afterAll(() => server.stop());

describe('issue 14: /metrics', () => {
  it('counts and times requests per contract operation, with socket, cache and job gauges', async () => {
    const browser = server.client();
    expect((await browser.login('manager@demo.example')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await browser.get('/api/v1/me')).status).toBe(200);
    expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const res = await fetch(server.metricsUrl!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/^portal_http_requests_total\{operation="getMe",method="GET",status="200"\} 3$/m);
    expect(text).toMatch(/^portal_http_request_duration_seconds_count\{operation="getMe",method="GET"\} 3$/m);
    expect(text).toMatch(/^portal_http_requests_total\{operation="login",method="POST",status="200"\} 1$/m);
    for (const gauge of ['portal_socket_connections', 'portal_principal_cache_entries', 'portal_jobs_queued', 'portal_jobs_running', 'portal_process_cpu_user_seconds_total'])
      expect(text).toMatch(new RegExp(`^${gauge} \\d`, 'm'));
  });

  it('is not served on the public port', async () => {
    expect((await server.client().get('/metrics')).status).toBe(404);
  });
});
