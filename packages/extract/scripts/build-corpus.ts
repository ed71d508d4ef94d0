import { loadCorpus } from './corpus.js';
const pages = loadCorpus(true);
console.log(`${pages.length} pages, ${pages.reduce((sum, page) => sum + page.labels.length, 0)} units`);
