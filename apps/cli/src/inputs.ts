import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { WinnowError, type Page } from '@winnow/dom-blocks';
import { compareNames } from '@winnow/eval';

/** File names the CLI reads as HTML pages when given a folder. */
export const HTML_FILE = /\.(html?|xhtml)$/i;

/** Reads all of standard input as bytes. */
export async function readStdin(stream: NodeJS.ReadableStream = process.stdin): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return new Uint8Array(Buffer.concat(chunks));
}

/** The HTML files of a folder and its sub-folders, in name order (paths relative to the folder sort). */
export function listHtmlFiles(folder: string): string[] {
  const files: string[] = [];
  const pending = [folder];
  while (pending.length) {
    const directory = pending.pop() as string;
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (HTML_FILE.test(entry.name)) files.push(full);
    }
  }
  return files.sort((a, b) => compareNames(path.relative(folder, a), path.relative(folder, b)));
}

export interface PageInput {
  /** Pages in name order. */
  pages: Page[];
  /** True when the input was a folder (or several files). */
  many: boolean;
  /** The folder the pages came from, when there was one. */
  folder?: string;
}

function readPage(file: string): Page {
  try {
    return { id: file, html: new Uint8Array(readFileSync(file)) };
  } catch (cause) {
    throw new WinnowError('UNREADABLE_INPUT', `Cannot read ${file}: ${(cause as Error).message}`, { cause });
  }
}

/**
 * Resolves the CLI's page arguments: `-` (standard input), files, or folders (every HTML file inside).
 */
export async function readPages(inputs: readonly string[], stdin?: NodeJS.ReadableStream): Promise<PageInput> {
  if (inputs.length === 0) throw new WinnowError('UNREADABLE_INPUT', 'No input: give a file, a folder, or - for standard input.');
  const pages: Page[] = [];
  let folder: string | undefined;
  for (const input of inputs) {
    if (input === '-') {
      pages.push({ id: 'stdin', html: await readStdin(stdin) });
      continue;
    }
    if (!existsSync(input)) throw new WinnowError('UNREADABLE_INPUT', `No such file or folder: ${input}`);
    if (statSync(input).isDirectory()) {
      const files = listHtmlFiles(input);
      if (files.length === 0) throw new WinnowError('UNREADABLE_INPUT', `${input} holds no .html or .htm files.`);
      folder ??= input;
      for (const file of files) pages.push(readPage(file));
    } else {
      pages.push(readPage(input));
    }
  }
  return { pages, many: pages.length > 1 || folder !== undefined, folder };
}
