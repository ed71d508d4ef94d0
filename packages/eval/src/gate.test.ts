import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { accuracyGate, datasetHash, firstPagesPerFolder, readFloorsFile, type FloorsFile, type GateFloor } from './gate.js';
import { loadDataset } from './datasets.js';
import { plainExtractor } from '@winnow/dom-blocks';

let root: string;
let datasetsDir: string;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'winnow-gate-'));
  datasetsDir = path.join(root, 'datasets');
  const site = path.join(datasetsDir, 'news');
  mkdirSync(path.join(site, 'original'), { recursive: true });
  mkdirSync(path.join(site, 'gold'), { recursive: true });
  for (const name of ['1', '2', '3']) {
    writeFileSync(path.join(site, 'original', `${name}.htm`), `<html><body><nav>menu home</nav><p>article ${name} words here</p></body></html>`);
    writeFileSync(path.join(site, 'gold', `${name}.txt`), `article ${name} words here`);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));
// The gate reads these; the tests set them themselves (CI runs with WINNOW_REQUIRE_DATASETS=1).
beforeEach(() => {
  vi.stubEnv('WINNOW_REQUIRE_DATASETS', '');
  vi.stubEnv('WINNOW_UPDATE_FLOORS', '');
});
afterEach(() => vi.unstubAllEnvs());

const hash = () => datasetHash(loadDataset(path.join(datasetsDir, 'news')).pages);

function floorsFile(floors: Partial<GateFloor>[], name = 'floors.json'): string {
  const file = path.join(root, name);
  const content: FloorsFile = {
    schema: 1,
    epsilon: 0.01,
    floors: floors.map((floor) => ({ algo: 'plain', dataset: 'news', datasetHash: hash(), metric: 'lcs.microF1', floor: 0, ...floor }) as GateFloor),
  };
  writeFileSync(file, JSON.stringify(content));
  return file;
}

const skipper = () => ({ skip: vi.fn((note?: string) => note) });

describe('accuracyGate', () => {
  it('groups floors by algorithm and page selection, one case each', () => {
    const gate = accuracyGate(floorsFile([{ metric: 'lcs.microF1' }, { metric: 'lcs.macroF1' }, { pages: 2 }]), { name: 'test gate', datasetsDir });
    expect(gate.cases.map((gateCase) => [gateCase.name, gateCase.floors.length])).toEqual([
      ['plain on news', 2],
      ['plain on news (first 2 pages per folder)', 1],
    ]);
  });

  it('passes at or above floor − epsilon and fails below, naming the metric', () => {
    const gate = accuracyGate(floorsFile([{ metric: 'lcs.macroF1', floor: 0.5 }]), { name: 'test gate', datasetsDir });
    expect(() => gate.check(gate.cases[0], () => ({ 'lcs.macroF1': 0.495 }))).not.toThrow();
    expect(() => gate.check(gate.cases[0], () => ({ 'lcs.macroF1': 0.48 }))).toThrow(/test gate, plain on news:\n.*lcs\.macroF1 0\.4800 is below its floor 0\.5/);
    expect(() => gate.check(gate.cases[0], () => ({ 'lcs.microF1': 0.9 }))).toThrow(/gave no such figure/);
  });

  it('checks ceilings the other way', () => {
    const gate = accuracyGate(floorsFile([{ metric: 'table.storageRatio', floor: undefined, ceiling: 0.1 }]), { name: 'test gate', datasetsDir });
    expect(() => gate.check(gate.cases[0], () => ({ 'table.storageRatio': 0.105 }))).not.toThrow();
    expect(() => gate.check(gate.cases[0], () => ({ 'table.storageRatio': 0.2 }))).toThrow(/above its ceiling/);
  });

  it('runs the harness and names its figures micro and macro', () => {
    const gate = accuracyGate(floorsFile([{ metric: 'lcs.microF1', floor: 0.5 }, { metric: 'lcs.macroF1', floor: 0.5 }, { metric: 'pageBlocks.macroF1', floor: 0.3 }]), {
      name: 'test gate',
      datasetsDir,
    });
    expect(() => gate.checkHarness(gate.cases[0], plainExtractor)).not.toThrow();
  });

  it('fails when the pages changed since the floors were measured', () => {
    const gate = accuracyGate(floorsFile([{ datasetHash: '0123456789abcdef' }]), { name: 'test gate', datasetsDir });
    expect(() => gate.check(gate.cases[0], () => ({ 'lcs.microF1': 1 }))).toThrow(/changed since the floor was measured \(hash 0123456789abcdef, now [0-9a-f]{16}\)/);
  });

  it('awaits measurements that return a promise', async () => {
    const gate = accuracyGate(floorsFile([{ floor: 0.9 }]), { name: 'test gate', datasetsDir });
    await expect(gate.check(gate.cases[0], async () => ({ 'lcs.microF1': 0.5 }))).rejects.toThrow(/below its floor/);
  });

  it('rejects a floors file without the schema, or with a metric twice', () => {
    const file = path.join(root, 'old.json');
    writeFileSync(file, JSON.stringify({ epsilon: 0.005, floors: {} }));
    expect(() => readFloorsFile(file)).toThrow(/schema undefined is not 1/);
    expect(() => readFloorsFile(floorsFile([{}, {}], 'twice.json'))).toThrow(/repeats lcs\.microF1 of plain on news/);
    expect(() => readFloorsFile(floorsFile([{ ceiling: 1 }], 'both.json'))).toThrow(/exactly one of floor and ceiling/);
  });
});

describe('update mode (WINNOW_UPDATE_FLOORS=1)', () => {
  it('raises floors to the measured figures and fills a new entry’s hash', () => {
    vi.stubEnv('WINNOW_UPDATE_FLOORS', '1');
    const file = floorsFile([{ floor: 0.5 }, { metric: 'lcs.macroF1', floor: 0.7, datasetHash: '' }]);
    const gate = accuracyGate(file, { name: 'test gate', datasetsDir });
    gate.check(gate.cases[0], () => ({ 'lcs.microF1': 0.61234, 'lcs.macroF1': 0.695 }));
    gate.save();
    const saved = readFloorsFile(file);
    expect(saved.floors.map((floor) => [floor.metric, floor.floor, floor.datasetHash])).toEqual([
      ['lcs.microF1', 0.6123, hash()],
      ['lcs.macroF1', 0.7, hash()],
    ]);
  });

  it('refuses to lower a floor: a worse figure fails and the file keeps its floor', () => {
    vi.stubEnv('WINNOW_UPDATE_FLOORS', '1');
    const file = floorsFile([{ floor: 0.8 }]);
    const before = readFileSync(file, 'utf8');
    const gate = accuracyGate(file, { name: 'test gate', datasetsDir });
    expect(() => gate.check(gate.cases[0], () => ({ 'lcs.microF1': 0.6 }))).toThrow(/an update never lowers a floor/);
    gate.save();
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('refuses to re-measure on changed pages unless the hash is cleared by hand', () => {
    vi.stubEnv('WINNOW_UPDATE_FLOORS', '1');
    const gate = accuracyGate(floorsFile([{ datasetHash: 'ffffffffffffffff' }]), { name: 'test gate', datasetsDir });
    expect(() => gate.check(gate.cases[0], () => ({ 'lcs.microF1': 1 }))).toThrow(/set its datasetHash to ""/);
  });
});

describe('missing data', () => {
  it('skips with a message naming the gate and the folder', () => {
    const gate = accuracyGate(floorsFile([{ dataset: 'absent' }]), { name: 'test gate', datasetsDir });
    const context = skipper();
    gate.check(gate.cases[0], () => ({}), context);
    expect(context.skip).toHaveBeenCalledWith(`test gate, plain on absent: no data at ${path.join(datasetsDir, 'absent')} (set DATASETS_DIR): skipped`);
  });

  it('fails under WINNOW_REQUIRE_DATASETS=1', () => {
    vi.stubEnv('WINNOW_REQUIRE_DATASETS', '1');
    const gate = accuracyGate(floorsFile([{ dataset: 'absent' }]), { name: 'test gate', datasetsDir });
    const context = skipper();
    expect(() => gate.check(gate.cases[0], () => ({}), context)).toThrow(/test gate, plain on absent: no data at .*WINNOW_REQUIRE_DATASETS=1 makes missing data a failure/);
    expect(context.skip).not.toHaveBeenCalled();
  });
});

describe('page selections', () => {
  it('keeps the first N pages of each folder, and hashes ids, bytes and gold', () => {
    const dataset = loadDataset(path.join(datasetsDir, 'news'));
    expect(firstPagesPerFolder(dataset, 2).pages.map((page) => page.id)).toEqual(['cetd/news/1', 'cetd/news/2']);
    expect(datasetHash(dataset.pages)).toMatch(/^[0-9a-f]{16}$/);
    expect(datasetHash(dataset.pages.slice(0, 2))).not.toBe(datasetHash(dataset.pages));
    expect(datasetHash([{ id: 'a', html: 'x', gold: 'y' }])).not.toBe(datasetHash([{ id: 'a', html: 'x', gold: 'z' }]));
  });
});
