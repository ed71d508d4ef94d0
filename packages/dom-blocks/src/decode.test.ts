import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeBytes, decodeHtml, looksBinary } from './decode.js';
import { WinnowError } from './errors.js';

const page = (charsetMeta: string, body: string) => `<html><head>${charsetMeta}<title>t</title></head><body><p>${body}</p></body></html>`;

describe('decodeHtml', () => {
  it.each([
    ['Shift_JIS via <meta charset>', 'shift_jis', '<meta charset="Shift_JIS">', '日本語のページです。東京タワー'],
    ['GBK via http-equiv gb2312', 'gbk', '<meta http-equiv="Content-Type" content="text/html; charset=gb2312">', '中文网页内容，简体字'],
    ['GB18030', 'gb18030', '<meta charset="gb18030">', '中文网页𠀀内容'],
    ['EUC-KR', 'euc-kr', '<meta charset="euc-kr">', '한국어 웹 페이지'],
    // windows-1258 has no precomposed ế or ộ: Vietnamese is written with base letters and combining tones.
    ['windows-1258 (Vietnamese)', 'windows-1258', '<meta charset="windows-1258">', 'Tiê\u0301ng Viê\u0323t có dâ\u0301u: Hà Nô\u0323i'],
    ['ISO-8859-1 (decoded as windows-1252)', 'latin1', '<meta charset="iso-8859-1">', 'Café crème à la française'],
  ])('%s', (_name, encoding, meta, text) => {
    const bytes = new Uint8Array(iconv.encode(page(meta, text), encoding));
    const decoded = decodeHtml(bytes);
    expect(decoded.source).toBe('meta');
    // Compare normalised: windows-1258 decodes to combining tone marks.
    expect(decoded.text.normalize('NFC')).toContain(text.normalize('NFC'));
    expect(bytes.includes(0x3f)).toBe(false); // no '?': every character was encodable
  });

  it('takes undeclared valid UTF-8 as UTF-8', () => {
    const decoded = decodeHtml(new TextEncoder().encode('<p>naïve café</p>'));
    expect(decoded).toMatchObject({ encoding: 'utf-8', source: 'utf8-valid' });
    expect(decoded.text).toContain('naïve café');
  });

  it('falls back to windows-1252 for undeclared non-UTF-8 bytes', () => {
    const decoded = decodeHtml(new Uint8Array(iconv.encode('<p>caf\u00e9 \u20ac5</p>', 'windows-1252')));
    expect(decoded).toMatchObject({ encoding: 'windows-1252', source: 'default' });
    expect(decoded.text).toContain('café €5');
  });

  it('decodes windows-1252 punctuation in 0x80–0x9F', () => {
    const bytes = new Uint8Array([0x93, 0x61, 0x94, 0x20, 0x97, 0x20, 0x80]);
    expect(decodeBytes(bytes, 'windows-1252').text).toBe('\u201ca\u201d \u2014 \u20ac');
  });

  it('lets a BOM outrank <meta>', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('<meta charset="shift_jis"><p>ü</p>')]);
    expect(decodeHtml(bytes)).toMatchObject({ encoding: 'utf-8', source: 'bom' });
  });

  it('lets the transport layer outrank <meta>', () => {
    const bytes = new Uint8Array(iconv.encode('<meta charset="utf-8"><p>日本</p>', 'shift_jis'));
    const decoded = decodeHtml(bytes, { contentType: 'text/html; charset=Shift_JIS' });
    expect(decoded.source).toBe('transport');
    expect(decoded.text).toContain('日本');
  });

  it('reads UTF-16 with a BOM', () => {
    const bytes = new Uint8Array([0xff, 0xfe, ...iconv.encode('<p>hello</p>', 'utf16le')]);
    expect(decodeHtml(bytes).text).toBe('<p>hello</p>');
  });

  it('refuses binary input with a typed error', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expect(looksBinary(png)).toBe(true);
    expect(() => decodeHtml(png)).toThrow(WinnowError);
    try {
      decodeHtml(png);
    } catch (error) {
      expect((error as WinnowError).code).toBe('BINARY_INPUT');
    }
  });
});
