import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { startProduct } from './server.ts';

interface Currency {
  code: string;
  subunits_to_unit: number;
}
const getJson = async <T>(url: string): Promise<T> => (await fetch(url)).json() as Promise<T>;

describe('starting the product', () => {
  it('creates its embedded database on first start and keeps the data on the next', async () => {
    const first = await startProduct();
    const currencies = await getJson<Currency[]>(`${first.url}/api/info/currencies`);
    expect(currencies.find((currency) => currency.code === 'BTC')?.subunits_to_unit).toBe(100_000_000);
    expect(currencies.find((currency) => currency.code === 'JPY')?.subunits_to_unit).toBe(1);
    expect(await first.stop()).toBe(0);

    // An operator change made while the product is down must survive the next start's seed.
    const direct = await PGlite.create(`${first.dataDir}/pglite`);
    await direct.query(`update currencies set enabled = false where code = 'HUF'`);
    const before = await direct.query<{ n: number }>('select count(*)::int as n from countries');
    await direct.close();

    const second = await startProduct({ dataDir: first.dataDir });
    const after = await getJson<Currency[]>(`${second.url}/api/info/currencies`);
    expect(after.map((currency) => currency.code)).not.toContain('HUF');
    expect(after).toHaveLength(currencies.length - 1);
    const countries = await getJson<unknown[]>(`${second.url}/api/info/countries`);
    expect(countries).toHaveLength(before.rows[0]?.n ?? -1);
    expect(await second.stop()).toBe(0);
  });

  it('refuses to start with a bad setting and names it', async () => {
    await expect(startProduct({ env: { PORT: 'eighty' } })).rejects.toThrow(/PORT: .*"eighty"/);
  });
});
