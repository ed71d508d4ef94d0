import { loadDataset } from '../../eval/src/datasets.js';
import { extractWithTemplateModel, learnTemplateModel } from '../src/index.js';
const site = process.argv[2] ?? 'bbc';
const ds = loadDataset('/work/shared/datasets/cetd/' + site);
const pages = ds.pages.map((p) => ({ id: p.id, html: p.html }));
const model = learnTemplateModel(pages);
const counts = new Map<string, number>();
ds.pages.slice(0, 100).forEach((p, i) => {
  const ex = extractWithTemplateModel(model, pages[i]);
  const gold = p.gold.replace(/\s+/g, ' ');
  for (const b of ex.blocks) if (b.label === 'boilerplate' && b.text.length > 3 && gold.includes(b.text)) counts.set(b.text, (counts.get(b.text) ?? 0) + 1);
});
console.log([...counts].sort((a, b) => b[1] - a[1]).slice(0, 25));
