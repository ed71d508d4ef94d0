const { extractLargestContentBlock } = await import('/work/wt/gates/packages/title-segmenter/dist/index.js');
for (const n of [2000, 4000, 8000]) {
  const html = `<body>${'<p>sibling paragraph</p>'.repeat(n)}</body>`;
  const t = performance.now();
  extractLargestContentBlock({ id: 'x', html });
  console.log(n, Math.round(performance.now() - t), 'ms');
}
