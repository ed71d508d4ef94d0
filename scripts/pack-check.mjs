#!/usr/bin/env node
// Checks that every publishable package installs and works on its own, outside the workspace:
//
// 1. builds the workspace (turbo; cached) unless --no-build;
// 2. `pnpm pack`s every package that is not private (pnpm rewrites `workspace:` ranges to versions);
// 3. checks each tarball's package.json and exports with publint, and its types with
//    @arethetypeswrong/cli (profile esm-only: the packages are ESM only, as documented);
// 4. installs all tarballs with npm into one fresh temporary project (third-party dependencies from the
//    npm registry; optional dependencies left out, so no native build), and checks that no browser
//    driver (playwright-core) came with them;
// 5. runs each README's first example there on this Node: the first ```ts/```js block as an ES module
//    (so it must be JavaScript-compatible TypeScript: no type annotations) after type-checking it with
//    tsc against the installed types; for a package with a `bin`, its README's first ```sh block with
//    bash (`npm install …` lines skipped: the tarballs are installed already), plus `npx <bin> --help`;
//    the files in a package's `test/fixtures/readme/` (inputs its example reads) are copied beside them;
// 6. removes the temporary folder (unless --keep).
//
// Usage: pnpm pack-check [--no-build] [--keep] [--only @winnow/a,@winnow/b]
// Ends with one line "pack-check: N passed, M failed"; exits 1 when anything failed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const valueOf = (name) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const only = valueOf('--only')?.split(',').filter(Boolean);

/** Packages that a browser driver must not come with (optional peers of the title segmenter). */
const FORBIDDEN_INSTALLS = ['playwright-core', 'playwright'];
/** Versions of the tools installed into the temporary project to type-check the examples. */
const TYPECHECK_TOOLS = { typescript: '~5.9.3', '@types/node': '^20.19.0' };
/** Per-step time limits (milliseconds). */
const INSTALL_TIMEOUT_MS = 600_000;
const EXAMPLE_TIMEOUT_MS = 120_000;

const results = [];
const startedAt = Date.now();
const elapsed = () => `${String(Math.round((Date.now() - startedAt) / 1000)).padStart(4)} s`;
const record = (name, ok, detail = '') => {
  results.push({ name, ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${elapsed()}  ${name}${detail && !ok ? `\n${indent(detail)}` : ''}`);
};
const indent = (text) =>
  text
    .trimEnd()
    .split('\n')
    .slice(-40)
    .map((line) => `     ${line}`)
    .join('\n');

/** Runs a command; resolves { code, output } (stdout and stderr together), never rejects. */
function run(command, commandArgs, options = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, commandArgs, {
      cwd: options.cwd ?? root,
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      output += `\n(timed out after ${options.timeoutMs} ms)`;
      child.kill('SIGKILL');
    }, options.timeoutMs ?? INSTALL_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolvePromise({ code: -1, output: output + String(error) });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code: code ?? -1, output });
    });
  });
}

/** The workspace's publishable packages: `packages/*` and `apps/*` folders whose package.json is not private. */
function workspacePackages() {
  /** @type {{ dir: string; manifest: any; tarball?: string }[]} */
  const found = [];
  for (const group of ['packages', 'apps']) {
    const folder = join(root, group);
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder).sort()) {
      const file = join(folder, name, 'package.json');
      if (!existsSync(file)) continue;
      const manifest = JSON.parse(readFileSync(file, 'utf8'));
      if (manifest.private) continue;
      if (only && !only.includes(manifest.name)) continue;
      found.push({ dir: join(folder, name), manifest });
    }
  }
  return found;
}

/** The first fenced block of `markdown` whose info string is one of `languages`, or undefined. */
export function firstCodeBlock(markdown, languages) {
  const fence = /^(```+|~~~+)[ \t]*([\w-]*)[^\n]*\n([\s\S]*?)^\1[ \t]*$/gm;
  for (let match = fence.exec(markdown); match; match = fence.exec(markdown)) {
    if (languages.includes(match[2].toLowerCase())) return { language: match[2].toLowerCase(), code: match[3] };
  }
  return undefined;
}

/**
 * `winnow segment` without the optional peer playwright-core: the markup estimator works, and asking for
 * Chromium says how to get the driver. CHROMIUM_PATH points at an existing file (this Node binary) so that
 * the check reaches the driver, whether or not a browser is installed here.
 */
async function checkSegmentWithoutDriver(project) {
  const page = join(project, 'segment-page.html');
  writeFileSync(page, '<html><body><h2>News</h2><p>First story of the day, told at some length.</p><h2>Sport</h2><p>Results of the match.</p></body></html>');
  const estimate = await run('npx', ['--no-install', 'winnow', 'segment', page, '--layout', 'estimate'], { cwd: project, timeoutMs: EXAMPLE_TIMEOUT_MS });
  record('@winnow/cli: winnow segment --layout estimate without playwright-core', estimate.code === 0 && /content block/.test(estimate.output), estimate.output);
  const chromium = await run('npx', ['--no-install', 'winnow', 'segment', page, '--layout', 'chromium'], {
    cwd: project,
    timeoutMs: EXAMPLE_TIMEOUT_MS,
    env: { CHROMIUM_PATH: process.execPath },
  });
  record(
    '@winnow/cli: winnow segment --layout chromium without playwright-core says `npm install playwright-core`',
    chromium.code !== 0 && /npm install playwright-core/.test(chromium.output) && !/\n\s+at /.test(chromium.output),
    chromium.output,
  );
}

async function main() {
  const started = Date.now();
  if (!flag('--no-build')) {
    console.log('pack-check: building');
    const build = await run('pnpm', ['-s', 'build'], { timeoutMs: 1_200_000 });
    if (build.code !== 0) {
      record('build', false, build.output);
      return;
    }
  }

  const packages = workspacePackages();
  const work = mkdtempSync(join(tmpdir(), 'winnow-pack-check-'));
  try {
    const tarballs = join(work, 'tarballs');
    const project = join(work, 'project');
    mkdirSync(tarballs);
    mkdirSync(join(project, 'examples'), { recursive: true });

    // 2. Pack.
    for (const entry of packages) {
      const before = new Set(readdirSync(tarballs));
      const packed = await run('pnpm', ['pack', '--pack-destination', tarballs], { cwd: entry.dir, timeoutMs: 120_000 });
      const created = readdirSync(tarballs).filter((file) => !before.has(file) && file.endsWith('.tgz'));
      if (packed.code !== 0 || created.length !== 1) {
        record(`${entry.manifest.name}: pnpm pack`, false, packed.output);
        continue;
      }
      entry.tarball = join(tarballs, created[0]);
      const manifest = JSON.parse((await run('tar', ['-xzOf', entry.tarball, 'package/package.json'])).output);
      const leftovers = Object.entries({ ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies })
        .filter(([, range]) => String(range).startsWith('workspace:'))
        .map(([name]) => name);
      record(`${entry.manifest.name}: packed ${basename(entry.tarball)}`, leftovers.length === 0, `workspace: ranges left in ${leftovers.join(', ')}`);
      const files = (await run('tar', ['-tzf', entry.tarball])).output.split('\n').filter(Boolean);
      const missing = ['package/README.md', 'package/LICENSE', 'package/package.json'].filter((file) => !files.includes(file));
      const stray = files.filter((file) => /\.(test|bench)\.(js|d\.ts)$|\/test-support\/|^package\/src\//.test(file));
      record(
        `${entry.manifest.name}: tarball holds README, LICENSE and built code only (${files.length} files)`,
        missing.length === 0 && stray.length === 0,
        [missing.length ? `missing: ${missing.join(', ')}` : '', stray.length ? `not for users: ${stray.slice(0, 10).join(', ')}` : ''].filter(Boolean).join('\n'),
      );
      const drivers = FORBIDDEN_INSTALLS.filter((name) => manifest.dependencies?.[name] || manifest.optionalDependencies?.[name]);
      if (drivers.length > 0) record(`${entry.manifest.name}: no browser driver among its dependencies`, false, `depends on ${drivers.join(', ')}: make it an optional peer`);
    }
    const packed = packages.filter((entry) => entry.tarball);

    // 4 (started now, runs while the static checks below do). One project for every package.
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify(
        {
          name: 'winnow-pack-check',
          private: true,
          type: 'module',
          dependencies: Object.fromEntries(packed.map((entry) => [entry.manifest.name, `file:${entry.tarball}`])),
          // To type-check the examples; no winnow package depends on them, so they cannot mask a missing dependency.
          devDependencies: TYPECHECK_TOOLS,
        },
        null,
        2,
      ),
    );
    const npmFlags = ['--no-audit', '--no-fund', '--no-update-notifier', '--prefer-offline', '--loglevel=error'];
    // Optional dependencies (better-sqlite3, a native build) are left out: the in-memory store needs none.
    const install = run('npm', ['install', '--omit=optional', ...npmFlags], { cwd: project });

    // 3. Static checks of each tarball.
    const { publint } = await import('publint');
    const { formatMessage } = await import('publint/utils');
    const attw = join(root, 'node_modules', '.bin', 'attw');
    for (const entry of packed) {
      const bytes = readFileSync(/** @type {string} */ (entry.tarball));
      const lint = await publint({ pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) }, level: 'suggestion', strict: true });
      const messages = lint.messages.map((message) => `${message.type}: ${formatMessage(message, lint.pkg, { color: false })}`);
      record(`${entry.manifest.name}: publint`, messages.length === 0, messages.join('\n'));
      const types = await run(attw, [entry.tarball, '--profile', 'esm-only', '--format', 'ascii', '--no-emoji', '--no-color'], { timeoutMs: 120_000 });
      record(`${entry.manifest.name}: attw --profile esm-only`, types.code === 0, types.output);
    }

    const installed = await install;
    record(`npm install of ${packed.length} tarballs into a fresh project`, installed.code === 0, installed.output);
    if (installed.code !== 0) return;
    const forbidden = FORBIDDEN_INSTALLS.filter((name) => existsSync(join(project, 'node_modules', name)));
    record('no browser driver installed (playwright-core is an optional peer)', forbidden.length === 0, `installed: ${forbidden.join(', ')}`);

    // 5. README examples.
    const examples = [];
    for (const entry of packed) {
      const readmePath = join(entry.dir, 'README.md');
      const readme = existsSync(readmePath) ? readFileSync(readmePath, 'utf8') : '';
      const slug = entry.manifest.name.replace(/^@/, '').replace(/\//g, '-');
      // Files a README's example reads (the crawl package's `crawl.warc.gz`), beside the examples' cwd.
      const inputs = join(entry.dir, 'test', 'fixtures', 'readme');
      if (existsSync(inputs)) for (const name of readdirSync(inputs)) writeFileSync(join(project, name), readFileSync(join(inputs, name)));
      if (entry.manifest.bin) {
        const block = firstCodeBlock(readme, ['sh', 'bash', 'shell']);
        if (!block) {
          record(`${entry.manifest.name}: README has a first \`\`\`sh example`, false, 'no ```sh block in README.md');
        } else {
          const script = block.code
            .split('\n')
            .filter((line) => !/^\s*(npm (install|i)|pnpm add|yarn add)\b/.test(line))
            .join('\n');
          const file = join(project, 'examples', `${slug}.sh`);
          writeFileSync(file, `set -euo pipefail\n${script}`);
          examples.push({ entry, kind: 'sh', file });
        }
        for (const bin of Object.keys(typeof entry.manifest.bin === 'string' ? { [entry.manifest.name.split('/').pop()]: 1 } : entry.manifest.bin)) {
          const help = await run('npx', ['--no-install', bin, '--help'], { cwd: project, timeoutMs: EXAMPLE_TIMEOUT_MS });
          record(`${entry.manifest.name}: npx ${bin} --help`, help.code === 0 && /usage/i.test(help.output), help.output);
        }
        if (entry.manifest.name === '@winnow/cli') await checkSegmentWithoutDriver(project);
        continue;
      }
      const block = firstCodeBlock(readme, ['ts', 'typescript', 'js', 'javascript', 'mjs']);
      if (!block) {
        record(`${entry.manifest.name}: README has a first \`\`\`ts example`, false, 'no ```ts or ```js block in README.md');
        continue;
      }
      writeFileSync(join(project, 'examples', `${slug}.ts`), block.code);
      writeFileSync(join(project, 'examples', `${slug}.mjs`), block.code);
      examples.push({ entry, kind: 'module', file: join(project, 'examples', `${slug}.mjs`) });
    }

    // Type-check every TypeScript example at once against the installed packages' types.
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: ['node'],
        },
        include: ['examples/*.ts'],
      }),
    );
    if (examples.some((example) => example.kind === 'module')) {
      const tsc = await run(join(project, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], { cwd: project, timeoutMs: EXAMPLE_TIMEOUT_MS });
      record('README examples type-check against the installed types (tsc --strict)', tsc.code === 0, tsc.output);
    }

    for (const example of examples) {
      const ran =
        example.kind === 'sh'
          ? await run('bash', [example.file], { cwd: project, timeoutMs: EXAMPLE_TIMEOUT_MS, env: { PATH: `${join(project, 'node_modules', '.bin')}:${process.env.PATH}` } })
          : await run(process.execPath, [example.file], { cwd: project, timeoutMs: EXAMPLE_TIMEOUT_MS });
      const printed = ran.output.trim().length > 0;
      record(`${example.entry.manifest.name}: README's first example runs (${basename(example.file)})`, ran.code === 0 && printed, ran.output || '(printed nothing)');
      if (ran.code === 0 && printed) console.log(indent(ran.output.split('\n').slice(0, 3).join('\n')));
    }
  } finally {
    if (flag('--keep')) console.log(`pack-check: kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
    console.log(`pack-check: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

await main().catch((error) => record('pack-check', false, error?.stack ?? String(error)));
const failed = results.filter((result) => !result.ok).length;
console.log(`pack-check: ${results.length - failed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
