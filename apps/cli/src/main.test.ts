import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, main } from './main.js';

const FIXTURES = path.resolve(import.meta.dirname, '../test/fixtures');

async function run(argv: string[], stdin = '') {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    stdin: Readable.from([Buffer.from(stdin)]),
    progress: false,
  });
  return { code, stdout, stderr };
}

describe('winnow extract', () => {
  it('prints the visible text of one page with --algo plain', async () => {
    const { code, stdout } = await run(['extract', path.join(FIXTURES, 'site/a.html')]);
    expect(code).toBe(EXIT_OK);
    expect(stdout).toBe('Home News\nStorm hits the coast\nThousands of homes lost power on Monday night.\n© Example\n');
  });

  it('reads standard input with -', async () => {
    const { code, stdout } = await run(['extract', '-', '--format', 'json'], '<p>from stdin</p>');
    expect(code).toBe(EXIT_OK);
    expect(JSON.parse(stdout)).toMatchObject({ text: 'from stdin', blocks: [{ path: 'HTML.BODY.P', label: 'content' }] });
  });

  it('renders Markdown', async () => {
    const { stdout } = await run(['extract', path.join(FIXTURES, 'site/a.html'), '--format', 'markdown']);
    expect(stdout).toContain('# Storm hits the coast\n\nThousands of homes');
  });

  it('extracts a folder to --out, one file per page', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'winnow-out-'));
    const { code, stderr } = await run(['extract', path.join(FIXTURES, 'site'), '--out', out]);
    expect(code).toBe(EXIT_OK);
    expect(stderr).toContain('wrote 2 files');
    expect(readdirSync(out).sort()).toEqual(['a.txt', 'b.txt']);
    expect(readFileSync(path.join(out, 'b.txt'), 'utf8')).toContain('Shares rose for a third day.');
  });

  it('prints a folder as JSON Lines', async () => {
    const { stdout } = await run(['extract', path.join(FIXTURES, 'site'), '--format', 'json']);
    const lines = stdout.trim().split('\n').map((line) => JSON.parse(line));
    expect(lines.map((line) => path.basename(line.id))).toEqual(['a.html', 'b.html']);
  });

  it.each([
    [['extract'], /needs a file/],
    [['extract', 'missing.html'], /UNREADABLE_INPUT: No such file or folder: missing.html/],
    [['extract', 'x.html', '--format', 'pdf'], /--format must be one of/],
    [['extract', 'x.html', '--algo', 'nope'], /--algo must be one of plain/],
    [['eval'], /eval needs --dataset/],
    [['eval', '--dataset', '/no/such/dataset'], /DATASET_NOT_FOUND/],
    [['frobnicate'], /unknown command "frobnicate"/],
  ])('exits 2 with a one-line reason: %j', async (argv, message) => {
    const { code, stderr } = await run(argv);
    expect(code).toBe(EXIT_USAGE);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it('exits 1 and names the page when a page cannot be extracted', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'winnow-bad-'));
    writeFileSync(path.join(folder, 'good.html'), '<p>fine</p>');
    writeFileSync(path.join(folder, 'image.html'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    const { code, stdout, stderr } = await run(['extract', folder]);
    expect(code).toBe(EXIT_FAILURE);
    expect(stderr).toMatch(/image\.html: BINARY_INPUT/);
    expect(stdout).toContain('fine');
  });

  it('shows help for every command', async () => {
    for (const argv of [['--help'], ['extract', '--help'], ['eval', '--help']]) {
      const { code } = await run(argv);
      expect(code).toBe(EXIT_OK);
    }
  });
});
