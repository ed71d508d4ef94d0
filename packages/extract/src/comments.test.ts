import { describe, expect, it } from 'vitest';
import { COMMENTS_REASON } from './comments.js';
import { extract } from './extract.js';

const comment = (name: string, text: string) => `<li class="comment"><div class="comment-body">
  <div class="comment-author">${name} on March 3, 2024 at 9:15 am said:</div><p>${text}</p></div></li>`;

const post = ({ declared = true, head = '', wrapper = 'div' } = {}) => `<!doctype html><html><head><title>Why we moved the library to the old post office</title>
${declared ? '<meta property="og:type" content="article">' : ''}${head}</head><body>
<nav><a href="/">Home</a> <a href="/blog">Blog</a> <a href="/about">About</a></nav>
<${wrapper} class="${wrapper === 'div' ? 'post' : 'post has-comments'}">
  <p>After two years of meetings, the town council voted to move the public library into the old post office on Main Street, a building that had stood empty since the sorting office closed.</p>
  <p>The new rooms are twice the size of the old ones, with space for a children's corner, a study room and the local history archive that had been kept in boxes in the town hall basement.</p>
  <p>Work on the building starts in the spring, and the library expects to open its doors there before the end of next year, with longer opening hours on weekdays.</p>
</${wrapper}>
<div id="comments" class="comments-area"><h2>3 thoughts on this post</h2><ol class="comment-list">
${comment('Maria', 'This is wonderful news for the town. I remember queuing at that post office as a child, and it will be lovely to see the building used again, especially by the schools nearby.')}
${comment('Tom', 'Does anyone know whether the archive will be open to the public every day, or only by appointment as it was in the town hall? I would like to look at the old maps of the harbour.')}
${comment('Library staff', 'Thanks for asking, Tom. The archive will be open on weekday afternoons without an appointment, and on Saturday mornings by appointment, once the move is finished next year.')}
</ol></div>
<footer>© 2024 Town Library Friends</footer></body></html>`;

const commentTexts = ['This is wonderful news', 'Does anyone know whether', 'Thanks for asking, Tom'];
const blockOf = (result: ReturnType<typeof extract>, start: string) => result.blocks.find((candidate) => candidate.text.startsWith(start))!;

describe('the comments under an article', () => {
  it('are left out with their reason on a page that declares one article, and kept with `comments: true`', () => {
    const kept = extract({ id: 'library', html: post() }, { comments: true });
    for (const text of commentTexts) expect(blockOf(kept, text).label).toBe('content');
    const result = extract({ id: 'library', html: post() });
    for (const text of commentTexts) expect(blockOf(result, text)).toMatchObject({ label: 'boilerplate', reason: COMMENTS_REASON });
    expect(blockOf(result, 'After two years of meetings').label).toBe('content');
    expect(result.text).not.toContain('wonderful news');
    expect(result.markdown).not.toContain('wonderful news');
  });

  it('stay on a page that declares a discussion, on a page that declares no article, and when the body starts inside a block named for comments', () => {
    const forum = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"Library move"}</script>';
    for (const html of [post({ head: forum }), post({ declared: false }), post({ wrapper: 'section' })]) {
      const result = extract({ id: 'library', html });
      expect(result.blocks.some((candidate) => candidate.reason === COMMENTS_REASON)).toBe(false);
      expect(result.text).toBe(extract({ id: 'library', html }, { comments: true }).text);
    }
  });
});
