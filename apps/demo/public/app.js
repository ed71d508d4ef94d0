// The demo page: plain browser JavaScript, no build step. Talks to GET /api/algorithms and POST /api/extract.
const $ = (selector, root = document) => root.querySelector(selector);

const state = { files: [], target: 0, limits: null };

const elements = {
  drop: $('#drop'),
  files: $('#files'),
  paste: $('#paste'),
  url: $('#url'),
  urlBox: $('#url-box'),
  pagesBox: $('#pages-box'),
  pages: $('#pages'),
  algoA: $('#algo-a'),
  algoB: $('#algo-b'),
  format: $('#format'),
  run: $('#run'),
  status: $('#status'),
  limits: $('#limits'),
  results: $('#results'),
  template: $('#result-template'),
  figureTemplate: $('#figure-template'),
  figure: $('#figure'),
  figureBox: $('#figure-box'),
};

function formatBytes(bytes) {
  return bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

function setStatus(text, isError = false) {
  elements.status.textContent = text;
  elements.status.classList.toggle('error', isError);
}

/** The pages in the order the server numbers them: files, then pasted HTML, then the URL. */
function pageList() {
  const list = state.files.map((file) => ({ name: file.name, detail: formatBytes(file.size), file }));
  if (elements.paste.value.trim()) list.push({ name: 'pasted.html', detail: 'pasted' });
  if (!elements.urlBox.hidden && elements.url.value.trim()) list.push({ name: elements.url.value.trim(), detail: 'URL' });
  return list;
}

function renderPages() {
  const list = pageList();
  if (state.target >= list.length) state.target = 0;
  elements.pages.replaceChildren(
    ...list.map((page, index) => {
      const item = document.createElement('li');
      const label = document.createElement('label');
      const radio = document.createElement('input');
      radio.type = 'radio';
      radio.name = 'target';
      radio.value = String(index);
      radio.checked = index === state.target;
      radio.addEventListener('change', () => (state.target = index));
      label.append(radio, `${page.name} `);
      const detail = document.createElement('span');
      detail.className = 'hint';
      detail.textContent = page.detail;
      label.append(detail);
      item.append(label);
      if (page.file) {
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.title = `Remove ${page.name}`;
        remove.textContent = '×';
        remove.addEventListener('click', () => {
          state.files = state.files.filter((file) => file !== page.file);
          renderPages();
        });
        item.append(remove);
      }
      return item;
    }),
  );
  elements.pagesBox.hidden = list.length === 0;
  elements.run.disabled = list.length === 0;
}

function addFiles(fileList) {
  const max = state.limits?.maxPages ?? 20;
  for (const file of fileList) {
    if (state.files.length >= max) {
      setStatus(`At most ${max} pages per run: ${file.name} left out.`, true);
      break;
    }
    state.files.push(file);
  }
  renderPages();
}

function option(value, text) {
  const element = document.createElement('option');
  element.value = value;
  element.textContent = text;
  return element;
}

function fillAlgorithms(algorithms) {
  const groups = [
    ['page', 'One page at a time'],
    ['site', 'Learn from the other pages of the site'],
  ];
  for (const select of [elements.algoA, elements.algoB]) {
    if (select === elements.algoB) select.append(option('', '— none —'));
    for (const [kind, title] of groups) {
      const group = document.createElement('optgroup');
      group.label = title;
      for (const algorithm of algorithms.filter((candidate) => candidate.kind === kind)) {
        const element = option(algorithm.name, algorithm.peer ? `${algorithm.name} (peer)` : algorithm.name);
        element.title = algorithm.description;
        group.append(element);
      }
      if (group.children.length) select.append(group);
    }
  }
  const names = algorithms.map((algorithm) => algorithm.name);
  elements.algoA.value = names[0] ?? '';
  elements.algoB.value = '';
  state.algorithms = algorithms;
}

async function init() {
  try {
    const response = await fetch('/api/algorithms');
    const data = await response.json();
    state.limits = data.limits;
    fillAlgorithms(data.algorithms);
    elements.urlBox.hidden = !data.allowUrlFetch;
    state.figures = data.figures ?? [];
    for (const figure of state.figures) {
      const element = option(figure.name, figure.name);
      element.title = figure.description;
      elements.figure.append(element);
    }
    elements.figureBox.hidden = state.figures.length === 0;
    elements.limits.textContent = `Limits: ${data.limits.maxPages} pages of at most ${formatBytes(data.limits.maxPageBytes)} each; ${data.limits.maxAlgorithms} algorithms side by side.`;
    document.body.dataset.ready = 'true';
  } catch (error) {
    setStatus(`Could not reach the server: ${error.message}`, true);
  }
}

/** How the page's metadata fields are named on the page. */
const METADATA_NAMES = { title: 'Title', author: 'Author', published: 'Published', language: 'Language', canonicalUrl: 'Canonical URL', siteName: 'Site', description: 'Description' };

function showRun(run, format) {
  const node = elements.template.content.firstElementChild.cloneNode(true);
  node.dataset.algorithm = run.algorithm;
  const algorithm = state.algorithms.find((candidate) => candidate.name === run.algorithm);
  $('.algo', node).textContent = `${run.algorithm}${run.kind === 'site' ? ' (site)' : ''}`;
  $('.description', node).textContent = algorithm?.description ?? '';
  const timings = [`extract ${run.timings.extractMs} ms`];
  if (run.timings.learnMs !== null) timings.unshift(`learn ${run.timings.learnMs} ms on ${run.trainPages.length} page${run.trainPages.length === 1 ? '' : 's'}`);
  $('.timing', node).textContent = timings.join(' + ');
  $('.counts', node).textContent = run.highlight
    ? `${run.highlight.kept} blocks kept, ${run.highlight.removed} greyed`
    : `${run.counts.content} kept, ${run.counts.boilerplate} removed`;
  $('.mode', node).textContent = run.highlight ? (run.highlight.mode === 'line' ? 'marked by source line' : 'marked by block') : '';
  $('.notes', node).replaceChildren(...run.notes.map((note) => Object.assign(document.createElement('li'), { textContent: note })));
  if (run.error) {
    const error = $('.error', node);
    error.hidden = false;
    error.textContent = `${run.error.code}: ${run.error.message}`;
  }
  const fields = Object.entries(run.metadata ?? {}).filter(([, value]) => value);
  if (fields.length) {
    const metadata = $('.metadata', node);
    metadata.hidden = false;
    metadata.replaceChildren(
      ...fields.flatMap(([name, value]) => [
        Object.assign(document.createElement('dt'), { textContent: METADATA_NAMES[name] ?? name }),
        Object.assign(document.createElement('dd'), { textContent: String(value), title: String(value) }),
      ]),
    );
  }
  const frame = $('.page-view', node);
  if (run.highlight) frame.srcdoc = run.highlight.html;
  else frame.remove();
  $('.output', node).textContent = (format === 'markdown' ? run.markdown : run.text) || '(nothing kept)';
  if (run.model) {
    const model = $('.model', node);
    model.hidden = false;
    $('pre', model).textContent = run.model.json;
    if (run.model.truncated) $('summary', model).textContent = 'What was learned (truncated)';
  }
  const removed = run.blocks.filter((block) => block.label === 'boilerplate').length;
  $('.blocks summary', node).textContent = `Blocks (${run.blocks.length}, ${removed} removed): why each was kept or removed`;
  $('.blocks tbody', node).replaceChildren(
    ...run.blocks.slice(0, 500).map((block) => {
      const row = document.createElement('tr');
      row.className = block.label;
      for (const value of [block.order, block.label, block.tag, block.reason, block.text]) {
        row.append(Object.assign(document.createElement('td'), { textContent: String(value) }));
      }
      return row;
    }),
  );
  return node;
}

function showFigure(figure) {
  const node = elements.figureTemplate.content.firstElementChild.cloneNode(true);
  node.dataset.figure = figure.name;
  $('.algo', node).textContent = figure.name;
  $('.description', node).textContent = state.figures.find((candidate) => candidate.name === figure.name)?.description ?? '';
  $('.timing', node).textContent = `drawn in ${figure.ms} ms`;
  $('.notes', node).replaceChildren(...figure.notes.map((note) => Object.assign(document.createElement('li'), { textContent: note })));
  if (figure.error) {
    const error = $('.error', node);
    error.hidden = false;
    error.textContent = `${figure.error.code}: ${figure.error.message}`;
  }
  const image = $('img', node);
  if (figure.image) image.src = figure.image;
  else image.remove();
  return node;
}

function showAll(data) {
  const nodes = data.runs.map((result) => showRun(result, elements.format.value));
  if (data.figure) nodes.push(showFigure(data.figure));
  elements.results.replaceChildren(...nodes);
}

async function run() {
  const form = new FormData();
  for (const file of state.files) form.append('page', file, file.name);
  if (elements.paste.value.trim()) form.append('html', elements.paste.value);
  if (!elements.urlBox.hidden && elements.url.value.trim()) form.append('url', elements.url.value.trim());
  for (const name of new Set([elements.algoA.value, elements.algoB.value].filter(Boolean))) form.append('algorithm', name);
  form.append('target', String(state.target));
  if (elements.figure.value) form.append('figure', elements.figure.value);
  elements.run.disabled = true;
  setStatus('Extracting…');
  const started = performance.now();
  try {
    const response = await fetch('/api/extract', { method: 'POST', body: form });
    const data = await response.json().catch(() => ({ error: { code: 'BAD_RESPONSE', message: `HTTP ${response.status}` } }));
    if (!response.ok) {
      setStatus(`${data.error.code}: ${data.error.message}`, true);
      return;
    }
    showAll(data);
    elements.results.dataset.target = data.target.name;
    setStatus(`${data.target.name} (${formatBytes(data.target.bytes)}) in ${Math.round(performance.now() - started)} ms round trip.`);
    state.lastRun = data;
  } catch (error) {
    setStatus(`The request failed: ${error.message}`, true);
  } finally {
    elements.run.disabled = pageList().length === 0;
  }
}

elements.files.addEventListener('change', () => {
  addFiles(elements.files.files);
  elements.files.value = '';
});
elements.drop.addEventListener('dragover', (event) => {
  event.preventDefault();
  elements.drop.classList.add('over');
});
elements.drop.addEventListener('dragleave', () => elements.drop.classList.remove('over'));
elements.drop.addEventListener('drop', (event) => {
  event.preventDefault();
  elements.drop.classList.remove('over');
  addFiles(event.dataTransfer.files);
});
elements.paste.addEventListener('input', renderPages);
elements.url.addEventListener('input', renderPages);
elements.run.addEventListener('click', run);
elements.format.addEventListener('change', () => {
  if (state.lastRun) showAll(state.lastRun);
});

init();
