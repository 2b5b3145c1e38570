/**
 * An operator's Centrifugo, published to through its server HTTP API (POST /api/publish with the
 * X-API-Key header): it keeps the history and serves the clients; the product only publishes.
 */
export class CentrifugoApi {
  readonly #endpoint: string;
  readonly #key: string;

  constructor(url: string, key: string) {
    this.#endpoint = new URL('/api/publish', url).toString();
    this.#key = key;
  }

  /** Publishes once per idempotency key (Centrifugo drops a repeat within its window); throws on failure. */
  async publish(channel: string, data: unknown, idempotencyKey: string): Promise<void> {
    const response = await fetch(this.#endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': this.#key },
      body: JSON.stringify({ channel, data, idempotency_key: idempotencyKey }),
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) throw new Error(`Centrifugo answered ${response.status} to a publish on ${channel}`);
    const body = (await response.json().catch(() => null)) as {
      error?: { code: number; message: string };
    } | null;
    if (body?.error) {
      throw new Error(`Centrifugo refused a publish on ${channel}: ${body.error.code} ${body.error.message}`);
    }
  }
}
