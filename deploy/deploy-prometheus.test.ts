import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The Prometheus files of the deployment, read by Prometheus's own promtool (Debian's `prometheus`
 * package, installed by .ci/run): the scrape configuration with the rules it loads, the alert rules, and
 * their unit tests (alerts.test.yml), which make each alert fire on a bad series and stay quiet on a good
 * one. That the app exports every metric they read is checked against a running app, in
 * apps/server/src/platform/metrics/metrics.test.ts.
 */
const folder = fileURLToPath(new URL('./prometheus/', import.meta.url));
const promtool = '/usr/bin/promtool';
/** Where the compose file mounts the instances' METRICS_TOKEN for Prometheus. */
const tokenFile = '/run/secrets/metrics_token';

function run(args: string[], cwd = folder): string {
  try {
    return execFileSync(promtool, args, { cwd, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`promtool ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

interface RuleTests {
  rule_files: string[];
  tests: { alert_rule_test: { alertname: string; exp_alerts: unknown[] }[] }[];
}

describe('the Prometheus files, as promtool reads them', () => {
  let host: string;
  beforeAll(() => {
    if (!existsSync(promtool)) throw new Error(`${promtool} is missing: apt-get install prometheus`);
    host = mkdtempSync(path.join(tmpdir(), 'chrysos-prometheus-'));
  });
  afterAll(() => {
    if (host) rmSync(host, { recursive: true, force: true });
  });

  it('loads the scrape configuration and the rules it names, as on the Prometheus host', () => {
    // The host has the token file the compose file mounts; here a stand-in at that place of the copy.
    const config = readFileSync(path.join(folder, 'prometheus.yml'), 'utf8');
    expect(config.split(tokenFile)).toHaveLength(2);
    writeFileSync(path.join(host, 'metrics_token'), 'a-stand-in-token\n');
    writeFileSync(
      path.join(host, 'prometheus.yml'),
      config.replace(tokenFile, path.join(host, 'metrics_token')),
    );
    writeFileSync(path.join(host, 'alerts.yml'), readFileSync(path.join(folder, 'alerts.yml')));
    expect(run(['check', 'config', 'prometheus.yml'], host)).toMatch(/SUCCESS: 1 rule files found/);
  });

  it('reads the alert rules', () => {
    expect(run(['check', 'rules', 'alerts.yml'])).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('passes the rules unit tests, which hold an alert that fires and a quiet case for each alert', () => {
    const rules = parse(readFileSync(path.join(folder, 'alerts.yml'), 'utf8')) as {
      groups: { rules: { alert: string }[] }[];
    };
    const alerts = rules.groups.flatMap((group) => group.rules.map((rule) => rule.alert)).sort();
    const unitTests = parse(readFileSync(path.join(folder, 'alerts.test.yml'), 'utf8')) as RuleTests;
    expect(unitTests.rule_files).toEqual(['alerts.yml']);
    const cases = unitTests.tests.flatMap((test) => test.alert_rule_test);
    const firing = new Set(cases.filter((c) => c.exp_alerts.length > 0).map((c) => c.alertname));
    const quiet = new Set(cases.filter((c) => c.exp_alerts.length === 0).map((c) => c.alertname));
    expect([...firing].sort()).toEqual(alerts);
    expect([...quiet].sort()).toEqual(alerts);

    expect(run(['test', 'rules', 'alerts.test.yml'])).toMatch(/SUCCESS/);
  });

  it('reads every query of the Grafana dashboard as PromQL', () => {
    const dashboard = JSON.parse(
      readFileSync(new URL('./grafana/chrysos.json', import.meta.url), 'utf8'),
    ) as {
      panels: { title: string; targets?: { expr: string }[] }[];
    };
    const queries = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
    expect(queries.length).toBeGreaterThan(20);
    // promtool parses queries in rule files: each one a recording rule, the dashboard's variable as "all".
    const rules = {
      groups: [
        {
          name: 'dashboard',
          rules: queries.map((expr, at) => ({
            record: `dashboard:query_${at}`,
            expr: expr.replaceAll('$instance', '.*'),
          })),
        },
      ],
    };
    writeFileSync(path.join(host, 'dashboard-queries.yml'), JSON.stringify(rules));
    expect(run(['check', 'rules', 'dashboard-queries.yml'], host)).toMatch(
      new RegExp(`SUCCESS: ${queries.length} rules found`),
    );
  });
});
