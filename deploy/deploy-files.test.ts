import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import { DockerfileParser, type Instruction, type JSONInstruction } from 'dockerfile-ast';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { parseConfig } from '../apps/server/src/modules/config.ts';

/**
 * The deploy files, each checked by the tool that will read it (docs/decisions/0035): Docker's
 * Dockerfile language server rules (dockerfile-utils), docker-compose, HAProxy, yamllint, and the
 * Kubernetes and prometheus-operator schemas (kubernetes-models). Each tool is also fed a broken copy
 * and must refuse it, so a check that passes is one that could have failed. The tools come from
 * Debian's packages (.ci/run installs them) and the npm registry.
 */

const deploy = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(deploy);
const kubernetesFolder = path.join(deploy, 'kubernetes');

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a tool and reports how it ended, refusals included. Only its own PATH and HOME: no stray settings. */
function run(command: string, args: string[], options: { cwd?: string } = {}): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd: options.cwd ?? root, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' } },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') {
          reject(new Error(`${command} did not run (${error.message}); .ci/run installs it`));
          return;
        }
        resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
      },
    );
  });
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'chrysos-deploy-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** A copy of a deploy file under the scratch folder with one change, which must still apply. */
async function brokenCopy(file: string, from: string | RegExp, to: string): Promise<string> {
  const text = await readFile(file, 'utf8');
  const broken = text.replace(from, to);
  expect(broken, `the broken copy of ${file} differs`).not.toBe(text);
  const copy = path.join(scratch, `broken-${path.basename(file)}`);
  await writeFile(copy, broken);
  return copy;
}

const hexSecret = () => randomBytes(32).toString('hex');

describe('deploy/Dockerfile', () => {
  const dockerfile = path.join(deploy, 'Dockerfile');
  const lint = (file: string) => run(path.join(root, 'node_modules/.bin/dockerfile-utils'), ['lint', file]);

  it('passes the Dockerfile linter without a finding', async () => {
    const outcome = await lint(dockerfile);
    expect(outcome.stdout + outcome.stderr).toBe('');
    expect(outcome.code).toBe(0);
  });

  it('is refused by the linter when an instruction is misspelt', async () => {
    const outcome = await lint(await brokenCopy(dockerfile, /^HEALTHCHECK /m, 'HEALTHCHEK '));
    expect(outcome.code).not.toBe(0);
    expect(outcome.stdout).toContain('Unknown instruction: HEALTHCHEK');
  });

  it('runs the serve script as a non-root user, checked on /healthz, in a stage apart from the build', async () => {
    const parsed = DockerfileParser.parse(await readFile(dockerfile, 'utf8'));
    const stages = parsed.getFROMs();
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const runtimeStart = stages.at(-1)?.getRange().start.line ?? 0;
    const runtime = parsed.getInstructions().filter((line) => line.getRange().start.line > runtimeStart);
    const last = (keyword: string): Instruction | undefined =>
      runtime.filter((line) => line.getKeyword() === keyword).at(-1);

    expect(last('USER')?.getArgumentsContent()).toBe('node');
    expect(last('HEALTHCHECK')?.getArgumentsContent()).toContain('/healthz');
    // No npm install in the runtime stage: it copies the build stage's pruned node_modules.
    expect(runtime.some((line) => line.getKeyword() === 'RUN')).toBe(false);
    expect(
      parsed
        .getInstructions()
        .find((line) => line.getKeyword() === 'RUN')
        ?.getArgumentsContent(),
    ).toMatch(/npm run build[\s\S]*npm prune --omit=dev/);

    // `npm run serve` itself, with node as PID 1 so that SIGTERM reaches the graceful drain.
    const { scripts } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const command = (last('CMD') as JSONInstruction | undefined)
      ?.getJSONStrings()
      .map((s) => s.getJSONValue());
    expect(`NODE_ENV=production ${command?.join(' ')}`).toBe(scripts.serve);
    expect(last('ENV')?.getArgumentsContent()).toMatch(/NODE_ENV=production/);
  });
});

/** The compose file with a deploy/.env made from .env.example, in a scratch copy of the layout it expects. */
async function composeProject(fill: (name: string) => string | undefined): Promise<string> {
  const project = await mkdtemp(path.join(scratch, 'compose-'));
  await mkdir(path.join(project, 'deploy'));
  await copyFile(path.join(deploy, 'compose.yaml'), path.join(project, 'deploy/compose.yaml'));
  const example = await readFile(path.join(deploy, '.env.example'), 'utf8');
  const env = example.replace(/^([A-Z][A-Z0-9_]*)=$/gm, (line, name: string) => {
    const value = fill(name);
    return value === undefined ? line : `${name}=${value}`;
  });
  await writeFile(path.join(project, 'deploy/.env'), env);
  return path.join(project, 'deploy/compose.yaml');
}

/** What the operator fills in deploy/.env (.env.example leaves these empty). */
const operatorValues = (name: string) =>
  name === 'PUBLIC_URL' ? 'https://chrysos.example.com' : hexSecret();

const composeConfig = (file: string) => run('docker-compose', ['--file', file, 'config']);

interface ComposeService {
  image?: string;
  stop_grace_period?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
}

describe('deploy/compose.yaml', () => {
  /** `docker-compose config` once, on a .env the operator filled in: the file as compose reads it. */
  let file: string;
  let resolved: Outcome;
  let services: Record<string, ComposeService>;
  beforeAll(async () => {
    file = await composeProject(operatorValues);
    resolved = await composeConfig(file);
    services = (parse(resolved.stdout) as { services: Record<string, ComposeService> }).services;
  });

  it('is valid for docker-compose, and the instances start once migrate has succeeded', async () => {
    expect(resolved.stderr).toBe('');
    expect(resolved.code).toBe(0);
    const { scripts } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(services.migrate?.command).toEqual(['npm', 'run', 'migrate']);
    expect(scripts.migrate).toBeDefined();
    for (const name of ['app1', 'app2']) {
      expect(services[name]?.depends_on?.migrate?.condition).toBe('service_completed_successfully');
      expect(services[name]?.image).toBe(services.migrate?.image);
    }
    expect(services.migrate?.depends_on?.postgres?.condition).toBe('service_healthy');
  });

  it('gives the migrate step and every instance the same settings, which the server accepts', () => {
    const environments = ['migrate', 'app1', 'app2'].map((name) => services[name]?.environment ?? {});
    for (const environment of environments) {
      const config = parseConfig(environment);
      expect(config.NODE_ENV).toBe('production');
      expect(config.DATABASE_URL).toMatch(/@postgres:5432\//);
      expect(config.REDIS_URL).toMatch(/@redis:6379$/);
      // Several instances: without Redis or a shared secret the server would refuse to start.
      expect(config.INSTANCES).toBeGreaterThan(1);
    }
    const shared = [
      'DATABASE_URL',
      'REDIS_URL',
      'CAPTCHA_HMAC_KEY',
      'SANDBOX_PSP_SECRET',
      'STUDIO_SECRET',
      'OPERATOR_API_TOKEN',
      'METRICS_TOKEN',
    ];
    for (const name of shared) {
      expect(environments[0]?.[name], name).toBeTruthy();
      for (const environment of environments) expect(environment[name], name).toBe(environments[0]?.[name]);
    }
    // Prometheus sends the instances' own token.
    expect(services.prometheus?.environment?.METRICS_TOKEN).toBe(environments[0]?.METRICS_TOKEN);
  });

  it('drains an instance for longer than HAProxy takes to notice, and kills it only after', async () => {
    const haproxy = await readFile(path.join(deploy, 'haproxy/haproxy.cfg'), 'utf8');
    const [, inter, fall] = haproxy.match(/default-server .*\binter (\d+)s fall (\d+)\b/) ?? [];
    expect(Number(inter) * Number(fall)).toBeGreaterThan(0);
    for (const name of ['app1', 'app2']) {
      const config = parseConfig(services[name]?.environment ?? {});
      expect(config.DRAIN_SECONDS).toBeGreaterThan(Number(inter) * Number(fall));
      expect(Number.parseInt(services[name]?.stop_grace_period ?? '0', 10)).toBeGreaterThan(
        config.SHUTDOWN_TIMEOUT_SECONDS,
      );
    }
  });

  it('mounts files that exist in the repository', () => {
    const projectDeploy = path.dirname(file);
    const mounted = Object.values(services)
      .flatMap((service) => service.volumes ?? [])
      .map((volume) => volume.split(':')[0] ?? '')
      .filter((source) => source.startsWith(projectDeploy));
    expect(mounted.length).toBeGreaterThanOrEqual(3);
    for (const source of mounted) {
      expect(existsSync(path.join(deploy, path.relative(projectDeploy, source))), source).toBe(true);
    }
  });

  it('refuses to start while any value .env.example leaves empty is still empty', async () => {
    const example = await readFile(path.join(deploy, '.env.example'), 'utf8');
    const required = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=$/gm)].map((match) => match[1] ?? '');
    expect(required).toEqual(expect.arrayContaining(['PUBLIC_URL', 'CAPTCHA_HMAC_KEY', 'METRICS_TOKEN']));
    const outcomes = await Promise.all(
      required.map(async (missing) =>
        composeConfig(await composeProject((name) => (name === missing ? undefined : operatorValues(name)))),
      ),
    );
    outcomes.forEach((outcome, index) => {
      expect(outcome.code, required[index]).not.toBe(0);
      expect(outcome.stderr).toMatch(new RegExp(`Missing mandatory value[\\s\\S]*set ${required[index]} in`));
    });
  });

  it('is refused by docker-compose when a condition is misspelt', async () => {
    const broken = await composeProject(operatorValues);
    const text = await readFile(broken, 'utf8');
    await writeFile(broken, text.replaceAll('service_completed_successfully', 'service_completed'));
    const outcome = await run('docker-compose', ['--file', broken, 'config', '--quiet']);
    expect(outcome.code).not.toBe(0);
    expect(outcome.stderr).toMatch(/is invalid because:[\s\S]*contains "service_completed"/);
  });
});

describe('deploy/haproxy/haproxy.cfg', () => {
  const config = path.join(deploy, 'haproxy/haproxy.cfg');
  // Debian installs it in /usr/sbin, which is on root's PATH but not always on a developer's.
  const haproxy = existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy';

  it('is valid for HAProxy; only the instances’ names, resolved by Docker’s DNS, are unknown here', async () => {
    const outcome = await run(haproxy, ['-c', '-f', config]);
    expect(outcome.code).toBe(0);
    const warnings = outcome.stderr.split('\n').filter((line) => /\[(WARNING|ALERT)\]/.test(line));
    expect(
      warnings.every((line) => /could not resolve address 'app[12]'/.test(line)),
      warnings.join('\n'),
    ).toBe(true);
  });

  it('checks every instance of compose.yaml on /readyz', async () => {
    const text = await readFile(config, 'utf8');
    expect(text).toMatch(/^\s*option httpchk$/m);
    expect(text).toMatch(/^\s*http-check send meth GET uri \/readyz /m);
    const servers = [...text.matchAll(/^\s*server (\S+) (\S+):3000$/gm)].map((match) => match[2]);
    expect(servers).toEqual(['app1', 'app2']);
  });

  it('is refused by HAProxy when a keyword is wrong', async () => {
    const outcome = await run(haproxy, [
      '-c',
      '-f',
      await brokenCopy(config, 'balance leastconn', 'balance fewest'),
    ]);
    expect(outcome.code).not.toBe(0);
    expect(outcome.stderr).toContain('balance only supports');
  });
});

const yamllintConfig = '{extends: default, rules: {line-length: {max: 120}, document-start: disable}}';
const yamllint = (files: string[]) =>
  run('yamllint', ['--strict', '--format', 'parsable', '-d', yamllintConfig, ...files]);

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

/** The schema of each kind the manifests use: Kubernetes' OpenAPI, and prometheus-operator's for the CRD. */
const models = [
  ConfigMap,
  Secret,
  Service,
  Deployment,
  Job,
  HorizontalPodAutoscaler,
  PodDisruptionBudget,
  Ingress,
  ServiceMonitor,
];

/** Validates one object against the schema of its apiVersion and kind; throws what the schema says. */
function validateManifest(manifest: Manifest): void {
  const model = models.find((m) => m.apiVersion === manifest.apiVersion && m.kind === manifest.kind);
  if (!model) throw new Error(`no schema for ${manifest.apiVersion} ${manifest.kind}`);
  // Each model's constructor takes its own kind's shape: the schema, not TypeScript, judges this one.
  new (model as unknown as new (data: unknown) => { validate(): void })(manifest).validate();
}

async function readManifests(): Promise<Manifest[]> {
  const files = (await readdir(kubernetesFolder)).filter((file) => file.endsWith('.yaml')).sort();
  const manifests: Manifest[] = [];
  for (const file of files) {
    for (const document of parseAllDocuments(await readFile(path.join(kubernetesFolder, file), 'utf8'))) {
      expect(document.errors, file).toEqual([]);
      manifests.push(document.toJS() as Manifest);
    }
  }
  return manifests;
}

/** The environment of every pod: the ConfigMap's data and the Secret's keys, placeholders as they are. */
function settingsOf(manifests: Manifest[]): Record<string, string> {
  const configMap = the<{ data: Record<string, string> }>(manifests, 'ConfigMap');
  const secret = the<{ stringData: Record<string, string> }>(manifests, 'Secret');
  return { ...configMap.data, ...secret.stringData };
}

/** The same with every REPLACE_ME filled in, as an operator would. */
function filledSettings(manifests: Manifest[]): Record<string, string> {
  const filled: Record<string, string> = {
    PUBLIC_URL: 'https://chrysos.example.com',
    DATABASE_URL: 'postgres://chrysos:secret@postgres:5432/chrysos',
    MIGRATE_DATABASE_URL: 'postgres://chrysos:secret@postgres:5432/chrysos',
    REDIS_URL: 'redis://:secret@redis:6379',
  };
  return Object.fromEntries(
    Object.entries(settingsOf(manifests)).map(([name, value]) => [
      name,
      value === 'REPLACE_ME' ? (filled[name] ?? hexSecret()) : value,
    ]),
  );
}

function the<T = Manifest>(manifests: Manifest[], kind: string, name?: string): T {
  const found = manifests.find((m) => m.kind === kind && (name === undefined || m.metadata.name === name));
  if (!found) throw new Error(`no ${kind} ${name ?? ''}`);
  return found as T;
}

interface Probe {
  httpGet?: { path: string; port: string };
}
interface Container {
  name: string;
  image: string;
  command?: string[];
  ports?: { name: string; containerPort: number }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: { allowPrivilegeEscalation?: boolean; readOnlyRootFilesystem?: boolean };
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  env?: { name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
}
interface PodTemplate {
  metadata: { labels: Record<string, string> };
  spec: {
    containers: Container[];
    terminationGracePeriodSeconds?: number;
    securityContext?: { runAsNonRoot?: boolean };
  };
}

describe('deploy/kubernetes', () => {
  it('passes yamllint, with compose.yaml', async () => {
    const files = (await readdir(kubernetesFolder)).map((file) => path.join(kubernetesFolder, file));
    const outcome = await yamllint([path.join(deploy, 'compose.yaml'), ...files]);
    expect(outcome.stdout).toBe('');
    expect(outcome.code).toBe(0);
  });

  it('is refused by yamllint when a key is written twice', async () => {
    const copy = await brokenCopy(
      path.join(kubernetesFolder, 'service.yaml'),
      'type: ClusterIP',
      'type: ClusterIP\n  type: NodePort',
    );
    const outcome = await yamllint([copy]);
    expect(outcome.code).not.toBe(0);
    expect(outcome.stdout).toContain('key-duplicates');
  });

  it('holds only objects that are valid against their schemas', async () => {
    const manifests = await readManifests();
    expect(manifests.map((m) => m.kind).sort()).toEqual(
      [
        'ConfigMap',
        'Deployment',
        'HorizontalPodAutoscaler',
        'Ingress',
        'Ingress',
        'Job',
        'PodDisruptionBudget',
        'Secret',
        'Service',
        'ServiceMonitor',
      ].sort(),
    );
    for (const manifest of manifests) {
      expect(() => validateManifest(manifest), `${manifest.kind} ${manifest.metadata.name}`).not.toThrow();
    }
  });

  it('refuses a Deployment, an autoscaler and a ServiceMonitor that break their schemas', async () => {
    const manifests = await readManifests();
    const deployment = structuredClone(
      the<Manifest & { spec: { template: PodTemplate } }>(manifests, 'Deployment'),
    );
    const port = deployment.spec.template.spec.containers[0]?.ports?.[0];
    if (port) port.containerPort = 'http' as unknown as number;
    expect(() => validateManifest(deployment)).toThrow(/containerPort must be integer/);

    const autoscaler = structuredClone(the(manifests, 'HorizontalPodAutoscaler')) as Manifest & {
      spec: { minReplicas: unknown };
    };
    autoscaler.spec.minReplicas = 'two';
    expect(() => validateManifest(autoscaler)).toThrow(/minReplicas must be integer/);

    const monitor = structuredClone(the(manifests, 'ServiceMonitor')) as Manifest & {
      spec: { endpoints: { port: unknown }[] };
    };
    const endpoint = monitor.spec.endpoints[0];
    if (endpoint) endpoint.port = 3000;
    expect(() => validateManifest(monitor)).toThrow(/port must be string/);

    expect(() => validateManifest({ ...monitor, apiVersion: 'monitoring.coreos.com/v2' })).toThrow(
      /no schema/,
    );
  });

  it('probes, drains and confines the server pods', async () => {
    const manifests = await readManifests();
    const { spec: pod } = the<{ spec: { template: PodTemplate } }>(manifests, 'Deployment').spec.template;
    const [server] = pod.containers;
    expect(server?.ports).toEqual([expect.objectContaining({ name: 'http', containerPort: 3000 })]);
    expect(server?.readinessProbe?.httpGet).toEqual(
      expect.objectContaining({ path: '/readyz', port: 'http' }),
    );
    expect(server?.livenessProbe?.httpGet).toEqual(
      expect.objectContaining({ path: '/healthz', port: 'http' }),
    );
    expect(server?.startupProbe?.httpGet).toEqual(
      expect.objectContaining({ path: '/healthz', port: 'http' }),
    );
    // The drain: unready but serving while the endpoints' change reaches every proxy, then a stop bounded
    // by SHUTDOWN_TIMEOUT_SECONDS, within the grace period before SIGKILL.
    const config = parseConfig(filledSettings(manifests));
    expect(config.DRAIN_SECONDS).toBeGreaterThanOrEqual(5);
    expect(config.SHUTDOWN_TIMEOUT_SECONDS).toBeGreaterThan(config.DRAIN_SECONDS);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(config.SHUTDOWN_TIMEOUT_SECONDS);
    expect(pod.securityContext?.runAsNonRoot).toBe(true);
    expect(server?.securityContext).toEqual(
      expect.objectContaining({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true }),
    );
    expect(server?.resources?.requests).toEqual(expect.objectContaining({ cpu: expect.any(String) }));
    expect(server?.resources?.limits).toEqual(expect.objectContaining({ memory: expect.any(String) }));
  });

  it('wires the Service, the autoscaler, the budget, the ingress and the ServiceMonitor to those pods', async () => {
    const manifests = await readManifests();
    const deployment = the<Manifest & { spec: { template: PodTemplate } }>(manifests, 'Deployment');
    const podLabels = deployment.spec.template.metadata.labels;
    const selects = (selector: Record<string, string> | undefined, labels: Record<string, string>) =>
      Object.keys(selector ?? {}).length > 0 &&
      Object.entries(selector ?? {}).every(([key, value]) => labels[key] === value);

    const service = the<Manifest & { spec: { selector: Record<string, string>; ports: { name: string }[] } }>(
      manifests,
      'Service',
    );
    expect(selects(service.spec.selector, podLabels)).toBe(true);
    expect(
      selects(
        service.spec.selector,
        the<{ spec: { template: PodTemplate } }>(manifests, 'Job').spec.template.metadata.labels,
      ),
    ).toBe(false);

    const budget = the<{ spec: { selector: { matchLabels: Record<string, string> } } }>(
      manifests,
      'PodDisruptionBudget',
    );
    expect(selects(budget.spec.selector.matchLabels, podLabels)).toBe(true);
    const autoscaler = the<{ spec: { scaleTargetRef: { kind: string; name: string }; minReplicas: number } }>(
      manifests,
      'HorizontalPodAutoscaler',
    );
    expect(autoscaler.spec.scaleTargetRef).toEqual(
      expect.objectContaining({ kind: 'Deployment', name: deployment.metadata.name }),
    );
    expect(autoscaler.spec.minReplicas).toBeGreaterThanOrEqual(2);

    const backends = manifests
      .filter((m) => m.kind === 'Ingress')
      .flatMap(
        (m) =>
          (
            m as unknown as {
              spec: {
                rules: {
                  http: {
                    paths: { path: string; backend: { service: { name: string; port: { name: string } } } }[];
                  };
                }[];
              };
            }
          ).spec.rules,
      )
      .flatMap((rule) => rule.http.paths);
    expect(backends.map((p) => p.path).sort()).toEqual(['/', '/connection/websocket']);
    for (const { backend } of backends) {
      expect(backend.service.name).toBe(service.metadata.name);
      expect(service.spec.ports.map((p) => p.name)).toContain(backend.service.port.name);
    }

    const monitor = the<{
      spec: {
        selector: { matchLabels: Record<string, string> };
        endpoints: {
          port: string;
          path: string;
          authorization: { credentials: { name: string; key: string } };
        }[];
      };
    }>(manifests, 'ServiceMonitor');
    expect(selects(monitor.spec.selector.matchLabels, service.metadata.labels ?? {})).toBe(true);
    const [endpoint] = monitor.spec.endpoints;
    expect(endpoint?.path).toBe('/metrics');
    expect(service.spec.ports.map((p) => p.name)).toContain(endpoint?.port);
    const secret = the<{ metadata: { name: string }; stringData: Record<string, string> }>(
      manifests,
      'Secret',
    );
    expect(endpoint?.authorization.credentials).toEqual({ name: secret.metadata.name, key: 'METRICS_TOKEN' });
  });

  it('runs npm run migrate in a Job of the same image, with the same settings', async () => {
    const manifests = await readManifests();
    const [server] = the<{ spec: { template: PodTemplate } }>(manifests, 'Deployment').spec.template.spec
      .containers;
    const [migrate] = the<{ spec: { template: PodTemplate } }>(manifests, 'Job').spec.template.spec
      .containers;
    expect(migrate?.command).toEqual(['npm', 'run', 'migrate']);
    expect(migrate?.image).toBe(server?.image);
    expect(migrate?.envFrom).toEqual(server?.envFrom);
  });

  it('gives settings the server accepts once the placeholders are filled in, and refuses the placeholders', async () => {
    const manifests = await readManifests();
    const secret = the<{ metadata: { name: string }; stringData: Record<string, string> }>(
      manifests,
      'Secret',
    );
    const [server] = the<{ spec: { template: PodTemplate } }>(manifests, 'Deployment').spec.template.spec
      .containers;
    const [migrate] = the<{ spec: { template: PodTemplate } }>(manifests, 'Job').spec.template.spec
      .containers;
    for (const container of [server, migrate]) {
      expect(container?.envFrom).toEqual([
        { configMapRef: { name: 'chrysos-config' } },
        { secretRef: { name: secret.metadata.name } },
      ]);
      for (const variable of container?.env ?? []) {
        const reference = variable.valueFrom?.secretKeyRef;
        if (reference) expect(Object.keys(secret.stringData)).toContain(reference.key);
      }
    }

    const placeholders = settingsOf(manifests);
    const named = Object.keys(placeholders).filter((name) => placeholders[name] === 'REPLACE_ME');
    expect(named).toEqual(
      expect.arrayContaining(['PUBLIC_URL', 'DATABASE_URL', 'CAPTCHA_HMAC_KEY', 'METRICS_TOKEN']),
    );
    let refusal = '';
    try {
      parseConfig(placeholders);
    } catch (error) {
      refusal = (error as Error).message;
    }
    for (const name of named.filter((n) => n !== 'MIGRATE_DATABASE_URL')) expect(refusal).toContain(name);

    const operator = filledSettings(manifests);
    const config = parseConfig({ ...operator, METRICS_INSTANCE: 'chrysos-5d9c7b6f4-x2x7z' });
    expect(config.NODE_ENV).toBe('production');
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.METRICS_TOKEN).toBe(operator.METRICS_TOKEN);
    // Several pods: without Redis the server would refuse to start, naming it.
    expect(config.INSTANCES).toBeGreaterThan(1);
    expect(() => parseConfig({ ...operator, REDIS_URL: undefined })).toThrow(
      /REDIS_URL: required with INSTANCES/,
    );
  });
});
