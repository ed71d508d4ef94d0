import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, main } from '../main.js';
import { readTemplate, runTemplateBuild } from './template.js';

/** Temporary folders made by these tests, removed after them. */
const temporary: string[] = [];
function temporaryDirectory(prefix: string): string {
  const directory = mkdtempSync(path.join(tmpdir(), prefix));
  temporary.push(directory);
  return directory;
}
afterAll(() => {
  for (const directory of temporary.splice(0)) rmSync(directory, { recursive: true, force: true });
});

const TOPICS = ['harbour', 'council', 'budget', 'river', 'school', 'station', 'festival', 'market'];

function page(n: number): string {
  const topic = TOPICS[n % TOPICS.length];
  return `<html><head><title>Story ${n}</title></head><body>
<div id="nav"><ul><li><a href="/">Home</a></li><li><a href="/world">World</a></li><li><a href="/sport">Sport</a></li></ul></div>
<div id="main"><h2>The ${topic} story number ${n}</h2><p>Paragraph one of story ${n} tells of the ${topic} and ${TOPICS[(n + 3) % 8]} in detail ${n * 7}.</p>
<p>Paragraph two of story ${n} quotes the ${TOPICS[(n + 5) % 8]} officials on ${n * 11} matters.</p></div>
<div id="footer"><p>Copyright Daily Example. All rights reserved.</p></div></body></html>`;
}

function siteFolder(count: number): string {
  const root = temporaryDirectory('winnow-template-');
  const folder = path.join(root, 'example-site');
  mkdirSync(folder);
  for (let n = 0; n < count; n++) writeFileSync(path.join(folder, `${n}.html`), page(n));
  return folder;
}

async function run(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), progress: false });
  return { code, stdout, stderr };
}

describe('winnow template build', () => {
  it('writes a versioned template from the first N pages of a folder', async () => {
    const folder = siteFolder(8);
    const output = path.join(folder, '..', 'site.template.json');
    const { code, stderr } = await run(['template', 'build', folder, '-o', output, '--pages', '6']);
    expect(code).toBe(EXIT_OK);
    expect(stderr).toMatch(/learned from 6 of 8 pages/);
    const template = JSON.parse(readFileSync(output, 'utf8'));
    expect(template).toMatchObject({ version: 1, site: 'example-site', params: { pageCount: 6 } });
    expect(template.paths).toContain('HTML.BODY.DIV.P');
  });

  it('reports progress through the exported function', async () => {
    const folder = siteFolder(3);
    const phases: string[] = [];
    const result = await runTemplateBuild({ inputs: [folder], output: path.join(folder, 't.json'), onProgress: (progress) => phases.push(progress.phase) });
    expect(result.template.params.pageCount).toBe(3);
    expect(phases).toEqual(['parse', 'parse', 'parse', 'compare', 'compare', 'compare']);
  });

  it.each([
    [['template', 'build'], /needs pages or a folder/],
    [['template', 'build', '.'], /needs -o/],
    [['template', 'grow', '.', '-o', 'x.json'], /unknown template action/],
  ])('refuses %j', async (argv, message) => {
    const { code, stderr } = await run(argv);
    expect(code).toBe(EXIT_USAGE);
    expect(stderr).toMatch(message);
  });
});

describe('winnow extract --template', () => {
  it('extracts the content of a new page in order, without the site furniture', async () => {
    const folder = siteFolder(8);
    const output = path.join(folder, '..', 'site.template.json');
    await run(['template', 'build', folder, '-o', output, '--pages', '6']);
    const { code, stdout } = await run(['extract', path.join(folder, '7.html'), '--template', output]);
    expect(code).toBe(EXIT_OK);
    expect(stdout.trim().split('\n')).toEqual([
      'The market story number 7',
      'Paragraph one of story 7 tells of the market and budget in detail 49.',
      'Paragraph two of story 7 quotes the school officials on 77 matters.',
    ]);
  });

  it('refuses a wrong-version template with INVALID_MODEL', async () => {
    const folder = siteFolder(1);
    const bad = path.join(folder, 'bad.json');
    writeFileSync(bad, JSON.stringify({ version: 99, site: '', params: {}, paths: [], nonContent: [] }));
    expect(() => readTemplate(bad)).toThrowError(expect.objectContaining({ code: 'INVALID_MODEL' }));
    const { code, stderr } = await run(['extract', path.join(folder, '0.html'), '--template', bad]);
    expect(code).toBe(EXIT_FAILURE);
    expect(stderr).toMatch(/INVALID_MODEL: .*bad\.json: Not a usable FastCE template: version is 99/);
  });
});
